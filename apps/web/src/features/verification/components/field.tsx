import type { ReactNode } from 'react';

/** The ids a field's hint and error carry, for its input's aria-describedby (undefined when neither shows). */
export const describedBy = (id: string, hint: boolean, error: boolean) =>
  [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;

/**
 * A labelled field of the document forms: its input (given the same `id`, `aria-describedby` from
 * `describedBy`), a hint and the field's problem under it. Focus goes to the input when its problem is
 * found, and the problem is read with it.
 */
export function Field({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: string | undefined;
  error: string | null;
  children: ReactNode;
}) {
  return (
    <div className="ui-field kyc-field">
      <label className="kyc-field__label" htmlFor={id}>
        {label}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="kyc-field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="kyc-field__error" data-testid="kyc-field-error">
          {error}
        </p>
      )}
    </div>
  );
}
