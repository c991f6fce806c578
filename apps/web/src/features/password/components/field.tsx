import { forwardRef, useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n/react';
import { IconEye, IconEyeOff } from '../../../components/ui/icons';
import type { Problem } from '../lib/rules';

/** The text of a rule failure: the merchant's own message key when it has a text, else ours. */
export function useProblemText(): (p: Problem | null | undefined) => string | null {
  const { t } = useTranslation();
  return (p) => {
    if (!p) return null;
    const ours = t(p.key, p.params ?? {});
    return p.ruleMessage ? t(p.ruleMessage, { ...p.params, defaultValue: ours }) : ours;
  };
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'prefix'> & {
  label: string;
  /** Shown under the field and announced; null when the value passes. */
  error: string | null;
  /** Something beside the input inside the box (a show/hide toggle, a get-code button). */
  addon?: ReactNode;
  /** Something before the input inside the box (the dialling-code picker). */
  before?: ReactNode;
  testId?: string;
};

/** A labelled input with its error message (aria-invalid, aria-describedby). */
export const Field = forwardRef<HTMLInputElement, InputProps>(function Field(
  { label, error, addon, before, testId, ...input },
  ref,
) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={`pw-field${error ? ' pw-field--invalid' : ''}`}>
      <label className="pw-field__label" htmlFor={id}>
        {label}
      </label>
      <div className="pw-field__box">
        {before}
        <input
          ref={ref}
          id={id}
          className="pw-field__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          data-testid={testId}
          {...input}
        />
        {addon}
      </div>
      {error && (
        <p id={errorId} className="pw-field__error" role="alert" data-testid={testId && `${testId}-error`}>
          {error}
        </p>
      )}
    </div>
  );
});

/** A password input with a show/hide toggle. */
export const PasswordField = forwardRef<HTMLInputElement, Omit<InputProps, 'type' | 'addon'>>(
  function PasswordField(props, ref) {
    const { t } = useTranslation();
    const [shown, setShown] = useState(false);
    return (
      <Field
        ref={ref}
        {...props}
        type={shown ? 'text' : 'password'}
        autoCapitalize="off"
        autoCorrect="off"
        spellCheck={false}
        maxLength={128}
        addon={
          <button
            type="button"
            className="pw-field__toggle"
            aria-label={shown ? t('password.hide') : t('password.show')}
            aria-pressed={shown}
            onClick={() => setShown((s) => !s)}
          >
            {/* The eye shows what the field shows: open while the password is visible. */}
            {shown ? <IconEye size={20} /> : <IconEyeOff size={20} />}
          </button>
        }
      />
    );
  },
);
