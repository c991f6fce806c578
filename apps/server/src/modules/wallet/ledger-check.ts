import { sql } from 'kysely';
import type { Database } from '../../db/database';

export interface LedgerViolations {
  /** Transfers whose entries do not sum to zero. */
  unbalancedTransfers: string[];
  /** Accounts whose stored balance (plus house amounts not rolled up yet) differs from the sum of their entries. */
  driftedAccounts: string[];
  /** Member wallets (or pending withdrawals) below zero. */
  negativeWallets: string[];
  /** Entries whose balance_after does not follow from the previous entry of the account. */
  brokenRunningBalances: string[];
  /** Idempotency keys that map to more than one transfer. */
  duplicateKeys: string[];
  /** Entries whose transfer does not exist (no foreign key holds this on the bet path: migration 0016). */
  orphanEntries: string[];
  /**
   * Members whose daily figures (member_day, plus their rows still queued in house_pending) differ from
   * their real-money ledger entries, per figure: 'member:figure'.
   */
  driftedFigures: string[];
  /**
   * Merchants' days whose kept sums (merchant_day, migration 0062: what the dashboard and the reports
   * read) differ from their members' daily figures: 'merchant:day:product'.
   */
  driftedMerchantDays: string[];
}

/**
 * The ledger's invariants (DESIGN.md): every transfer sums to 0; every balance (for a house shard: plus
 * its amounts in house_pending, see house-rollup.ts) equals the sum of its entries; no member wallet below
 * 0; every idempotency key maps to exactly one transfer; every entry's transfer exists; and each entry's
 * balance_after follows from the one before it (house shards excepted: their bet legs carry no
 * balance_after); every member's daily figures add up to what the ledger says (migration 0026); and
 * every merchant's days add up to its members' (0062).
 */
