import { useEffect, useRef } from 'react';
import { useTranslation } from '../../i18n/react';

export interface LoadMoreProps {
  hasMore: boolean;
  loading: boolean;
  onMore: () => void;
}

/** Spec §9: the next page is asked for when the end of the list comes within 500 px. */
const TRIGGER_PX = 500;

/**
 * The end of a paged list: a "Load more" button (always usable, by keyboard too) that also fires by
 * itself when scrolled near (infinite scroll where IntersectionObserver exists).
 */
export function LoadMore({ hasMore, loading, onMore }: LoadMoreProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const more = useRef(onMore);
  useEffect(() => {
    more.current = onMore;
  });
  useEffect(() => {
    const el = ref.current;
    if (!el || !hasMore || loading || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver(
      (entries) => entries.some((e) => e.isIntersecting) && more.current(),
      {
        rootMargin: `0px 0px ${TRIGGER_PX}px 0px`,
      },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [hasMore, loading]);

  if (!hasMore) {
    return (
      <p className="ui-end" data-testid="ui-end">
        {t('common.list.end')}
      </p>
    );
  }
  return (
    <div ref={ref} className="ui-more">
      <button
        type="button"
        className="btn ui-more__btn"
        // aria-disabled, not disabled: a disabled button would drop the keyboard focus while loading.
        onClick={loading ? undefined : onMore}
        aria-disabled={loading}
        aria-busy={loading}
        data-testid="ui-load-more"
      >
        {loading ? t('common.loading') : t('common.list.more')}
      </button>
    </div>
  );
}
