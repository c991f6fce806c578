import { ApiError } from './api';

// The money paths' refusals that verification answers (issue 53): the cashier (deposit, withdrawal) and
// the transfers between members (agency, records, rain) show their text with a way to the Verification
// page. Pure, so that features and the UI kit share it without importing each other.

export { VERIFICATION_ROUTE } from '@panalo/contract/site-routes';

/** 409 refusals that verification to a higher level answers. */
export const KYC_REFUSALS = ['kyc_level_required', 'kyc_limit_reached', 'kyc_receiver_unverified'] as const;
export type KycRefusalCode = (typeof KYC_REFUSALS)[number];

/** The refusal's code when it is one of KYC_REFUSALS, else null. */
export function kycRefusalCode(err: unknown): KycRefusalCode | null {
  if (!(err instanceof ApiError)) return null;
  return (KYC_REFUSALS as readonly string[]).includes(err.code) ? (err.code as KycRefusalCode) : null;
}

/**
 * The values the refusal's catalogue text interpolates: the level needed, what is left of which ceiling
 * (amounts through `money`), the receiver who is not verified. Missing values are left empty rather
 * than shown as `{{…}}`.
 */
export function kycRefusalValues(
  err: ApiError,
  money: (decimal: string) => string,
): Record<string, string | number> {
  const v: Record<string, unknown> = err.value ?? {};
  const text = (x: unknown) => (typeof x === 'string' || typeof x === 'number' ? String(x) : '');
  const amount = (x: unknown) => (typeof x === 'string' && x !== '' ? money(x) : '');
  switch (err.code) {
    case 'kyc_limit_reached':
      return {
        left: amount(v.left),
        limit: amount(v.limit),
        level: text(v.level),
        nextLevel: text(v.nextLevel),
      };
    case 'kyc_receiver_unverified':
      return { username: text(v.username), level: text(v.level) };
    default:
      return { level: text(v.level), current: text(v.current) };
  }
}
