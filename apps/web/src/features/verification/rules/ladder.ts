import type { KycAllowance, KycStatus } from '@panalo/contract/kyc';

// The ladder of the four levels: what each allows, and which money movements need it.

/** A money movement that asks for a level (the settings' firstWithdrawalLevel, depositsAbove, withdrawalAbove). */
export type LevelNeed =
  | { kind: 'firstWithdrawal' }
  | { kind: 'depositsAbove'; amount: string }
  | { kind: 'withdrawalAbove'; amount: string };

export interface LadderStep {
  level: number;
  allowance: KycAllowance;
  /** The member holds this level or a higher one. */
  reached: boolean;
  /** The member's level now. */
  current: boolean;
  /** What needs this level. */
  needs: LevelNeed[];
}

/** The four levels in order, each with what it allows, whether it is reached and what needs it. */
export function ladder(
  s: Pick<KycStatus, 'level' | 'levels' | 'firstWithdrawalLevel' | 'depositsAbove' | 'withdrawalAbove'>,
): LadderStep[] {
  return s.levels.map((allowance, level) => {
    const needs: LevelNeed[] = [];
    // Level 0 is everyone's: a movement that "needs" it needs nothing.
    if (level > 0) {
      if (s.firstWithdrawalLevel === level) needs.push({ kind: 'firstWithdrawal' });
      if (s.depositsAbove?.level === level)
        needs.push({ kind: 'depositsAbove', amount: s.depositsAbove.amount });
      if (s.withdrawalAbove?.level === level)
        needs.push({ kind: 'withdrawalAbove', amount: s.withdrawalAbove.amount });
    }
    return { level, allowance, reached: level <= s.level, current: level === s.level, needs };
  });
}

/** The four ceilings of a level, in the order the ladder lists them (null: no ceiling). */
export const CEILINGS = ['depositDay', 'depositMonth', 'withdrawDay', 'withdrawMonth'] as const;
export type Ceiling = (typeof CEILINGS)[number];

/** A ceiling as the member reads it: the amount in the merchant's currency, or "no limit". */
export const ceilingText = (amount: string | null, money: (decimal: string) => string, noLimit: string) =>
  amount === null ? noLimit : money(amount);
