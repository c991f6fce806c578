import { useId } from 'react';
import { useTranslation } from '../../../i18n/react';
import { Overlay } from '../../../app/layout/overlay';
import { formatMoney } from '../../../lib/format';
import type { CheckedSlip } from '../rules/bet-slip';
import { useBetText } from './use-bet-text';

/** The order before it is sent: game, period, follow periods, every bet, and the total to debit. */
export function ConfirmSheet({
  open,
  gameName,
  numero,
  follow,
  order,
  busy,
  problem,
  betTypeName,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  gameName: string;
  numero: string;
  follow: number;
  order: CheckedSlip | null;
  busy: boolean;
  problem: string | null;
  betTypeName: (betType: string) => string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const text = useBetText();
  const titleId = useId();
  if (!order) return null;
  const stake = formatMoney(order.items[0]?.amount ?? '0');
  return (
    <Overlay
      open={open}
      onClose={busy ? () => undefined : onCancel}
      variant="sheet"
      labelledBy={titleId}
      testId="bet-confirm"
    >
      <div className="lott-confirm">
        <h2 id={titleId}>{t('lottery.confirm.title')}</h2>
        <p>{t('lottery.confirm.game', { game: gameName, numero })}</p>
        {follow > 1 && <p data-testid="confirm-follow">{t('lottery.confirm.follow', { count: follow })}</p>}
        <ul className="lott-confirm__items">
          {order.items.map((i) => (
            <li key={`${i.betType}/${i.selection}`}>
              <span>
                {betTypeName(i.betType)} · {text.selection(i.selection)}
              </span>
              <span>
                {stake} × {i.units ?? 1}
              </span>
            </li>
          ))}
        </ul>
        <p className="lott-confirm__total" data-testid="confirm-total">
          {t('lottery.confirm.total', { total: formatMoney(order.total) })}
        </p>
        {problem && (
          <p className="lott-error" role="alert" data-testid="bet-error">
            {problem}
          </p>
        )}
        <div className="lott-row lott-row--end">
          <button type="button" className="btn btn--ghost" onClick={onCancel} disabled={busy} data-autofocus>
            {t('lottery.confirm.cancel')}
          </button>
          <button
            type="button"
            className="btn btn--primary"
            onClick={onConfirm}
            disabled={busy}
            data-testid="confirm-ok"
          >
            {busy ? t('lottery.confirm.sending') : t('lottery.confirm.ok')}
          </button>
        </div>
      </div>
    </Overlay>
  );
}
