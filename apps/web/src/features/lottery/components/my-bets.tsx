import { useTranslation } from '../../../i18n/react';
import type { LotteryKind } from '../rules/results';
import type { LotteryBet } from '@panalo/contract/lottery';
import { ConfirmDialog } from '../../../app/layout/confirm-dialog';
import { formatMoney } from '../../../lib/format';
import type { SuborderCancel } from '../hooks/use-cancel-suborder';
import { useBetText } from './use-bet-text';

/**
 * The member's bets on this game, newest first: period, bet, stake, and the outcome once settled. A period
 * of an order that can still be cancelled offers it once, on the first of its bets (WALLET-009).
 */
export function MyBets({
  kind,
  bets,
  state,
  currentNumero,
  onRetry,
  cancel,
}: {
  kind: LotteryKind;
  bets: readonly LotteryBet[] | undefined;
  state: 'visitor' | 'loading' | 'error' | 'ready';
  currentNumero: string;
  onRetry: () => void;
  cancel?: SuborderCancel;
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
  const offered = new Set<string>();
  return (
    <>
      {cancel?.problem && (
        <p className="lott-error" role="alert" data-testid="cancel-error">
          {cancel.problem}
        </p>
      )}
      <ul className="lott-list" data-testid="my-bets">
        {bets.map((b) => {
          const group = `${b.orderId}/${b.numero}`;
          // Only a bet still waiting for its draw: the two lists reload apart after a cancel, and the
          // orders may still call a period cancellable that this list already shows cancelled.
          const suborder =
            b.status !== 'accepted' || offered.has(group)
              ? undefined
              : cancel?.cancellableOf(b.orderId, b.numero);
          if (suborder) offered.add(group);
          return (
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
                {cancel && suborder && (
                  <button
                    type="button"
                    className="lott-cancel"
                    aria-label={t('lottery.myBets.cancel.label', { numero: b.numero })}
                    disabled={cancel.busy}
                    onClick={() => cancel.ask(b.orderId, suborder)}
                    data-testid={`cancel-period-${b.orderId}-${b.numero}`}
                  >
                    {t('lottery.myBets.cancel.action')}
                  </button>
                )}
              </span>
            </li>
          );
        })}
      </ul>
      {cancel && (
        <ConfirmDialog
          open={cancel.asking !== null}
          title={t('lottery.myBets.cancel.title', { numero: cancel.asking?.suborder.numero ?? '' })}
          body={t('lottery.myBets.cancel.body', {
            amount: formatMoney(cancel.asking?.suborder.stake ?? '0.00'),
          })}
          okLabel={t('lottery.myBets.cancel.ok')}
          cancelLabel={t('lottery.myBets.cancel.keep')}
          onOk={cancel.confirm}
          onCancel={cancel.dismiss}
          testId="cancel-period-dialog"
        />
      )}
    </>
  );
}
