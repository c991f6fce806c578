import { sql } from 'kysely';
import { WINNER_BOARD_DEPTH } from '@panalo/contract/lottery';
import type { Database } from '../../db/database';
import { postRun } from '../wallet/post-run';
import { jackpotCarry } from './engine/jackpot';
import { getGame } from './engine/registry';
import { ODDS_SCALE } from './engine/types';
import { merchantConfig } from './lottery.config';
import type { LotteryEvents } from './lottery.events';
import { inTransaction } from '../../db/transaction';

export interface SettleOutcome {
  /** False when the period was not waiting for this step (already settled, or not drawn): nothing moved. */
  settled: boolean;
  bets: number;
  transfers: number;
  paidMinor: bigint;
}

/** For tests: fail after the bets are marked but before the money moves (the transaction rolls back). */
export interface SettleFaults {
  afterBets?: () => void;
}

const NONE: SettleOutcome = { settled: false, bets: 0, transfers: 0, paidMinor: 0n };

/**
 * Credits what the period's bets in `status` carry in `payout`: one transfer per wallet (member and book),
 * posted set-based by the wallet module (postRun: wallets locked in id order, the house shard's leg
 * appended with whose win or refund it is, for member_day). A repeated key (kind, period, wallet)
 * violates the transfer's unique index and undoes everything.
 */
export async function credit(
  trx: Database,
  o: {
    periodId: bigint;
    status: 'won' | 'refunded' | 'cancelled';
    kind: string;
    reference: string;
    at: Date;
    /** Only these bets of the period (a site's cancel), and the key's first part when not `kind`. */
    only?: { betIds: bigint[]; key: string };
  },
) {
  const { periodId: p, status, kind, reference, at } = o;
  const only = o.only ? sql`and id = any(${o.only.betIds.map(String)}::bigint[])` : sql``;
  const keyKind = o.only?.key ?? kind;
  const r = await postRun(trx, {
    kind,
    scope: 'lottery',
    createdBy: 'system',
    at,
    rows: sql`
      select nextval(pg_get_serial_sequence('ledger_transfer', 'id')) as transfer_id, merchant_id, book,
        wallet_account_id as credit_id, house_account_id as debit_id, amount,
        ${keyKind} || ':' || ${p}::text || ':' || wallet_account_id::text as key, ${reference}::text as reference,
        null::text as memo, case when book = 'real' then member_id end as figure_member,
        ${status === 'won' ? 'win' : 'refund'}::text as figure_kind, 'lottery'::text as product
      from (
        select merchant_id, book, member_id, wallet_account_id, house_account_id, sum(payout)::bigint as amount
        from lottery_bet
        where period_id = ${p} and status = ${status} and payout > 0 ${only}
        group by merchant_id, book, member_id, wallet_account_id, house_account_id
      ) w`,
  });
  return { transfers: r.transfers, total: r.amount };
}

/**
 * Settles a drawn period, set-based: two statements decide every 'exact' bet (the winners by a join on
 * the winning rows, then the rest lost), one every 'count' bet (pick-6: matches counted by unnesting the
 * ticket; fixed tiers, or a share of the merchant's jackpot pool by stake), one writes the winner boards'
 * rows, then the wins are credited from an aggregate. The jackpot is real money: real tickets share the
 * pool among themselves, and only what they take leaves it; trial tickets that hit six share the same
 * sum among themselves in play money. The period moves
 * drawn → settled in the same transaction, so a re-run (or a second process) finds nothing to do, and a
 * crash part-way leaves everything as before. Agrees with the engine's settleBet (same truncation).
 */
