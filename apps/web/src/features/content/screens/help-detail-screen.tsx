import { useTranslation } from '../../../i18n/react';
import { Link, useSearchParams } from 'react-router';
import { useHelpItems } from '../api/get-help';
import { ContentEmpty, ContentError, ContentLoading } from '../components/content-states';
import { SafeHtml } from '../../../components/ui/safe-html';
import { findHelpItem } from '../lib/help-index';
import '../content.css';

/** /m/helpDetail?i=N (or ?id=): one help article, full width, with a way back to the list. */
export function HelpDetailScreen() {
  const { t } = useTranslation();
  const help = useHelpItems();
  const [params] = useSearchParams();

  if (help.isPending) return <ContentLoading />;
  const found = help.data ? findHelpItem(help.data, params) : null;
  const back = (
    <Link
      className="content-back"
      to={found ? `/m/help?i=${found.index}` : '/m/help'}
      data-testid="help-detail-back"
    >
      <span aria-hidden="true">‹</span>
      {t('content.help.back')}
    </Link>
  );
  return (
    <main className="content-page help-detail" data-testid="help-detail-screen">
      {back}
      {help.isError && !help.data ? (
        <ContentError error={help.error} onRetry={() => void help.refetch()} />
      ) : found ? (
        <article>
          <h1 className="content-title">{found.item.title}</h1>
          <SafeHtml html={found.item.content} testId="help-detail-content" />
        </article>
      ) : (
        <ContentEmpty text={t('content.help.notFound')} testId="help-detail-missing" />
      )}
    </main>
  );
}
