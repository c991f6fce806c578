import { Page } from '../../../components/ui/page';
import { EmptyState, LoadError, LoadingState } from '../../../components/ui/states';
import { useTranslation } from '../../../i18n/react';
import { usePublishedLiabilities } from '../api/get-published';
import { MyBalance } from '../components/my-balance';
import { Publication } from '../components/publication';
import '../liabilities.css';

/**
 * /m/liabilities: what the proof of liabilities is, the merchant's latest publication (day, total,
 * members, root) and, for a signed-in member, the check of their own balance in the browser.
 */
export function LiabilitiesScreen() {
  const { t } = useTranslation();
  const published = usePublishedLiabilities();
  let latest;
  if (published.isPending) latest = <LoadingState testId="liabilities-loading" />;
  else if (published.isError)
    latest = (
      <LoadError
        error={published.error}
        onRetry={() => void published.refetch()}
        testId="liabilities-error"
        retryTestId="liabilities-retry"
      />
    );
  else if (published.data === null)
    latest = <EmptyState text={t('liabilities.empty')} testId="liabilities-empty" />;
  else latest = <Publication published={published.data} />;

  return (
    <Page title={t('liabilities.title')} testId="liabilities-screen">
      <p className="liab-intro">{t('liabilities.intro')}</p>
      <section className="liab-section" aria-labelledby="liab-latest-title">
        <h2 id="liab-latest-title" className="liab-section__title">
          {t('liabilities.latest.title')}
        </h2>
        {latest}
      </section>
      {published.data && <MyBalance published={published.data} />}
    </Page>
  );
}
