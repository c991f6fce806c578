import { parseAmount } from '@panalo/contract/money';
import { KYC_ID_TYPES } from '@panalo/contract/kyc-rules';
import { kycSettings, type KycAllowance, type KycSettings } from '@panalo/contract/kyc';

// A merchant's verification settings (issue 53 item 1), kept in kyc_settings. Without a row verification
// is off: nothing is gated, the member site shows no verification page.

/** What a new merchant's settings start from when it turns verification on: the Philippines' usual tiers. */
export const KYC_DEFAULTS: KycSettings = {
  enabled: false,
  levels: [
    {
      depositDay: '20000.00',
      depositMonth: '50000.00',
      withdrawDay: '5000.00',
      withdrawMonth: '10000.00',
      methods: null,
      transfers: false,
    },
    {
      depositDay: '50000.00',
      depositMonth: '200000.00',
      withdrawDay: '20000.00',
      withdrawMonth: '50000.00',
      methods: null,
      transfers: false,
    },
    {
      depositDay: '500000.00',
      depositMonth: '2000000.00',
      withdrawDay: '200000.00',
      withdrawMonth: '1000000.00',
      methods: null,
      transfers: true,
    },
    {
      depositDay: null,
      depositMonth: null,
      withdrawDay: null,
      withdrawMonth: null,
      methods: null,
      transfers: true,
    },
  ],
  firstWithdrawalLevel: 2,
  depositsAbove: { amount: '100000.00', level: 2 },
  withdrawalAbove: { amount: '100000.00', level: 3 },
  idTypes: [...KYC_ID_TYPES],
  // PAGCOR: players are 21 or older.
  minAge: 21,
  checkerFromLevel: 3,
  addressValidMonths: 12,
};

/** The stored settings, or the defaults (off) where there are none or they no longer parse. */
export function kycSettingsOf(stored: unknown): KycSettings {
  if (stored === undefined || stored === null) return KYC_DEFAULTS;
  const p = kycSettings.safeParse(stored);
  return p.success ? p.data : KYC_DEFAULTS;
}

/** Minor units, or null for "no ceiling". */
export const minor = (a: string | null): bigint | null => (a === null ? null : parseAmount(a));

/** The lowest level whose allowance passes `fits`, from `from` up; null when none does. */
export function lowestLevel(s: KycSettings, from: number, fits: (a: KycAllowance) => boolean): number | null {
  for (let l = from; l < s.levels.length; l++) if (fits(s.levels[l]!)) return l;
  return null;
}

/** Whether a ceiling (null: none) leaves room for `amount` after `used`. */
export const ceilingFits = (ceiling: string | null, used: bigint, amount: bigint): boolean =>
  ceiling === null || used + amount <= minor(ceiling)!;
