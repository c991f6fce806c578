import { z } from 'zod';

// The anti-money-laundering rules' settings (issue 53 item 3), per merchant in its settings' `aml`
// object, with defaults for the Philippines: RA 10927 makes a single casino cash transaction above
// ₱5,000,000 a covered transaction.

/** Minor units. */
export const PH_COVERED_THRESHOLD = 500_000_000n;

export interface AmlSettings {
  /** A single deposit or withdrawal at or above it is a covered transaction (minor units). */
  coveredThreshold: bigint;
  /** Structuring: `structuringCount` deposits of at least `structuringShare` of the threshold, below
   *  it, within `structuringHours`. */
  structuringShare: number;
  structuringCount: number;
  structuringHours: number;
  /** Deposit then withdrawal with little play: the turnover since the deposits below this share of them. */
  lowPlayRatio: number;
  /**
   * Pass-through: money received from other members (at least `passThroughMin`, minor units) of which
   * `passThroughShare` or more is sent on (a transfer or a withdrawal request) within `passThroughMinutes`.
   */
  passThroughMin: bigint;
  passThroughShare: number;
  passThroughMinutes: number;
  /** Accounts (the member included) sharing a device, a bank card or a payee name that make a case. */
  sharedDeviceAccounts: number;
  sharedCardAccounts: number;
  sharedPayeeAccounts: number;
}

export const AML_DEFAULTS: AmlSettings = {
  coveredThreshold: PH_COVERED_THRESHOLD,
  structuringShare: 0.9,
  structuringCount: 3,
  structuringHours: 24,
  lowPlayRatio: 0.3,
  passThroughMin: 5_000_000n,
  passThroughShare: 0.8,
  passThroughMinutes: 60,
  sharedDeviceAccounts: 3,
  // One bank card behind two accounts is already one person with two accounts, or a borrowed card.
  sharedCardAccounts: 2,
  // Payee names repeat (Juan Dela Cruz): three accounts before a case.
  sharedPayeeAccounts: 3,
};

const stored = z
  .object({
    coveredThreshold: z.string().regex(/^[1-9][0-9]{0,15}$/),
    structuringShare: z.number().min(0.5).max(0.99),
    structuringCount: z.number().int().min(2).max(20),
    structuringHours: z.number().int().min(1).max(168),
    lowPlayRatio: z.number().min(0).max(1),
    passThroughMin: z.string().regex(/^[1-9][0-9]{0,15}$/),
    passThroughShare: z.number().min(0.1).max(1),
    passThroughMinutes: z.number().int().min(1).max(1440),
    sharedDeviceAccounts: z.number().int().min(2).max(100),
    sharedCardAccounts: z.number().int().min(2).max(100),
    sharedPayeeAccounts: z.number().int().min(2).max(100),
  })
  .partial();

/** The merchant's settings (`settings.aml`, amounts as minor-unit strings), the defaults where unset or unreadable. */
export function amlSettingsOf(settings: unknown): AmlSettings {
  const raw = (settings as { aml?: unknown } | null)?.aml;
  const p = stored.safeParse(raw ?? {});
  if (!p.success) return AML_DEFAULTS;
  const { coveredThreshold, passThroughMin, ...rest } = p.data;
  return {
    ...AML_DEFAULTS,
    ...Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)),
    ...(coveredThreshold ? { coveredThreshold: BigInt(coveredThreshold) } : {}),
    ...(passThroughMin ? { passThroughMin: BigInt(passThroughMin) } : {}),
  };
}

/** The lowest deposit that counts towards structuring: the share of the threshold, rounded up. */
export function structuringFloor(s: AmlSettings): bigint {
  const basis = 10_000n;
  const share = BigInt(Math.round(s.structuringShare * Number(basis)));
  return (s.coveredThreshold * share + basis - 1n) / basis;
}

/** Whether a withdrawal after `deposits` with `turnover` of play since is "little play". */
export function lowPlay(deposits: bigint, turnover: bigint, ratio: number): boolean {
  if (deposits <= 0n) return false;
  const basis = 10_000n;
  return turnover * basis < deposits * BigInt(Math.round(ratio * Number(basis)));
}

/** Whether sending `sent` after receiving `received` is passing the money through. */
export function passedThrough(received: bigint, sent: bigint, s: AmlSettings): boolean {
  if (received < s.passThroughMin) return false;
  const basis = 10_000n;
  return sent * basis >= received * BigInt(Math.round(s.passThroughShare * Number(basis)));
}
