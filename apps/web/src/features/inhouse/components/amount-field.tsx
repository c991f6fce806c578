import { useTranslation } from '../../../i18n/react';

const CHIPS = ['1.00', '5.00', '10.00', '50.00'];

/** The bet amount: typed, or one of the quick chips. */
export function AmountField(p: {
  value: string;
  onChange: (v: string) => void;
  min: string;
  invalid: boolean;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <label className="ih-amount">
        {t('inhouse.amount', { min: p.min })}
        <input
          inputMode="decimal"
          value={p.value}
          onChange={(e) => p.onChange(e.target.value.trim())}
          aria-invalid={p.invalid}
          disabled={p.disabled}
          data-testid="bet-amount"
        />
      </label>
      <div className="ih-chips" role="group" aria-label={t('inhouse.chips')}>
        {CHIPS.map((c) => (
          <button
            key={c}
            type="button"
            onClick={() => p.onChange(c)}
            aria-pressed={p.value === c}
            disabled={p.disabled}
          >
            {c}
          </button>
        ))}
      </div>
    </>
  );
}
