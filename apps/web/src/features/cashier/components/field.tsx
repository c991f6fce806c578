import {
  forwardRef,
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
} from 'react';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: string;
  /** Shown under the field and announced; null when the value passes. */
  error: string | null;
  /** A hint under the field (limits, format), linked with aria-describedby. */
  hint?: ReactNode;
  /** Something inside the box after the input (a button). */
  addon?: ReactNode;
  testId?: string;
};

/** A labelled input with hint and error (aria-invalid, aria-describedby). */
export const Field = forwardRef<HTMLInputElement, InputProps>(function Field(
  { label, error, hint, addon, testId, ...input },
  ref,
) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`cs-field${error ? ' cs-field--invalid' : ''}`}>
      <label className="cs-field__label" htmlFor={id}>
        {label}
      </label>
      <div className="cs-field__box">
        <input
          ref={ref}
          id={id}
          className="cs-field__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          data-testid={testId}
          {...input}
        />
        {addon}
      </div>
      {hint && (
        <p id={hintId} className="cs-field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="cs-field__error" role="alert" data-testid={testId && `${testId}-error`}>
          {error}
        </p>
      )}
    </div>
  );
});

/** A six-digit payment password: masked, numeric keypad, never remembered by the browser. */
export const PinField = forwardRef<HTMLInputElement, Omit<InputProps, 'type' | 'inputMode' | 'maxLength'>>(
  function PinField(props, ref) {
    return (
      <Field
        ref={ref}
        {...props}
        type="password"
        inputMode="numeric"
        pattern="[0-9]*"
        maxLength={6}
        autoComplete="off"
      />
    );
  },
);

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & {
  label: string;
  error: string | null;
  testId?: string;
  children: ReactNode;
};

/** A labelled native select (light, accessible, the phone's own picker). */
export const SelectField = forwardRef<HTMLSelectElement, SelectProps>(function SelectField(
  { label, error, testId, children, ...select },
  ref,
) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={`cs-field${error ? ' cs-field--invalid' : ''}`}>
      <label className="cs-field__label" htmlFor={id}>
        {label}
      </label>
      <div className="cs-field__box">
        <select
          ref={ref}
          id={id}
          className="cs-field__input cs-field__select"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          data-testid={testId}
          {...select}
        >
          {children}
        </select>
      </div>
      {error && (
        <p id={errorId} className="cs-field__error" role="alert" data-testid={testId && `${testId}-error`}>
          {error}
        </p>
      )}
    </div>
  );
});
