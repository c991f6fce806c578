import type { Database } from '../../db/database';
import { ledgerAccount, memberWalletKey, postTransfer } from '../wallet/ledger';
import { wagering } from '../wallet/wagering';

/**
 * A time-out or a self-exclusion forfeits the member's promotions (issue 22 item 3), inside the
 * exclusion's transaction: every open turnover requirement is closed as forfeited, and a deposit
 * promotion's bonus goes back to its promotion's budget — as much of it as the wallet still holds
 * (what was won with it stays, as with any balance). One transfer per requirement, keyed by it, so a
 * second exclusion never takes a bonus twice. Returns what was taken back, in minor units.
 */
export async function forfeitPromotions(
  trx: Database,
  o: { merchantId: number; memberId: bigint; by: string; at: Date },
): Promise<bigint> {
  const open = await wagering.openRequirements(trx, o.merchantId, o.memberId);
  if (open.length === 0) return 0n;
  const depositIds = open.filter((r) => r.source === 'deposit' && /^\d{1,19}$/.test(r.source_ref));
  const orders =
    depositIds.length === 0
      ? []
      : await trx
          .selectFrom('deposit_order')
          .select(['id', 'bonus_amount', 'promotion_code', 'currency'])
          .where('merchant_id', '=', o.merchantId)
          .where('member_id', '=', o.memberId)
          .where(
            'id',
            'in',
            depositIds.map((r) => BigInt(r.source_ref)),
          )
          .execute();
  let taken = 0n;
  for (const r of open) {
    const order = orders.find((d) => r.source === 'deposit' && d.id.toString() === r.source_ref);
    if (!order || order.bonus_amount <= 0n || !order.promotion_code) continue;
    const wallet = await ledgerAccount(trx, memberWalletKey(o.merchantId, o.memberId, order.currency));
    const { balance } = await trx
      .selectFrom('ledger_account')
      .select('balance')
      .where('id', '=', wallet)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const take = balance < order.bonus_amount ? balance : order.bonus_amount;
    if (take <= 0n) continue;
    const budget = await ledgerAccount(trx, {
      merchantId: o.merchantId,
      book: 'real',
      kind: 'promotion',
      ref: order.promotion_code,
      currency: order.currency,
    });
    await postTransfer(trx, {
      merchantId: o.merchantId,
      book: 'real',
      kind: 'bonus_forfeit',
      legs: [
        { accountId: wallet, amount: -take },
        { accountId: budget, amount: take },
      ],
      createdBy: o.by,
      reference: `deposit:${order.id}`,
      memo: order.promotion_code,
      idempotency: { scope: 'bonus.forfeit', key: r.id.toString() },
      at: o.at,
    });
    taken += take;
  }
  await trx
    .updateTable('wagering_requirement')
    .set({ completed_at: o.at, forfeited_at: o.at })
    .where(
      'id',
      'in',
      open.map((r) => r.id),
    )
    .execute();
  return taken;
}
