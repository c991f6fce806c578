import { sql, type Insertable } from 'kysely';
import { PREPARED, type Database } from '../../db/database';
import type { RainTable } from '../../db/schema';
import { RAIN_SHARDS } from './rain-maths';

export interface SummaryRow {
  id: bigint;
  budget: bigint;
  envelopes: number;
  min_amount: bigint;
  per_member: number;
  audience: 'team' | 'chosen';
  starts_at: Date;
  ends_at: Date;
  status: 'scheduled' | 'finished' | 'cancelled';
  returned: bigint;
  created_at: Date;
  chosen: number;
  claimed: number;
  claimed_amount: bigint;
  claimants: number;
}

export interface OpenRainRow {
  id: bigint;
  from: string;
  starts_at: Date;
  ends_at: Date;
  status: 'scheduled' | 'finished' | 'cancelled';
  per_member: number;
  envelopes: number;
  left: number;
  won: { claim: number; amount: string }[] | null;
}

/**
 * Rain SQL: the rains, their chosen audience and envelopes. A member is in an agent's audience when its
 * path is in the agent's range (`me.path > a.path and me.path < left(a.path, -1) || '0'`), active, and
 * for a rain of chosen members one of them. Pass the transaction inside one.
 */
export function rainRepository(db: Database) {
  return {
    /** The agent's rains (or one) with what was claimed of each (one aggregate per rain), newest first. */
    async summaries(merchantId: number, agentId: bigint, rainId?: bigint): Promise<SummaryRow[]> {
      const { rows } = await sql<SummaryRow>`
    select r.id, r.budget, r.envelopes, r.min_amount, r.per_member, r.audience, r.starts_at, r.ends_at,
      r.status, r.returned, r.created_at,
      (select count(*)::int from rain_member rm where rm.rain_id = r.id) as chosen,
      c.claimed, c.claimed_amount, c.claimants
    from rain r
    cross join lateral (
      select count(*)::int as claimed, coalesce(sum(e.amount), 0)::bigint as claimed_amount,
        count(distinct e.member_id)::int as claimants
      from rain_envelope e where e.rain_id = r.id and e.member_id is not null) c
    where r.merchant_id = ${merchantId}::int and r.agent_id = ${agentId}::bigint
      ${rainId === undefined ? sql`` : sql`and r.id = ${rainId}::bigint`}
    order by r.created_at desc, r.id desc
    limit 50`.execute(db);
      return rows;
    },

    /**
     * Moves a rain out of 'scheduled' (a cancel: only before its window opens and by its agent; a finish:
     * only once its window is over); undefined when it had already left it or does not qualify.
     */
    endScheduled(
      rainId: bigint,
      now: Date,
      how: { status: 'finished' } | { status: 'cancelled'; agentId: bigint },
    ) {
      return db
        .updateTable('rain')
        .set({ status: how.status, finished_at: now })
        .where('id', '=', rainId)
        .where('status', '=', 'scheduled')
        .$if(how.status === 'cancelled', (q) =>
          q.where('starts_at', '>', now).where('agent_id', '=', (how as { agentId: bigint }).agentId),
        )
        .$if(how.status === 'finished', (q) => q.where('ends_at', '<=', now))
        .returning(['merchant_id', 'agent_id', 'currency', 'held_accounts'])
        .executeTakeFirst();
    },

    /** The rain's held shards with their balances, locked in id order. */
    lockHeldAccounts(ids: bigint[]) {
      return db
        .selectFrom('ledger_account')
        .select(['id', 'balance'])
        .where('id', 'in', ids)
        .orderBy('id')
        .forUpdate()
        .execute();
    },

    async setReturned(rainId: bigint, returned: bigint, transferId: bigint): Promise<void> {
      await db
        .updateTable('rain')
        .set({ returned, return_transfer_id: transferId })
        .where('id', '=', rainId)
        .execute();
    },

    /** The rains whose window is over and that have not ended yet (oldest first, 500 at most). */
    async dueRainIds(now: Date): Promise<bigint[]> {
      const due = await db
        .selectFrom('rain')
        .select('id')
        .where('status', '=', 'scheduled')
        .where('ends_at', '<=', now)
        .orderBy('ends_at')
        .limit(500)
        .execute();
      return due.map((r) => r.id);
    },

    /** The envelope a member's claim number took, if any. */
    claimedEnvelope(rainId: bigint, memberId: bigint, claimNo: number) {
      return db
        .selectFrom('rain_envelope')
        .select('amount')
        .where('rain_id', '=', rainId)
        .where('member_id', '=', memberId)
        .where('claim_no', '=', claimNo)
        .executeTakeFirst();
    },

    async walletBalance(accountId: bigint): Promise<bigint | undefined> {
      const b = await db
        .selectFrom('ledger_account')
        .select('balance')
        .where('id', '=', accountId)
        .executeTakeFirst();
      return b?.balance;
    },

    /** A rain of the merchant the member is in the audience of (active, in the agent's team), if any. */
    async rainForMember(merchantId: number, memberId: bigint, rainId: bigint) {
      const { rows } = await sql<{ status: string; starts_at: Date; ends_at: Date; per_member: number }>`
        select r.status, r.starts_at, r.ends_at, r.per_member
        from rain r
        join member a on a.id = r.agent_id
        join member me on me.merchant_id = r.merchant_id and me.id = ${memberId}::bigint
        where r.merchant_id = ${merchantId}::int and r.id = ${rainId}::bigint and me.status = 'active'
          and me.path > a.path and me.path < left(a.path, -1) || '0'
          and (r.audience = 'team'
               or exists (select 1 from rain_member rm where rm.rain_id = r.id and rm.member_id = me.id))`.execute(
        db,
      );
      return rows[0];
    },

    /** Which of `ids` are active members of the agent's team. */
    async activeTeamMembers(merchantId: number, agentId: bigint, ids: bigint[]): Promise<{ id: bigint }[]> {
      const found = await sql<{ id: bigint }>`
          select m.id from member a join member m on m.merchant_id = a.merchant_id
            and m.path > a.path and m.path < left(a.path, -1) || '0'
          where a.merchant_id = ${merchantId}::int and a.id = ${agentId}::bigint
            and m.id = any(${ids.map(String)}::bigint[]) and m.status = 'active'`.execute(db);
      return found.rows;
    },

    /** A new rain's id, drawn before the rain is written (its held accounts are named after it). */
    async nextRainId(): Promise<bigint> {
      const { rows } = await sql<{ id: bigint }>`select nextval('rain_id_seq') as id`.execute(db);
      return BigInt(rows[0]!.id);
    },

    async insertRain(values: Insertable<RainTable>): Promise<void> {
      await db.insertInto('rain').values(values).execute();
    },

    async insertChosen(rainId: bigint, memberIds: bigint[]): Promise<void> {
      await sql`insert into rain_member (rain_id, member_id)
              select ${rainId}::bigint, unnest(${memberIds.map(String)}::bigint[])`.execute(db);
    },

    /** The rain's envelopes, numbered from 1 in the order of `amounts`. */
    async insertEnvelopes(rainId: bigint, amounts: bigint[]): Promise<void> {
      await sql`insert into rain_envelope (rain_id, n, amount)
            select ${rainId}::bigint, g.n, g.a
            from unnest(${amounts.map(String)}::bigint[]) with ordinality g(a, n)`.execute(db);
    },

    /** The claims of a rain, newest first (200 at most). */
    claims(rainId: bigint) {
      return db
        .selectFrom('rain_envelope as e')
        .innerJoin('member as m', 'm.id', 'e.member_id')
        .select(['m.username', 'e.claim_no', 'e.amount', 'e.claimed_at'])
        .where('e.rain_id', '=', rainId)
        .where('e.member_id', 'is not', null)
        .orderBy('e.claimed_at', 'desc')
        .orderBy('e.n', 'desc')
        .limit(200)
        .execute();
    },

    /** The rains of the member's uplines it may claim from, that have not ended more than a day ago. */
    async openRains(merchantId: number, memberId: bigint, now: Date): Promise<OpenRainRow[]> {
      const { rows } = await sql<OpenRainRow>`
        select r.id, a.username as from, r.starts_at, r.ends_at, r.status, r.per_member, r.envelopes,
          (select count(*)::int from rain_envelope f where f.rain_id = r.id and f.member_id is null) as left,
          (select json_agg(json_build_object('claim', e.claim_no, 'amount', e.amount::text) order by e.claim_no)
             from rain_envelope e where e.rain_id = r.id and e.member_id = me.id) as won
        from member me
        join rain r on r.merchant_id = me.merchant_id and r.ends_at > ${now}::timestamptz - interval '1 day'
          and r.status <> 'cancelled'
        join member a on a.id = r.agent_id
        where me.merchant_id = ${merchantId}::int and me.id = ${memberId}::bigint
          and me.path > a.path and me.path < left(a.path, -1) || '0'
          and (r.audience = 'team'
               or exists (select 1 from rain_member rm where rm.rain_id = r.id and rm.member_id = me.id))
        order by r.starts_at, r.id
        limit 20`.execute(db);
      return rows;
    },

    /**
     * One claim in one statement (rainService.claim says how): `eligible` 0 when the member may not
     * claim now (or has no wallet yet), `amount` and `balance` null when nothing was taken. `anywhere`
     * starts the search for a free envelope at a random place. One prepared statement per shape.
     */
    async takeEnvelope(o: {
      merchantId: number;
      memberId: bigint;
      currency: string;
      rainId: bigint;
      claimNo: number;
      now: Date;
      anywhere: boolean;
    }) {
      const { merchantId, memberId, currency, rainId, claimNo, now, anywhere } = o;
      const { rows } = await sql<{
        eligible: number;
        amount: string | null;
        balance: string | null;
      }>`${sql.raw(PREPARED)}
          with w as (
            select id from ledger_account
            where merchant_id = ${merchantId}::int and book = 'real' and kind = 'member_wallet'
              and coalesce(owner_member_id, 0) = ${memberId}::bigint and ref = '' and currency = ${currency}
          ), r as (
            select r.held_accounts, r.envelopes, w.id as wallet from rain r
            join member a on a.id = r.agent_id
            join member me on me.merchant_id = r.merchant_id and me.id = ${memberId}::bigint
            join w on true
            where r.merchant_id = ${merchantId}::int and r.id = ${rainId}::bigint and r.status = 'scheduled'
              and r.starts_at <= ${now}::timestamptz and r.ends_at > ${now}::timestamptz
              and ${claimNo}::int <= r.per_member and me.status = 'active'
              and me.path > a.path and me.path < left(a.path, -1) || '0'
              and (r.audience = 'team'
                   or exists (select 1 from rain_member rm where rm.rain_id = r.id and rm.member_id = me.id))
          ), f as (
            select n, amount from rain_envelope
            where rain_id = ${rainId}::bigint and member_id is null
              and n >= ${anywhere ? sql`(select 1 + floor(random() * envelopes)::int from r)` : sql`1`}
              and exists (select 1 from r)
            order by n limit 1 for update skip locked
          ), p as (
            select f.n, f.amount, lp.transfer_id, lp.balances[2] as balance
            from f, r, lateral ledger_post(${merchantId}::integer, 'real', 'rain_claim',
              array[r.held_accounts[${sql.raw(`(f.n % ${RAIN_SHARDS}) + 1`)}], r.wallet], array[-f.amount, f.amount],
              ${`member:${memberId}`}::text, ${now}::timestamptz,
              p_reference => ${`rain:${rainId}:`} || f.n) lp
          ), e as (
            update rain_envelope e set member_id = ${memberId}::bigint, claim_no = ${claimNo}::int,
              claimed_at = ${now}::timestamptz, transfer_id = p.transfer_id
            from p
            where p.transfer_id is not null and e.rain_id = ${rainId}::bigint and e.n = p.n
            returning e.n, e.amount, e.transfer_id
          )
          select (select count(*) from r)::int as eligible, (select amount::text from e) as amount,
            (select balance::text from p where transfer_id is not null) as balance,
            (select count(*) from e)::int as written`.execute(db);
      return rows[0]!;
    },
  };
}
