import { useTranslation } from 'react-i18next';
import type { LotteryKind } from '../rules/results';
import type { LotteryBet } from '@panalo/contract/lottery';
import { formatMoney } from '../../../lib/format';
import { useBetText } from './use-bet-text';

/** The member's bets on this game, newest first: period, bet, stake, and the outcome once settled. */
export function MyBets({
  kind,
  bets,
  state,
  currentNumero,
  onRetry,
}: {
  kind: LotteryKind;
  bets: readonly LotteryBet[] | undefined;
  state: 'visitor' | 'loading' | 'error' | 'ready';
  currentNumero: string;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  const text = useBetText();
  if (state === 'visitor') return <p className="lott-muted">{t('lottery.myBets.visitor')}</p>;
  if (state === 'loading')
    return (
      <p className="lott-muted" aria-busy="true">
        {t('lottery.loading')}
      </p>
    );
  if (state === 'error')
    return (
      <p className="lott-muted" role="alert">
        {t('lottery.myBets.loadFailed')}{' '}
        <button type="button" className="lott-link" onClick={onRetry}>
          {t('lottery.retry')}
        </button>
      </p>
    );
  if (!bets || bets.length === 0)
    return (
      <p className="lott-muted" data-testid="my-bets-empty">
        {t('lottery.myBets.empty')}
      </p>
    );
  return (
    <ul className="lott-list" data-testid="my-bets">
      {bets.map((b) => (
        <li key={b.id} className="lott-list__row" data-testid={`my-bet-${b.id}`} data-status={b.status}>
          <span className="lott-list__main">
            <span>
              {text.betTypeOf(kind, b.betType)} · <strong>{text.selection(b.selection)}</strong>
            </span>
            <span className="lott-muted">
              {t(b.numero === currentNumero ? 'lottery.myBets.thisPeriod' : 'lottery.myBets.period', {
                numero: b.numero,
              })}
            </span>
          </span>
          <span className="lott-list__side">
            <span>{t('lottery.myBets.stake', { amount: formatMoney(b.stake) })}</span>
            <span className={`lott-status lott-status--${b.status}`} data-testid="bet-status">
              {b.status === 'won'
                ? t('lottery.myBets.won', { amount: formatMoney(b.payout) })
                : t(`lottery.myBets.status.${b.status}`)}
            </span>
          </span>
        </li>
      ))}
    </ul>
  );
}
