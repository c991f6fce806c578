import { useState, type HTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n/react';
import { IconEye, IconEyeOff } from '../../../components/ui/icons';

export interface TextFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** The error text, already translated; null when the value passes. */
  error?: string | null | undefined;
  /** Shows the required asterisk (VALID-004) and sets aria-required. */
  required?: boolean;
  type?: 'text' | 'password' | 'tel' | 'email' | 'date';
  /** The latest value a date input offers (its max). */
  max?: string | undefined;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  maxLength?: number | undefined;
  autoComplete?: string;
  placeholder?: string | undefined;
  inputRef?: ((el: HTMLInputElement | null) => void) | undefined;
  /** Controls before and after the input, inside its box (dialling code, toggles, buttons). */
  start?: ReactNode;
  end?: ReactNode;
  testId?: string;
}

/** A labelled input with its error linked by aria-describedby and aria-invalid set while it fails. */
export function TextField({
  id,
  label,
  value,
  onChange,
  onBlur,
  error,
  required,
  type,
  inputMode,
  maxLength,
  max,
  autoComplete,
  placeholder,
  inputRef,
  start,
  end,
  testId = id,
}: TextFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className={error ? 'auth-field auth-field--error' : 'auth-field'} data-testid={`field-${testId}`}>
      <label htmlFor={id} className="auth-field__label">
        {label}
        {required && (
          <span className="auth-field__req" aria-hidden="true" data-testid={`required-${testId}`}>
            *
          </span>
        )}
      </label>
      <div className="auth-field__box">
        {start}
        <input
          id={id}
          name={id}
          className="auth-field__input"
          type={type ?? 'text'}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onBlur={onBlur}
          inputMode={inputMode}
          maxLength={maxLength}
          max={max}
          autoComplete={autoComplete ?? 'off'}
          autoCapitalize="off"
          spellCheck={false}
          placeholder={placeholder}
          aria-required={required ? true : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          ref={inputRef}
          data-testid={`input-${testId}`}
        />
        {end}
      </div>
      {error && (
        <p id={errorId} className="auth-field__error" data-testid={`error-${testId}`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** AUTH-007/018: a password input with a show/hide toggle. */
export function PasswordField(p: Omit<TextFieldProps, 'type' | 'end'>) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <TextField
      {...p}
      type={shown ? 'text' : 'password'}
      end={
        <button
          type="button"
          className="auth-field__icon-btn"
          aria-label={t(shown ? 'auth.field.hidePassword' : 'auth.field.showPassword')}
          aria-pressed={shown}
          aria-controls={p.id}
          onClick={() => setShown((s) => !s)}
          data-testid={`toggle-${p.testId ?? p.id}`}
        >
          {shown ? <IconEyeOff size={22} /> : <IconEye size={22} />}
        </button>
      }
    />
  );
}

export interface DialingCodeProps {
  codes: readonly string[];
  value: string;
  onChange: (code: string) => void;
  id: string;
}

/** AUTH-005/019: the country dialling-code picker in front of a mobile number (a native select). */
export function DialingCodePicker({ codes, value, onChange, id }: DialingCodeProps) {
  const { t } = useTranslation();
  return (
    <select
      id={id}
      className="auth-field__dial"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      aria-label={t('auth.field.dialingCode')}
      data-testid={id}
    >
      {codes.map((c) => (
        <option key={c} value={c}>
          {c}
        </option>
      ))}
    </select>
  );
}
