import { useTranslation } from '../../../i18n/react';
import { EmptyState, LoadError, LoadingState } from '../../../components/ui/states';

// The kit's states in the content pages' look (content.css: `content-state`, a taller box).

/** While a content list or page loads. */
export function ContentLoading({ testId = 'content-loading' }: { testId?: string }) {
  return <LoadingState block="content-state" testId={testId} />;
}

/** A failed load: the reason (else "this content could not be loaded"), and a retry that asks again. */
export function ContentError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <LoadError
      error={error}
      onRetry={onRetry}
      fallback={t('content.loadError')}
      block="content-state"
      testId="content-error"
      retryTestId={null}
    />
  );
}

/** Nothing to show. */
export function ContentEmpty({ text, testId }: { text: string; testId: string }) {
  return <EmptyState text={text} block="content-state" testId={testId} />;
}
