import { useTranslation } from 'react-i18next';
import { useSite } from '../../../app/site';

export function HomeScreen() {
  const { bundle } = useSite();
  const { t } = useTranslation();
  return (
    <main data-testid="home-screen">
      <h1>{bundle.site.name}</h1>
      <p>{t('common.loading')}</p>
    </main>
  );
}
