import { useTranslation } from '../../../i18n/react';
import { useContentPage } from '../api/get-page';
import { ContentError, ContentLoading } from '../components/content-states';
import { SafeHtml } from '../../../components/ui/safe-html';
import '../content.css';

/** /m/useragreement: the merchant's user agreement in the current language. */
export function UserAgreementScreen() {
  const { t } = useTranslation();
  const page = useContentPage('useragreement');
  return (
    <main className="content-page agreement" data-testid="agreement-screen">
      <h1 className="content-title">{page.data?.title ?? t('content.agreement.title')}</h1>
      {page.isPending ? (
        <ContentLoading />
      ) : page.isError && !page.data ? (
        <ContentError error={page.error} onRetry={() => void page.refetch()} />
      ) : page.data ? (
        <SafeHtml html={page.data.content} testId="agreement-content" />
      ) : null}
    </main>
  );
}
