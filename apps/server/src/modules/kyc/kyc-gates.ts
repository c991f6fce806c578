import { formatAmount } from '@panalo/contract/money';
import type { KycSettings } from '@panalo/contract/kyc';
import type { KycRequiredReason } from '@panalo/contract/kyc-rules';
import type { Database } from '../../db/database';
import { DomainError } from '../../lib/domain-error';
import { assertWithdrawalsOpen } from '../aml/aml.service';
import { kycRepository, type KycProofs, type KycUsage } from './kyc.repository';
import { ceilingFits, kycSettingsOf, lowestLevel, minor } from './kyc-settings';

// The verification levels' gates on every money path (issue 53 item 1): deposits, withdrawals, and money
// between members (transfers to downlines or the upline, rain). Each runs inside the money's own
// transaction, before anything moves, with the member's row locked (requests at once are counted one
// after another); a refusal says which level is needed and why, and nothing is written.

/** A member's level: an identity reviewed (2), with an address (3); else a confirmed mobile (1); else 0. */
export const levelOf = (p: Pick<KycProofs, 'mobileConfirmed' | 'identity' | 'address'>): number =>
  p.identity ? (p.address ? 3 : 2) : p.mobileConfirmed ? 1 : 0;

export async function settingsFor(db: Database, merchantId: number): Promise<KycSettings> {
  return kycSettingsOf(await kycRepository(db).settings(merchantId));
}

const required = (level: number, current: number, reason: KycRequiredReason) =>
  // Stryker disable next-line StringLiteral: the message is for logs and API readers; clients read the code and its values
  new DomainError('kyc_level_required', 409, `Verify your account to level ${level} to do this`, {
    level,
    current,
    reason,
  });

async function levelNow(trx: Database, merchantId: number, memberId: bigint, now: Date) {
  const repo = kycRepository(trx);
  await repo.lockMember(memberId);
  const [p] = await repo.proofs(merchantId, [memberId], now);
  return p ? levelOf(p) : 0;
}

/** A refusal of a ceiling: which one, what is left, and the lowest level that would allow the amount. */
function ceilingRefusal(
  s: KycSettings,
  o: {
    kind: 'deposit' | 'withdraw';
    level: number;
    usage: KycUsage;
    amount: bigint;
  },
): DomainError | null {
  const a = s.levels[o.level]!;
  const spans = [
    { span: 'day', ceiling: o.kind === 'deposit' ? a.depositDay : a.withdrawDay },
    { span: 'month', ceiling: o.kind === 'deposit' ? a.depositMonth : a.withdrawMonth },
  ] as const;
  const used = (span: 'day' | 'month') =>
    o.kind === 'deposit'
      ? span === 'day'
        ? o.usage.depositDay
        : o.usage.depositMonth
      : span === 'day'
        ? o.usage.withdrawDay
        : o.usage.withdrawMonth;
  for (const { span, ceiling } of spans) {
    if (ceilingFits(ceiling, used(span), o.amount)) continue;
    const limit = minor(ceiling)!;
    const next = lowestLevel(s, o.level + 1, (l) => {
      const c =
        o.kind === 'deposit'
          ? span === 'day'
            ? l.depositDay
            : l.depositMonth
          : span === 'day'
            ? l.withdrawDay
            : l.withdrawMonth;
      return ceilingFits(c, used(span), o.amount);
    });
    // Stryker disable next-line StringLiteral: the message is for logs and API readers; clients read the code and its values
    return new DomainError('kyc_limit_reached', 409, 'This is more than your verification level allows', {
      kind: o.kind,
      span,
      limit: formatAmount(limit),
      left: formatAmount(limit > used(span) ? limit - used(span) : 0n),
      level: o.level,
      nextLevel: next,
    });
  }
  return null;
}

/**
 * A deposit order's gate: the method must be allowed at my level, my deposits past the merchant's
 * threshold need its level, and my level's daily and monthly ceilings must hold the amount.
 */
export async function checkKycDeposit(
  trx: Database,
  o: { merchantId: number; memberId: bigint; amount: bigint; method: string; now: Date },
): Promise<void> {
  const s = await settingsFor(trx, o.merchantId);
  if (!s.enabled) return;
  const level = await levelNow(trx, o.merchantId, o.memberId, o.now);
  const allows = (methods: string[] | null) => methods === null || methods.includes(o.method);
  if (!allows(s.levels[level]!.methods)) {
    const needed = lowestLevel(s, level + 1, (a) => allows(a.methods));
    if (needed === null)
      throw new DomainError('deposit_method_unavailable', 400, 'This deposit method is not available');
    throw required(needed, level, 'method');
  }
  const usage = await kycRepository(trx).usage(o.merchantId, o.memberId, o.now);
  if (
    s.depositsAbove &&
    level < s.depositsAbove.level &&
    usage.depositAll + o.amount > minor(s.depositsAbove.amount)!
  )
    throw required(s.depositsAbove.level, level, 'deposits_above');
  const refusal = ceilingRefusal(s, { kind: 'deposit', level, usage, amount: o.amount });
  if (refusal) throw refusal;
}

/**
 * A withdrawal request's gate: my first withdrawal, and one above the merchant's amount, need their
 * levels; my level's daily and monthly ceilings must hold the amount.
 */
export async function checkKycWithdrawal(
  trx: Database,
  o: { merchantId: number; memberId: bigint; amount: bigint; now: Date },
): Promise<void> {
  const s = await settingsFor(trx, o.merchantId);
  if (!s.enabled) return;
  const level = await levelNow(trx, o.merchantId, o.memberId, o.now);
  const usage = await kycRepository(trx).usage(o.merchantId, o.memberId, o.now);
  if (usage.withdrawals === 0 && level < s.firstWithdrawalLevel)
    throw required(s.firstWithdrawalLevel, level, 'first_withdrawal');
  if (s.withdrawalAbove && level < s.withdrawalAbove.level && o.amount > minor(s.withdrawalAbove.amount)!)
    throw required(s.withdrawalAbove.level, level, 'withdrawal_above');
  const refusal = ceilingRefusal(s, { kind: 'withdraw', level, usage, amount: o.amount });
  if (refusal) throw refusal;
}

/**
 * Money between members (a transfer to downlines or the upline, funding or grabbing rain): the one who
 * acts must hold a level that allows transfers (kyc_level_required), and so must each member who
 * receives (409 kyc_receiver_unverified, naming the first one).
 */
export async function checkKycTransfer(
  db: Database,
  o: { merchantId: number; actorId: bigint; receiverIds: bigint[]; now: Date },
): Promise<void> {
  // A money-laundering case holding the sender's withdrawals holds its transfers too.
  await assertWithdrawalsOpen(db, o.merchantId, o.actorId);
  const s = await settingsFor(db, o.merchantId);
  if (!s.enabled) return;
  const needed = lowestLevel(s, 0, (a) => a.transfers);
  const proofs = await kycRepository(db).proofs(o.merchantId, [o.actorId, ...o.receiverIds], o.now);
  const levels = new Map(proofs.map((p) => [p.memberId, { level: levelOf(p), username: p.username }]));
  const actor = levels.get(o.actorId)?.level ?? 0;
  if (!s.levels[actor]!.transfers) throw required(needed ?? 3, actor, 'transfers');
  for (const id of o.receiverIds) {
    const r = levels.get(id);
    if (!r || !s.levels[r.level]!.transfers)
      throw new DomainError('kyc_receiver_unverified', 409, 'A receiver has not verified their account yet', {
        username: r?.username ?? null,
        level: needed ?? 3,
      });
  }
}
