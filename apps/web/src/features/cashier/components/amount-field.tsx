import { forwardRef, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n/react';
import { useCashierText } from '../hooks/use-cashier-text';
import { Field } from './field';

interface AmountFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The live validation message, null when the amount passes (or before the member typed). */
  error: string | null;
  min: string;
  max: string;
  /** Quick amounts (decimal strings) shown as chips. */
  quick?: string[];
  /** A button inside the box (withdrawal: All). */
  addon?: ReactNode;
  testId: string;
  disabled?: boolean;
}

/** An amount input with its limits as a hint and optional quick-amount chips. */
export const AmountField = forwardRef<HTMLInputElement, AmountFieldProps>(function AmountField(
  { label, value, onChange, error, min, max, quick = [], addon, testId, disabled },
  ref,
) {
  const { t } = useTranslation();
  const { money } = useCashierText();
  return (
    <div className="cs-amount">
      <Field
        ref={ref}
        label={label}
        error={error}
        hint={t('cashier.amount.limits', { min: money(min), max: money(max) })}
        value={value}
        onChange={(e) => onChange(e.target.value.replace(/[^\d.]/g, ''))}
        inputMode="decimal"
        autoComplete="off"
        enterKeyHint="done"
        placeholder={t('cashier.amount.placeholder')}
        addon={addon}
        testId={testId}
        disabled={disabled}
      />
      {quick.length > 0 && (
        <div className="cs-chips" role="group" aria-label={t('cashier.amount.quick')}>
          {quick.map((q) => (
            <button
              key={q}
              type="button"
              className={`cs-chip${value === q || value === q.replace(/\.00$/, '') ? ' cs-chip--on' : ''}`}
              aria-pressed={value === q || value === q.replace(/\.00$/, '')}
              onClick={() => onChange(q.replace(/\.00$/, ''))}
              data-testid={`${testId}-quick-${q.replace(/\.00$/, '')}`}
              disabled={disabled}
            >
              {money(q).replace(/\.00$/, '')}
            </button>
          ))}
        </div>
      )}
    </div>
  );
});
