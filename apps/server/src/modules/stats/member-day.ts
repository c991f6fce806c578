import { sql } from 'kysely';
import type { Database } from '../../db/database';
import type { LedgerAccountKind } from '../../db/schema';

/** The figures of one member on one day (migration 0026), as signed minor units and counts. */
export interface DayFigures {
  bets: bigint;
  betCount: number;
  wins: bigint;
  refunds: bigint;
  deposits: bigint;
  depositCount: number;
  firstDeposits: number;
  withdrawals: bigint;
  withdrawalCount: number;
  bonuses: bigint;
  rebates: bigint;
  commissions: bigint;
}

export const NO_FIGURES: DayFigures = {
  bets: 0n,
  betCount: 0,
  wins: 0n,
  refunds: 0n,
  deposits: 0n,
  depositCount: 0,
  firstDeposits: 0,
  withdrawals: 0n,
  withdrawalCount: 0,
  bonuses: 0n,
  rebates: 0n,
  commissions: 0n,
};

/** One leg of a posted transfer, with what its account is. */
export interface CountedLeg {
  amount: bigint;
  kind: LedgerAccountKind;
  ownerMemberId: bigint | null;
}

/**
 * What a transfer of `kind` adds to its member's day, read from the leg it counts on (the member's wallet;
 * for a paid withdrawal, the member's pending-withdrawal account). Null when the kind is not a reported
 * figure (a hold, a transfer between members, an adjustment…). Pure, so the mapping is tested on its own;
 * checkLedger proves the same mapping against the ledger.
 */
export function figuresOf(
  kind: string,
  legs: readonly CountedLeg[],
): { memberId: bigint; figures: Partial<DayFigures> } | null {
  const leg = (k: LedgerAccountKind) => legs.find((l) => l.kind === k && l.ownerMemberId !== null);
  const wallet = leg('member_wallet');
  const on = (l: CountedLeg | undefined, figures: (amount: bigint) => Partial<DayFigures>) =>
    l?.ownerMemberId != null ? { memberId: l.ownerMemberId, figures: figures(l.amount) } : null;
  switch (kind) {
    case 'bet':
    case 'lottery_bet':
      return on(wallet, (a) => ({ bets: -a, betCount: 1 }));
    case 'win':
    case 'lottery_win':
      return on(wallet, (a) => ({ wins: a }));
    case 'rollback':
    case 'lottery_refund':
      return on(wallet, (a) => ({ refunds: a }));
    case 'deposit':
      return on(wallet, (a) => ({ deposits: a, depositCount: 1 }));
    case 'withdrawal_paid':
      return on(leg('pending_withdrawal'), (a) => ({ withdrawals: -a, withdrawalCount: 1 }));
    case 'deposit_bonus':
    case 'promotion_bonus':
    case 'bonus_forfeit':
      return on(wallet, (a) => ({ bonuses: a }));
    case 'rebate':
      return on(wallet, (a) => ({ rebates: a }));
    case 'agent_commission':
      return on(wallet, (a) => ({ commissions: a }));
    default:
      return null;
  }
}

/** Contract pay (issue 17): what a salary or a dividend moves counts as the agents' commissions. */
export const CONTRACT_PAY_KINDS: readonly string[] = ['agent_salary', 'agent_dividend'];

/**
 * Every member's figures a transfer moves: figuresOf's one member, except for contract pay, which counts
 * on every member wallet it touches — the agent paid (+) and, when its upline pays, the upline (−) — so
 * that the team above both sees money that stayed in the team as such.
 */
export function figureLegsOf(
  kind: string,
  legs: readonly CountedLeg[],
): { memberId: bigint; figures: Partial<DayFigures> }[] {
  if (CONTRACT_PAY_KINDS.includes(kind))
    return legs
      .filter((l) => l.kind === 'member_wallet' && l.ownerMemberId !== null)
      .map((l) => ({ memberId: l.ownerMemberId!, figures: { commissions: l.amount } }));
  const one = figuresOf(kind, legs);
  return one ? [one] : [];
}

