import { parseAmount } from '@panalo/contract/money';

/** Spec §6 / MINE-025: transfer to upline only with AGETRANSFERUP3 on, toUpline set and type not 2. */
export function canTransferToUpline(
  flagOn: boolean,
  member: { toUpline: boolean; type: number } | null,
): boolean {
  return flagOn && member !== null && member.toUpline && member.type !== 2;
}

export type UplineFieldError = 'amountRequired' | 'amountInvalid' | 'amountOverBalance' | 'passwordInvalid';

export interface UplineFormErrors {
  amount?: UplineFieldError;
  paymentPassword?: UplineFieldError;
}

/**
 * Checks the form before anything is sent: a positive amount with at most 2 decimals, not above the
 * balance when it is known (the server checks again, atomically), and a six-digit payment password.
 */
export function validateUpline(
  amount: string,
  paymentPassword: string,
  balance: string | null,
): UplineFormErrors {
  const errors: UplineFormErrors = {};
  const text = amount.trim();
  const minor = parseAmount(text);
  if (text === '') errors.amount = 'amountRequired';
  else if (minor === null || minor === 0n) errors.amount = 'amountInvalid';
  else {
    const available = balance === null ? null : parseAmount(balance);
    if (available !== null && minor > available) errors.amount = 'amountOverBalance';
  }
  if (!/^\d{6}$/.test(paymentPassword)) errors.paymentPassword = 'passwordInvalid';
  return errors;
}