export async function checkLedger(db: Database, merchantId?: number): Promise<LedgerViolations> {
  const m = merchantId ?? null;
  const unbalanced = await sql<{ id: string }>`
    select t.id::text as id from ledger_transfer t join ledger_entry e on e.transfer_id = t.id
    where (${m}::int is null or t.merchant_id = ${m}) group by t.id having sum(e.amount) <> 0`.execute(db);
  const drifted = await sql<{ id: string }>`
    select a.id::text as id from ledger_account a
    left join (select account_id, sum(amount) as s from ledger_entry group by account_id) e on e.account_id = a.id
    left join (select account_id, sum(amount) as p from house_pending group by account_id) p on p.account_id = a.id
    where (${m}::int is null or a.merchant_id = ${m}) and a.balance + coalesce(p.p, 0) <> coalesce(e.s, 0)`.execute(
    db,
  );
  const negative = await sql<{ id: string }>`
    select id::text as id from ledger_account
    where (${m}::int is null or merchant_id = ${m}) and not allow_negative and balance < 0`.execute(db);
  const running = await sql<{ id: string }>`
    select id::text as id from (
      select e.id, e.balance_after,
             sum(e.amount) over (partition by e.account_id order by e.id rows unbounded preceding) as running
      from ledger_entry e join ledger_account a on a.id = e.account_id
      where (${m}::int is null or a.merchant_id = ${m}) and a.kind <> 'house'
    ) x where x.balance_after <> x.running`.execute(db);
  const dupes = await sql<{ k: string }>`
    select merchant_id || ':' || idempotency_scope || ':' || idempotency_key as k from ledger_transfer
    where idempotency_key is not null and (${m}::int is null or merchant_id = ${m})
    group by merchant_id, idempotency_scope, idempotency_key having count(*) > 1`.execute(db);
  const orphans = await sql<{ id: string }>`
    select e.id::text as id from ledger_entry e join ledger_account a on a.id = e.account_id
    where (${m}::int is null or a.merchant_id = ${m})
      and not exists (select 1 from ledger_transfer t where t.id = e.transfer_id)`.execute(db);
  const figures = await sql<{ k: string }>`
    with l as (
      select a.owner_member_id as member_id,
        sum(-e.amount) filter (where t.kind in ('bet', 'lottery_bet') and a.kind = 'member_wallet') as bets,
        count(*) filter (where t.kind in ('bet', 'lottery_bet') and a.kind = 'member_wallet') as bet_count,
        sum(e.amount) filter (where t.kind in ('win', 'lottery_win') and a.kind = 'member_wallet') as wins,
        sum(e.amount) filter (where t.kind in ('rollback', 'lottery_refund') and a.kind = 'member_wallet')
          as refunds,
        sum(e.amount) filter (where t.kind = 'deposit' and a.kind = 'member_wallet') as deposits,
        count(*) filter (where t.kind = 'deposit' and a.kind = 'member_wallet') as deposit_count,
        sum(-e.amount) filter (where t.kind = 'withdrawal_paid' and a.kind = 'pending_withdrawal') as withdrawals,
        sum(e.amount) filter (where t.kind in ('deposit_bonus', 'promotion_bonus', 'bonus_forfeit') and a.kind = 'member_wallet')
          as bonuses,
        sum(e.amount) filter (where t.kind = 'rebate' and a.kind = 'member_wallet') as rebates,
        sum(e.amount) filter (where t.kind in ('agent_commission', 'agent_salary', 'agent_dividend')
          and a.kind = 'member_wallet') as commissions
      from ledger_entry e join ledger_account a on a.id = e.account_id
      join ledger_transfer t on t.id = e.transfer_id
      where a.book = 'real' and a.owner_member_id is not null and (${m}::int is null or a.merchant_id = ${m})
      group by a.owner_member_id
    ), f as (
      select member_id, sum(bets) as bets, sum(bet_count) as bet_count, sum(wins) as wins,
        sum(refunds) as refunds, sum(deposits) as deposits, sum(deposit_count) as deposit_count,
        sum(withdrawals) as withdrawals, sum(bonuses) as bonuses, sum(rebates) as rebates,
        sum(commissions) as commissions
      from (
        select member_id, bets, bet_count, wins, refunds, deposits, deposit_count, withdrawals, bonuses,
          rebates, commissions
        from member_day where ${m}::int is null or merchant_id = ${m}
        union all
        select member_id, sum(amount) filter (where kind = 'bet'), count(*) filter (where kind = 'bet'),
          -sum(amount) filter (where kind = 'win'), -sum(amount) filter (where kind = 'refund'),
          0, 0, 0, -sum(amount) filter (where kind = 'bonus'), -sum(amount) filter (where kind = 'rebate'), 0
        from house_pending hp
        where member_id is not null and (${m}::int is null
          or exists (select 1 from ledger_account ha where ha.id = hp.account_id and ha.merchant_id = ${m}))
        group by member_id
      ) x group by member_id
    ), c as (
      select coalesce(l.member_id, f.member_id) as member_id, v.figure, v.ledger, v.counted
      from l full join f on f.member_id = l.member_id
      cross join lateral (values
        ('bets', l.bets, f.bets), ('bet_count', l.bet_count, f.bet_count), ('wins', l.wins, f.wins),
        ('refunds', l.refunds, f.refunds), ('deposits', l.deposits, f.deposits),
        ('deposit_count', l.deposit_count, f.deposit_count), ('withdrawals', l.withdrawals, f.withdrawals),
        ('bonuses', l.bonuses, f.bonuses), ('rebates', l.rebates, f.rebates),
        ('commissions', l.commissions, f.commissions)) as v(figure, ledger, counted)
    )
    select member_id::text || ':' || figure as k from c
    where coalesce(ledger, 0) <> coalesce(counted, 0)
    order by member_id, figure`.execute(db);
  const merchantDays = await sql<{ k: string }>`
    with kept as (
      select merchant_id, day, product, sum(bets) as bets, sum(bet_count) as bet_count, sum(wins) as wins,
        sum(refunds) as refunds, sum(deposits) as deposits, sum(deposit_count) as deposit_count,
        sum(first_deposits) as first_deposits, sum(withdrawals) as withdrawals,
        sum(withdrawal_count) as withdrawal_count, sum(bonuses) as bonuses, sum(rebates) as rebates,
        sum(commissions) as commissions
      from merchant_day where ${m}::int is null or merchant_id = ${m}
      group by merchant_id, day, product
    ), counted as (
      select merchant_id, day, product, sum(bets) as bets, sum(bet_count) as bet_count, sum(wins) as wins,
        sum(refunds) as refunds, sum(deposits) as deposits, sum(deposit_count) as deposit_count,
        sum(first_deposits) as first_deposits, sum(withdrawals) as withdrawals,
        sum(withdrawal_count) as withdrawal_count, sum(bonuses) as bonuses, sum(rebates) as rebates,
        sum(commissions) as commissions
      from member_day where ${m}::int is null or merchant_id = ${m}
      group by merchant_id, day, product
    )
    select coalesce(k.merchant_id, c.merchant_id)::text || ':' || coalesce(k.day, c.day)::text || ':'
      || coalesce(k.product, c.product) as k
    from kept k full join counted c
      on c.merchant_id = k.merchant_id and c.day = k.day and c.product = k.product
    where (coalesce(k.bets, 0), coalesce(k.bet_count, 0), coalesce(k.wins, 0), coalesce(k.refunds, 0),
        coalesce(k.deposits, 0), coalesce(k.deposit_count, 0), coalesce(k.first_deposits, 0),
        coalesce(k.withdrawals, 0), coalesce(k.withdrawal_count, 0), coalesce(k.bonuses, 0),
        coalesce(k.rebates, 0), coalesce(k.commissions, 0))
      is distinct from (coalesce(c.bets, 0), coalesce(c.bet_count, 0), coalesce(c.wins, 0),
        coalesce(c.refunds, 0), coalesce(c.deposits, 0), coalesce(c.deposit_count, 0),
        coalesce(c.first_deposits, 0), coalesce(c.withdrawals, 0), coalesce(c.withdrawal_count, 0),
        coalesce(c.bonuses, 0), coalesce(c.rebates, 0), coalesce(c.commissions, 0))
    order by 1`.execute(db);
  return {
    unbalancedTransfers: unbalanced.rows.map((r) => r.id),
    driftedAccounts: drifted.rows.map((r) => r.id),
    negativeWallets: negative.rows.map((r) => r.id),
    brokenRunningBalances: running.rows.map((r) => r.id),
    duplicateKeys: dupes.rows.map((r) => r.k),
    orphanEntries: orphans.rows.map((r) => r.id),
    driftedFigures: figures.rows.map((r) => r.k),
    driftedMerchantDays: merchantDays.rows.map((r) => r.k),
  };
}

export const ledgerIsClean = (v: LedgerViolations) =>
  Object.values(v as unknown as Record<string, string[]>).every((list) => list.length === 0);
