import { useId } from 'react';
import { useTranslation } from '../../../i18n/react';
import { LOTTERY_MAX_UNITS } from '@panalo/contract/lottery-constants';
import { formatMoney } from '../../../lib/format';
import { CHIPS, type CheckedSlip } from '../rules/bet-slip';

export interface SlipSettings {
  amount: string;
  units: number;
  follow: number;
}

function Stepper({
  label,
  value,
  min,
  max,
  onChange,
  testId,
}: {
  label: string;
  value: number;
  min: number;
  max: number;
  onChange: (n: number) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const clamp = (n: number) => Math.min(max, Math.max(min, Number.isFinite(n) ? Math.trunc(n) : min));
  return (
    <div className="lott-stepper">
      <label htmlFor={id}>{label}</label>
      <button
        type="button"
        aria-label={t('lottery.slip.less', { what: label })}
        onClick={() => onChange(clamp(value - 1))}
        disabled={value <= min}
      >
        −
      </button>
      <input
        id={id}
        inputMode="numeric"
        value={String(value)}
        onChange={(e) => onChange(clamp(Number(e.target.value.replace(/\D/g, '') || min)))}
        data-testid={testId}
      />
      <button
        type="button"
        aria-label={t('lottery.slip.more', { what: label })}
        onClick={() => onChange(clamp(value + 1))}
        disabled={value >= max}
      >
        +
      </button>
    </div>
  );
}

/** Stake per bet (chips or typed), multiplier, follow periods, the total and the bet button. */
export function SlipBar({
  settings,
  onChange,
  maxFollow,
  count,
  order,
  disabled,
  onClear,
  onSubmit,
}: {
  settings: SlipSettings;
  onChange: (s: SlipSettings) => void;
  maxFollow: number;
  /** Selections on the slip. */
  count: number;
  order: CheckedSlip | null;
  disabled: boolean;
  onClear: () => void;
  onSubmit: () => void;
}) {
  const { t } = useTranslation();
  const amountId = useId();
  return (
    <section className="lott-slip" aria-label={t('lottery.slip.label')} data-testid="bet-slip">
      <div className="lott-slip__amount">
        <label htmlFor={amountId}>{t('lottery.slip.amount')}</label>
        <input
          id={amountId}
          inputMode="decimal"
          autoComplete="off"
          value={settings.amount}
          onChange={(e) => onChange({ ...settings, amount: e.target.value.trim() })}
          data-testid="bet-amount"
        />
      </div>
      <div className="lott-chips" role="group" aria-label={t('lottery.slip.chips')}>
        {CHIPS.map((c) => (
          <button
            key={c}
            type="button"
            aria-pressed={settings.amount === c}
            onClick={() => onChange({ ...settings, amount: c })}
            data-testid={`chip-${c}`}
          >
            {formatMoney(c).replace(/\.00$/, '')}
          </button>
        ))}
      </div>
      <div className="lott-row">
        <Stepper
          label={t('lottery.slip.units')}
          value={settings.units}
          min={1}
          max={LOTTERY_MAX_UNITS}
          onChange={(units) => onChange({ ...settings, units })}
          testId="bet-units"
        />
        <Stepper
          label={t('lottery.slip.follow')}
          value={settings.follow}
          min={1}
          max={Math.max(1, maxFollow)}
          onChange={(follow) => onChange({ ...settings, follow })}
          testId="bet-follow"
        />
      </div>
      <div className="lott-slip__foot">
        <p className="lott-slip__total" aria-live="polite" data-testid="slip-total">
          {t('lottery.slip.summary', { count, total: order ? formatMoney(order.total) : '—' })}
        </p>
        <button
          type="button"
          className="btn btn--ghost"
          onClick={onClear}
          disabled={count === 0 || disabled}
          data-testid="slip-clear"
        >
          {t('lottery.slip.clear')}
        </button>
        <button
          type="button"
          className="btn btn--primary"
          onClick={onSubmit}
          disabled={disabled}
          data-testid="slip-submit"
        >
          {t('lottery.slip.submit')}
        </button>
      </div>
    </section>
  );
}
