import { useTranslation } from '../../../i18n/react';
import { useSite } from '../../../app/site';
import { formatCurrency } from '../../../lib/format';
import { useRecentWins } from '../api/get-recent-wins';
import { agoKey, agoOf } from '../rules/recent-wins';
import type { ReactNode } from 'react';
import { SectionError, Skeleton } from './section-state';

/** The recent-wins section with its title; the list (or its state) goes inside. */
function RecentWinsFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section className="recent-wins" aria-labelledby="home-wins-title" data-testid="recent-wins">
      <h2 id="home-wins-title" className="home-section-title">
        {t('home.wins.title')}
      </h2>
      {children}
    </section>
  );
}

/** The section while its list loads. */
function RecentWinsLoading() {
  return (
    <RecentWinsFrame>
      <Skeleton className="recent-wins--skeleton" testId="recent-wins-loading" />
    </RecentWinsFrame>
  );
}

/**
 * Home's recent wins (issue 49 item 6): the site's newest real-money wins as the server counted them
 * (games and lottery, names masked), newest first, with how long ago. Read again every minute; the list
 * is not a live region, so a screen reader is not interrupted by it.
 */
export function RecentWinsFeed() {
  const { t } = useTranslation();
  const currency = useSite().bundle.site.currency;
  const q = useRecentWins();
  // Counted from when the list was read (it is read again every minute), so rendering stays pure.
  const now = q.dataUpdatedAt;
  if (q.isPending) return <RecentWinsLoading />;
  return (
    <RecentWinsFrame>
      {!q.data ? (
        <SectionError testId="recent-wins-error" onRetry={() => void q.refetch()} />
      ) : q.data.length === 0 ? (
        <p className="recent-wins__empty" data-testid="recent-wins-empty">
          {t('home.winsFeed.empty')}
        </p>
      ) : (
        <ol className="recent-wins__list">
          {q.data.map((w, i) => {
            const ago = agoOf(w.at, now);
            return (
              <li key={`${w.at}/${w.userName}/${i}`} className="recent-wins__row" data-testid="recent-win">
                <span className="recent-wins__who">
                  <strong className="recent-wins__user">{w.userName}</strong>
                  <span className="recent-wins__game">{w.game}</span>
                </span>
                <span className="recent-wins__what">
                  <span className="recent-wins__amount" data-testid="recent-win-amount">
                    <span className="visually-hidden">{t('home.winsFeed.won')} </span>
                    {formatCurrency(w.winAmount, currency)}
                  </span>
                  <time className="recent-wins__ago" dateTime={w.at}>
                    {ago.unit === 'now' ? t('home.winsFeed.justNow') : t(agoKey(ago), { count: ago.count })}
                  </time>
                </span>
              </li>
            );
          })}
        </ol>
      )}
    </RecentWinsFrame>
  );
}

export default RecentWinsFeed;
