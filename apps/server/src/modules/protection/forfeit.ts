import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { ledgerAccount, memberWalletKey, postTransfer } from '../wallet/ledger';
import { wagering } from '../wallet/wagering';

/** The transfer kinds of play: what a member staked and got back. */
const PLAY_KINDS = ['bet', 'win', 'rollback', 'lottery_bet', 'lottery_win', 'lottery_refund'] as const;

/**
 * Forfeits the member's open promotions inside the caller's transaction: every open turnover requirement
 * is closed as forfeited, and each bonus behind one goes back to its promotion's own account (the ledger
 * account under the promotion's code; its payments came from the code's member shards) — a promotion
 * claim's (the claim then reads forfeited) and a deposit bonus paid before the engine (migration 0051)
 * alike — as much of it as the wallet still holds. One transfer per requirement,
 * keyed by it, so a second forfeit never takes a bonus twice.
 *
 * A break from play (issue 22 item 3) takes the bonuses only: what was won with them stays, as with any
 * balance. A member who gives up their bonuses to withdraw (issue 18 item 4: `winnings: true`) gives up
 * what the bonuses won too, and keeps their own money and what it won (the fairness rule of
 * design/promotions.md): play's net result since the oldest open requirement began, when positive, is
 * split between the bonuses and the rest of the wallet in proportion, and the bonuses' part goes back
 * after them, as far as the wallet holds it. Returns what was taken back, in minor units.
 */
export async function forfeitPromotions(
  trx: Database,
  o: {
    merchantId: number;
    memberId: bigint;
    by: string;
    at: Date;
    winnings?: boolean;
    /** Only these of the open requirements (a bonus whose time ran out); all when absent. */
    only?: (r: { expires_at: Date | null }) => boolean;
  },
): Promise<bigint> {
  const open = (await wagering.openRequirements(trx, o.merchantId, o.memberId)).filter(
    (r) => !o.only || o.only(r),
  );
  if (open.length === 0) return 0n;
  const refs = (source: string) =>
    open
      .filter((r) => r.source === source && /^\d{1,19}$/.test(r.source_ref))
      .map((r) => BigInt(r.source_ref));
  const depositIds = refs('deposit');
  const claimIds = refs('promotion');
  const [orders, claims, member] = await Promise.all([
    depositIds.length === 0
      ? []
      : trx
          .selectFrom('deposit_order')
          .select(['id', 'bonus_amount', 'promotion_code', 'promotion_id'])
          .where('merchant_id', '=', o.merchantId)
          .where('member_id', '=', o.memberId)
          .where('id', 'in', depositIds)
          .execute(),
    claimIds.length === 0
      ? []
      : trx
          .selectFrom('promotion_claim as c')
          .innerJoin('promotion as p', 'p.id', 'c.promotion_id')
          .select(['c.id', 'c.amount', 'p.code'])
          .where('c.merchant_id', '=', o.merchantId)
          .where('c.member_id', '=', o.memberId)
          .where('c.id', 'in', claimIds)
          .execute(),
    trx.selectFrom('merchant').select('currency').where('id', '=', o.merchantId).executeTakeFirstOrThrow(),
  ]);
  const currency = member.currency;
  const wallet = await ledgerAccount(trx, memberWalletKey(o.merchantId, o.memberId, currency));
  const balance = async () =>
    (
      await trx
        .selectFrom('ledger_account')
        .select('balance')
        .where('id', '=', wallet)
        .forUpdate()
        .executeTakeFirstOrThrow()
    ).balance;

  /** Moves up to `amount` from the wallet to a promotion account; answers what it moved. */
  async function takeBack(amount: bigint, ref: string, key: string, reference: string, memo: string) {
    const left = await balance();
    const take = left < amount ? left : amount;
    if (take <= 0n) return 0n;
    const account = await ledgerAccount(trx, {
      merchantId: o.merchantId,
      book: 'real',
      kind: 'promotion',
      ref,
      currency,
    });
    await postTransfer(trx, {
      merchantId: o.merchantId,
      book: 'real',
      kind: 'bonus_forfeit',
      legs: [
        { accountId: wallet, amount: -take },
        { accountId: account, amount: take },
      ],
      createdBy: o.by,
      reference,
      memo,
      idempotency: { scope: 'bonus.forfeit', key },
      at: o.at,
    });
    return take;
  }

  // What the bonuses won (member's forfeit only), worked out before anything moves: play's net result
  // since the oldest open requirement began, when positive, split between the bonuses and the member's
  // own money (the rest of the wallet) in proportion — the member keeps their own money and what it won.
  let bonusWinnings = 0n;
  if (o.winnings) {
    const since = open.reduce((a, r) => (r.created_at < a ? r.created_at : a), open[0]!.created_at);
    const net = await trx
      .selectFrom('ledger_entry as e')
      .innerJoin('ledger_transfer as t', 't.id', 'e.transfer_id')
      .select(sql<string>`coalesce(sum(e.amount), 0)::text`.as('net'))
      .where('e.account_id', '=', wallet)
      .where('e.created_at', '>=', since)
      .where('t.kind', 'in', PLAY_KINDS)
      .executeTakeFirstOrThrow();
    const won = BigInt(net.net);
    const bonuses =
      claims.reduce((sum, c) => sum + BigInt(c.amount), 0n) +
      orders.filter((d) => d.promotion_id === null).reduce((sum, d) => sum + d.bonus_amount, 0n);
    const total = await balance();
    const own = total - won - bonuses > 0n ? total - won - bonuses : 0n;
    if (won > 0n && bonuses > 0n) bonusWinnings = (won * bonuses) / (bonuses + own);
  }

  let taken = 0n;
  let lastCode: string | null = null;
  for (const r of open) {
    if (r.source === 'deposit') {
      const order = orders.find((d) => d.id.toString() === r.source_ref);
      // Only a bonus paid before the engine: an engine deposit bonus is its claim's requirement.
      if (!order || order.promotion_id !== null || order.bonus_amount <= 0n || !order.promotion_code)
        continue;
      taken += await takeBack(
        order.bonus_amount,
        order.promotion_code,
        r.id.toString(),
        `deposit:${order.id}`,
        order.promotion_code,
      );
      lastCode ??= order.promotion_code;
    } else if (r.source === 'promotion') {
      const claim = claims.find((c) => c.id.toString() === r.source_ref);
      if (!claim) continue;
      taken += await takeBack(
        BigInt(claim.amount),
        claim.code,
        r.id.toString(),
        `promotion:${claim.id}`,
        claim.code,
      );
      lastCode = claim.code;
    }
  }
  if (bonusWinnings > 0n && lastCode !== null)
    taken += await takeBack(bonusWinnings, lastCode, `winnings:${open[0]!.id}`, 'forfeit:winnings', lastCode);
  await trx
    .updateTable('wagering_requirement')
    .set({ completed_at: o.at, forfeited_at: o.at })
    .where(
      'id',
      'in',
      open.map((r) => r.id),
    )
    .execute();
  if (claimIds.length > 0)
    await trx
      .updateTable('promotion_claim')
      .set({ status: 'forfeited', updated_at: o.at })
      .where('id', 'in', claimIds)
      // (a check-in stays signed: today's is done, and its streak counts on)
      .where('status', '=', 'claimed')
      .execute();
  return taken;
}