/** The product group a transfer's figures count under when the caller names none. */
export const productOfKind = (kind: string) => (kind.startsWith('lottery_') ? 'lottery' : '');

/**
 * Adds figures to a member's day inside the caller's transaction (the transfer's own): the day is the
 * merchant's reporting day of `at`. A deposit marks the member's first deposit when it is one; postTransfer
 * marks it itself before the money moves (the member's row before its wallet: the lock order) and says
 * whether it was (`firstDeposit`).
 */
export async function addToMemberDay(
  trx: Database,
  o: {
    merchantId: number;
    memberId: bigint;
    at: Date;
    product: string;
    figures: Partial<DayFigures>;
    firstDeposit?: boolean;
  },
): Promise<void> {
  const f = { ...NO_FIGURES, ...o.figures };
  if (f.depositCount > 0 && o.firstDeposit !== undefined) f.firstDeposits = o.firstDeposit ? 1 : 0;
  else if (f.depositCount > 0) {
    const first = await trx
      .updateTable('member')
      .set({ first_deposit_at: o.at })
      .where('id', '=', o.memberId)
      .where('first_deposit_at', 'is', null)
      .executeTakeFirst();
    if (first.numUpdatedRows > 0n) f.firstDeposits = 1;
  }
  await sql`
    insert into member_day (merchant_id, member_id, day, product, bets, bet_count, wins, refunds, deposits,
      deposit_count, first_deposits, withdrawals, withdrawal_count, bonuses, rebates, commissions)
    select ${o.merchantId}::int, ${o.memberId}::bigint,
      (${o.at}::timestamptz at time zone merchant_time_zone(m.settings))::date, ${o.product},
      ${f.bets}::bigint, ${f.betCount}::int, ${f.wins}::bigint, ${f.refunds}::bigint, ${f.deposits}::bigint,
      ${f.depositCount}::int, ${f.firstDeposits}::int, ${f.withdrawals}::bigint, ${f.withdrawalCount}::int,
      ${f.bonuses}::bigint, ${f.rebates}::bigint, ${f.commissions}::bigint
    from merchant m where m.id = ${o.merchantId}::int
    on conflict (member_id, day, product) do update set
      bets = member_day.bets + excluded.bets,
      bet_count = member_day.bet_count + excluded.bet_count,
      wins = member_day.wins + excluded.wins,
      refunds = member_day.refunds + excluded.refunds,
      deposits = member_day.deposits + excluded.deposits,
      deposit_count = member_day.deposit_count + excluded.deposit_count,
      first_deposits = member_day.first_deposits + excluded.first_deposits,
      withdrawals = member_day.withdrawals + excluded.withdrawals,
      withdrawal_count = member_day.withdrawal_count + excluded.withdrawal_count,
      bonuses = member_day.bonuses + excluded.bonuses,
      rebates = member_day.rebates + excluded.rebates,
      commissions = member_day.commissions + excluded.commissions`.execute(trx);
  // The hourly salary's figures (migration 0035): stakes, refunds and deposits per local hour.
  if (f.bets !== 0n || f.refunds !== 0n || f.deposits !== 0n)
    await sql`
      insert into member_hour (merchant_id, member_id, hour, product, bets, refunds, deposits)
      select ${o.merchantId}::int, ${o.memberId}::bigint,
        date_trunc('hour', ${o.at}::timestamptz at time zone merchant_time_zone(m.settings)), ${o.product},
        ${f.bets}::bigint, ${f.refunds}::bigint, ${f.deposits}::bigint
      from merchant m where m.id = ${o.merchantId}::int
      on conflict (member_id, hour, product) do update set
        bets = member_hour.bets + excluded.bets,
        refunds = member_hour.refunds + excluded.refunds,
        deposits = member_hour.deposits + excluded.deposits`.execute(trx);
}