export async function settlePeriod(
  db: Database,
  periodId: bigint,
  now: Date,
  events?: LotteryEvents,
  faults: SettleFaults = {},
): Promise<SettleOutcome> {
  const out = await inTransaction(db, 'lottery.settlement.settlePeriod', async (trx) => {
    const p = await trx
      .updateTable('lottery_period')
      .set({ state: 'settled', settled_at: now })
      .where('id', '=', periodId)
      .where('state', '=', 'drawn')
      .returning(['id', 'game_code', 'numero', 'result'])
      .executeTakeFirst();
    if (!p) return NONE;
    // A period of a million bets groups 160,000 winning wallets: sorted and hashed in memory, not in
    // temporary files (4 MB by default; this transaction only).
    await sql`set local work_mem = '64MB'`.execute(trx);
    const game = getGame(p.game_code);
    const countTypes = Object.entries(game.betTypes)
      .filter(([, t]) => t.match === 'count')
      .map(([code]) => code);
    const none = countTypes.length === 0 ? [''] : countTypes;

    // The 'exact' bets: the winners by a join on the winning rows, then the rest lost. Two plain updates
    // (no self-join), each writing columns no index of lottery_bet names, so every row's new version
    // stays on its page (HOT, migration 0084).
    const won = await sql`
      update lottery_bet b
         set status = 'won', payout = b.stake * w.odds * w.hits / ${ODDS_SCALE}, settled_at = ${now}
        from lottery_winning w
       where b.period_id = ${p.id} and b.status = 'accepted' and b.bet_type <> all(${none})
         and w.period_id = b.period_id and w.merchant_id = b.merchant_id
         and w.bet_type = b.bet_type and w.selection = b.selection`.execute(trx);
    const lost = await sql`
      update lottery_bet
         set status = 'lost', payout = 0, settled_at = ${now}
       where period_id = ${p.id} and status = 'accepted' and bet_type <> all(${none})`.execute(trx);
    let bets = Number(won.numAffectedRows ?? 0n) + Number(lost.numAffectedRows ?? 0n);

    if (countTypes.length > 0) {
      const counted = await sql<{ merchant_id: number; n: number; jackpot_paid: string }>`
        with m as (
          select b.id, b.merchant_id, b.book, b.bet_type, b.stake, count(w.selection)::int as matches,
                 cardinality(string_to_array(b.selection, ','))::int as size
          from lottery_bet b
          cross join lateral unnest(string_to_array(b.selection, ',')) as t(item)
          left join lottery_winning w
            on w.period_id = b.period_id and w.merchant_id = b.merchant_id
           and w.bet_type = b.bet_type and w.selection = t.item
          where b.period_id = ${p.id} and b.status = 'accepted' and b.bet_type = any(${countTypes})
          group by b.id, b.merchant_id, b.book, b.bet_type, b.stake, b.selection
        ), k as (
          select m.*, t.odds, j.pool,
                 t.odds is null and j.pool is not null and m.matches = m.size as jackpot
          from m
          left join lottery_tier t
            on t.period_id = ${p.id} and t.merchant_id = m.merchant_id
           and t.bet_type = m.bet_type and t.matches = m.matches
          left join lottery_jackpot_period j on j.period_id = ${p.id} and j.merchant_id = m.merchant_id
        ), paid as (
          select k.id, k.merchant_id, k.book, k.jackpot, k.odds is not null or k.jackpot as won,
                 case when k.odds is not null then k.stake * k.odds / ${ODDS_SCALE}
                      when k.jackpot then div(k.pool::numeric * k.stake,
                           sum(k.stake) filter (where k.jackpot) over (partition by k.merchant_id, k.book))::bigint
                      else 0 end as payout
          from k
        ), u as (
          update lottery_bet b
             set status = case when paid.won then 'won' else 'lost' end, payout = paid.payout,
                 settled_at = ${now}
            from paid
           where b.id = paid.id and b.status = 'accepted'
          returning paid.merchant_id, paid.book, paid.payout, paid.jackpot
        )
        select merchant_id, count(*)::int as n,
               coalesce(sum(payout) filter (where jackpot and book = 'real'), 0)::text as jackpot_paid
        from u group by merchant_id`.execute(trx);
      for (const row of counted.rows) bets += Number(row.n);
      const paidBy = new Map(counted.rows.map((r) => [r.merchant_id, BigInt(r.jackpot_paid)]));
      const pools = await trx
        .selectFrom('lottery_jackpot_period')
        .select(['merchant_id', 'pool'])
        .where('period_id', '=', p.id)
        .execute();
      for (const j of pools) {
        const stored = await trx
          .selectFrom('lottery_merchant_game')
          .select('config')
          .where('merchant_id', '=', j.merchant_id)
          .where('game_code', '=', p.game_code)
          .executeTakeFirst();
        const config = merchantConfig(p.game_code, stored?.config ?? {});
        const paid = paidBy.get(j.merchant_id) ?? 0n;
        const carryOut = jackpotCarry(j.pool, paid, config);
        await trx
          .updateTable('lottery_jackpot_period')
          .set({ paid, carry_out: carryOut })
          .where('period_id', '=', p.id)
          .where('merchant_id', '=', j.merchant_id)
          .execute();
        await trx
          .insertInto('lottery_jackpot')
          .values({ merchant_id: j.merchant_id, game_code: p.game_code, carry: carryOut })
          .onConflict((oc) => oc.columns(['merchant_id', 'game_code']).doUpdateSet({ carry: carryOut }))
          .execute();
      }
    }
    // The winner boards' rows: the period's biggest real-money wins per site (what the lobby's board
    // and home's recent wins read, lottery_win_board).
    await sql`
      insert into lottery_win_board (merchant_id, period_id, bet_id, member_id, game_code, numero, stake,
        payout, settled_at)
      select merchant_id, period_id, id, member_id, game_code, numero, stake, payout, settled_at
      from (
        select b.*, row_number() over (partition by merchant_id order by payout desc, id) as place
        from lottery_bet b
        where period_id = ${p.id} and status = 'won' and book = 'real'
      ) r
      where place <= ${WINNER_BOARD_DEPTH}`.execute(trx);
    faults.afterBets?.();

    const c = await credit(trx, {
      periodId: p.id,
      status: 'won',
      kind: 'lottery_win',
      reference: `lottery:${p.game_code}:${p.numero}`,
      at: now,
    });
    return { settled: true, bets, transfers: c.transfers, paidMinor: c.total, p };
  });
  if ('p' in out && out.p) {
    events?.publish({
      type: 'settle',
      gameCode: out.p.game_code,
      numero: out.p.numero,
      result: out.p.result,
      at: now,
    });
    return { settled: true, bets: out.bets, transfers: out.transfers, paidMinor: out.paidMinor };
  }
  return NONE;
}

