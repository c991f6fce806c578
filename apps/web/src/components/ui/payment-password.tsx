import { useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { ApiError } from '../../lib/api';
import { createIntentKeys } from '../../lib/intent-key';
import { kycRefusalCode } from '../../lib/kyc-refusal';
import { useKycRefusalText, VerifyNowLink } from './kyc-refusal';
import { useErrorText } from './states';

/**
 * The payment-password transfer form of the agent's and member's money moves (transfer to upline, to
 * downlines, a rain's budget): the six-digit password, one idempotency key per intent, the refusal under
 * the form and the busy submit. Each feature keeps its own texts, test ids and layout around these pieces.
 * (The cashier's withdrawal and security centre have their own fields and key, `cashier/lib/intent-key`.)
 */

/** A lost answer (no network, a server fault) may be retried with the same key; a refusal may not. */
const answered = (err: unknown) => err instanceof ApiError && err.status >= 400 && err.status < 500;

/** The money post: a TanStack mutation whose variables carry the idempotency key. */
export interface PaidMutation<V extends { idempotencyKey: string }, R> {
  mutateAsync: (variables: V) => Promise<R>;
  isPending: boolean;
}

/** The password's value and input. */
export interface PasswordInput {
  password: string;
  setPassword: (value: string) => void;
  /** The password input: focused again after a failure. */
  ref: RefObject<HTMLInputElement | null>;
}

export interface PaymentPassword<V extends { idempotencyKey: string }, R> extends PasswordInput {
  /** The last submit's refusal or lost answer, shown by `PaymentFailure`; null when none. */
  failure: unknown;
  setFailure: (failure: unknown) => void;
  busy: boolean;
  /**
   * Sends `body` with the key of `intent` (what the member means to do, as a stable text; by default the
   * body): after a lost answer the same intent reuses its key, after an answer the next one gets a new
   * key. Either way the password is cleared; a failure is kept and the password focused.
   */
  send: (
    body: Omit<V, 'idempotencyKey'>,
    intent?: unknown,
  ) => Promise<{ ok: true; value: R } | { ok: false }>;
}

/** The state and the submit of a payment-password form over `mutation`. */
export function usePaymentPassword<V extends { idempotencyKey: string }, R>(
  mutation: PaidMutation<V, R>,
): PaymentPassword<V, R> {
  const [keys] = useState(() => createIntentKeys());
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<unknown>(null);
  const ref = useRef<HTMLInputElement>(null);
  const send: PaymentPassword<V, R>['send'] = async (body, intent = body) => {
    const idempotencyKey = keys.keyFor(JSON.stringify(intent));
    try {
      const value = await mutation.mutateAsync({ ...body, idempotencyKey } as V);
      keys.settle('answered');
      setPassword('');
      return { ok: true, value };
    } catch (err) {
      keys.settle(answered(err) ? 'answered' : 'lost');
      setFailure(err);
      setPassword('');
      ref.current?.focus();
      return { ok: false };
    }
  };
  return { password, setPassword, ref, failure, setFailure, busy: mutation.isPending, send };
}

/** The six-digit payment password: masked, numeric keypad, never remembered by the browser. */
export function PaymentPasswordField({
  pay,
  label,
  invalid,
  testId,
  id,
  describedBy,
  children,
}: {
  pay: PasswordInput;
  label: string;
  invalid: boolean;
  testId: string;
  /** The input's id (else one of its own), for an error shown outside the label. */
  id?: string;
  /** The id of the error text that describes the field, while one is shown. */
  describedBy?: string | undefined;
  /** Shown in the label under the input (the field's error). */
  children?: ReactNode;
}) {
  const ownId = useId();
  const inputId = id ?? ownId;
  const { password, setPassword, ref } = pay;
  return (
    <label className="ui-field" htmlFor={inputId}>
      <span className="ui-field__label">{label}</span>
      <input
        ref={ref}
        id={inputId}
        className="ui-input"
        type="password"
        inputMode="numeric"
        autoComplete="off"
        maxLength={6}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        data-testid={testId}
      />
      {children}
    </label>
  );
}

/** Where the payment password is set or changed. */
export function SecurityCentreLink({
  className,
  text,
  testId,
}: {
  className: string;
  text: string;
  testId?: string;
}) {
  return (
    <p className={className}>
      <Link to="/m/securityCenter" data-testid={testId}>
        {text}
      </Link>
    </p>
  );
}

/**
 * The last submit's refusal (or lost answer), announced. A refusal that verification answers (the
 * sender's level or ceiling, a receiver not verified) says so with its values and a way to Verification.
 */
export function PaymentFailure({
  failure,
  className,
  testId,
}: {
  failure: unknown;
  className: string;
  testId: string;
}) {
  const errorText = useErrorText();
  const kycText = useKycRefusalText();
  if (failure === null) return null;
  return (
    <p className={className} role="alert" data-testid={testId}>
      {kycText(failure) ?? errorText(failure)}
      {kycRefusalCode(failure) !== null && (
        <>
          {' '}
          <VerifyNowLink />
        </>
      )}
    </p>
  );
}

/** The submit: disabled and "please wait" while the post runs. */
export function PaymentSubmit({
  busy,
  text,
  testId,
  className = 'btn btn--primary',
}: {
  busy: boolean;
  text: string;
  testId: string;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <button type="submit" className={className} disabled={busy} aria-busy={busy} data-testid={testId}>
      {busy ? t('common.pleaseWait') : text}
    </button>
  );
}
