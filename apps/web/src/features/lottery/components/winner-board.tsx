import { useTranslation } from '../../../i18n/react';
import type { WinnerEntry } from '@panalo/contract/lottery';
import { formatMoney } from '../../../lib/format';
import { sortWinners } from '../rules/results';

/** Recent winners, highest win first (GAMES-057); user names come masked from the server. */
export function WinnerBoard({
  winners,
  state,
}: {
  winners: readonly WinnerEntry[] | undefined;
  state: 'loading' | 'error' | 'ready';
}) {
  const { t } = useTranslation();
  if (state === 'loading')
    return (
      <p className="lott-muted" aria-busy="true">
        {t('lottery.loading')}
      </p>
    );
  if (state === 'error')
    return (
      <p className="lott-muted" role="alert">
        {t('lottery.winners.loadFailed')}
      </p>
    );
  if (!winners || winners.length === 0) return <p className="lott-muted">{t('lottery.winners.empty')}</p>;
  return (
    <ol className="lott-list" data-testid="winners">
      {sortWinners(winners).map((w, i) => (
        <li key={`${w.vo.userName}/${w.vo.numero}/${i}`} className="lott-list__row" data-testid="winner">
          <span className="lott-list__main">
            <strong>{w.vo.userName}</strong>
            <span className="lott-muted">
              {w.vo.remark} · {t('lottery.period.numero', { numero: w.vo.numero })}
            </span>
          </span>
          <span className="lott-win" data-testid="winner-amount">
            {formatMoney(w.vo.winAmount)}
          </span>
        </li>
      ))}
    </ol>
  );
}