/** Refunds every bet of a cancelled period (stake back, one transfer per wallet); idempotent like settlement. */
export async function refundPeriod(
  db: Database,
  periodId: bigint,
  now: Date,
  events?: LotteryEvents,
): Promise<SettleOutcome> {
  const out = await inTransaction(db, 'lottery.settlement.refundPeriod', async (trx) => {
    const p = await trx
      .updateTable('lottery_period')
      .set({ state: 'refunded', settled_at: now })
      .where('id', '=', periodId)
      .where('state', '=', 'cancelled')
      .returning(['id', 'game_code', 'numero'])
      .executeTakeFirst();
    if (!p) return NONE;
    const r = await trx
      .updateTable('lottery_bet')
      .set((eb) => ({ status: 'refunded', payout: eb.ref('stake'), settled_at: now }))
      .where('period_id', '=', p.id)
      .where('status', '=', 'accepted')
      .executeTakeFirst();
    const c = await credit(trx, {
      periodId: p.id,
      status: 'refunded',
      kind: 'lottery_refund',
      reference: `lottery:${p.game_code}:${p.numero}`,
      at: now,
    });
    return { settled: true, bets: Number(r.numUpdatedRows), transfers: c.transfers, paidMinor: c.total, p };
  });
  if (!('p' in out)) return NONE;
  // Published once committed, so a screen that refetches on it sees the refunds.
  events?.publish({ type: 'settle', gameCode: out.p.game_code, numero: out.p.numero, result: null, at: now });
  return { settled: true, bets: out.bets, transfers: out.transfers, paidMinor: out.paidMinor };
}
