import { sql } from 'kysely';
import { formatAmount } from '@panalo/contract/money';
import type { OpenRain, RainClaim, RainSummary, ScheduleRainRequest } from '@panalo/contract/rain';
import { RAIN_LIMITS } from '@panalo/contract/rain-rules';
import { PREPARED, type Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { DomainError } from '../../lib/domain-error';
import { membersRepository, uniqueViolation } from '../identity/members.repository';
import type { RateLimiter } from '../ratelimit/ratelimit.service';
import { runIdempotent, type IdempotentResult } from '../wallet/idempotency';
import { accountIdFor, memberWalletKey, postTransfer, type Leg } from '../wallet/ledger';
import { positiveAmount } from '../wallet/money-request';
import { secretGuard } from '../identity/secret-guard';
import { RAIN_SHARDS, shardSums, splitBudget } from './rain-maths';
import { inTransaction, withRetries } from '../../db/transaction';

interface ClaimAnswer {
  claim: number;
  amount: string;
  sumBalance: string;
}

export interface RainCaller {
  merchantId: number;
  currency: string;
  memberId: bigint;
}

const heldKey = (merchantId: number, currency: string, rainId: bigint, shard: number) => ({
  merchantId,
  book: 'real' as const,
  kind: 'held' as const,
  ref: `rain:${rainId}:${shard}`,
  currency,
});

const unknownRain = () => new DomainError('rain_unknown', 404, 'This red envelope rain does not exist');
const iso = (d: Date) => d.toISOString();

interface SummaryRow {
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

const summary = (r: SummaryRow): RainSummary => ({
  id: r.id.toString(),
  budget: formatAmount(r.budget),
  envelopes: r.envelopes,
  minAmount: formatAmount(r.min_amount),
  perMember: r.per_member,
  audience: r.audience,
  chosen: Number(r.chosen),
  startsAt: iso(r.starts_at),
  endsAt: iso(r.ends_at),
  status: r.status,
  claimed: Number(r.claimed),
  claimedAmount: formatAmount(BigInt(r.claimed_amount)),
  claimants: Number(r.claimants),
  returned: formatAmount(r.returned),
  createdAt: iso(r.created_at),
});

/** The agent's rains with what was claimed of each (one aggregate per rain). */
async function summaries(db: Database, merchantId: number, agentId: bigint, rainId?: bigint) {
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
  return rows.map(summary);
}

/**
 * Ends a rain: its status leaves 'scheduled' (once, whoever calls), then what its held shards still hold
 * returns to the agent's wallet in the same transaction. The shards are locked first, so a claim still in
 * flight either committed before (its envelope is paid) or finds its shard emptied and is refused by the
 * ledger. `cancel` ends only a rain whose window has not opened. True when this call ended it.
 */
export async function endRain(
  db: Database,
  rainId: bigint,
  now: Date,
  how: { status: 'finished' } | { status: 'cancelled'; agentId: bigint },
): Promise<boolean> {
  return inTransaction(db, 'rain.service.endRain', async (trx) => {
    const r = await trx
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
    if (!r) return false;
    const held = await trx
      .selectFrom('ledger_account')
      .select(['id', 'balance'])
      .where('id', 'in', r.held_accounts)
      .orderBy('id')
      .forUpdate()
      .execute();
    const legs: Leg[] = held
      .filter((h) => h.balance > 0n)
      .map((h) => ({ accountId: h.id, amount: -h.balance }));
    const rest = held.reduce((s, h) => s + h.balance, 0n);
    if (rest > 0n) {
      const wallet = await accountIdFor(trx, memberWalletKey(r.merchant_id, r.agent_id, r.currency));
      const posted = await postTransfer(trx, {
        merchantId: r.merchant_id,
        book: 'real',
        kind: 'rain_return',
        legs: [...legs, { accountId: wallet, amount: rest }],
        createdBy: 'system:rain',
        reference: `rain:${rainId}`,
        idempotency: { scope: 'rain_return', key: String(rainId) },
        at: now,
      });
      await trx
        .updateTable('rain')
        .set({ returned: rest, return_transfer_id: posted.transferId })
        .where('id', '=', rainId)
        .execute();
    }
    return true;
  });
}

/** The rains whose window is over and that have not ended yet (oldest first, 500 at most). */
export async function dueRains(db: Database, now: Date): Promise<bigint[]> {
  const due = await db
    .selectFrom('rain')
    .select('id')
    .where('status', '=', 'scheduled')
    .where('ends_at', '<=', now)
    .orderBy('ends_at')
    .limit(500)
    .execute();
  return due.map((r) => r.id);
}

/** Ends every rain whose window is over (what the job does); how many this call ended. */
export async function endDueRains(db: Database, now: Date): Promise<number> {
  let ended = 0;
  for (const id of await dueRains(db, now))
    if (await endRain(db, id, now, { status: 'finished' })) ended += 1;
  return ended;
}

/**
 * Red envelope rain (issue 17): an agent schedules a rain for its team or chosen downlines; the budget
 * leaves its wallet into the rain's held accounts at once, split into envelopes; members of the audience
 * claim envelopes during the window; the rest returns at the end (endRain).
 */
export function rainService(db: Database, clock: Clock, limits: RateLimiter) {
  const members = membersRepository(db);
  const guard = secretGuard(limits);

  /** Why a claim took nothing (or the envelope a repeated claim number took): the slow path. */
  const refusal = async (
    c: RainCaller,
    rainId: bigint,
    claimNo: number,
    wallet: bigint,
    now: Date,
  ): Promise<ClaimAnswer> => {
    const taken = await db
      .selectFrom('rain_envelope')
      .select('amount')
      .where('rain_id', '=', rainId)
      .where('member_id', '=', c.memberId)
      .where('claim_no', '=', claimNo)
      .executeTakeFirst();
    if (taken) {
      const b = await db
        .selectFrom('ledger_account')
        .select('balance')
        .where('id', '=', wallet)
        .executeTakeFirst();
      return {
        claim: claimNo,
        amount: formatAmount(taken.amount),
        sumBalance: formatAmount(b?.balance ?? 0n),
      };
    }
    const { rows } = await sql<{ status: string; starts_at: Date; ends_at: Date; per_member: number }>`
        select r.status, r.starts_at, r.ends_at, r.per_member
        from rain r
        join member a on a.id = r.agent_id
        join member me on me.merchant_id = r.merchant_id and me.id = ${c.memberId}::bigint
        where r.merchant_id = ${c.merchantId}::int and r.id = ${rainId}::bigint and me.status = 'active'
          and me.path > a.path and me.path < left(a.path, -1) || '0'
          and (r.audience = 'team'
               or exists (select 1 from rain_member rm where rm.rain_id = r.id and rm.member_id = me.id))`.execute(
      db,
    );
    const r = rows[0];
    if (!r) throw unknownRain();
    if (claimNo > r.per_member)
      throw new DomainError('rain_limit_reached', 409, 'You have opened all the envelopes you may', {
        perMember: r.per_member,
      });
    if (r.status === 'scheduled' && now < r.starts_at)
      throw new DomainError('rain_not_started', 409, 'The rain has not started yet', {
        startsAt: iso(r.starts_at),
      });
    if (r.status !== 'scheduled' || now >= r.ends_at)
      throw new DomainError('rain_over', 409, 'This red envelope rain is over');
    throw new DomainError('rain_empty', 409, 'Every envelope has been opened');
  };

  return {
    async schedule(
      c: RainCaller,
      body: ScheduleRainRequest & { memberIds: string[] },
      key: string,
    ): Promise<IdempotentResult<{ success: true; value: RainSummary }>> {
      const now = clock.now();
      const budget = positiveAmount(body.budget);
      const min = positiveAmount(body.minAmount ?? '0.01');
      const envelopes = body.envelopes;
      if (budget < BigInt(envelopes) * min)
        throw new DomainError(
          'rain_budget_too_small',
          400,
          'The budget must cover every envelope at its minimum',
          { least: formatAmount(BigInt(envelopes) * min) },
        );
      const asked = body.startsAt ? new Date(body.startsAt) : now;
      if (asked.getTime() < now.getTime() - 60_000)
        throw new DomainError('rain_start_past', 400, 'The rain cannot start in the past');
      if (asked.getTime() > now.getTime() + RAIN_LIMITS.maxLeadDays * 86_400_000)
        throw new DomainError('rain_start_too_far', 400, 'A rain can be scheduled up to 7 days ahead');
      const startsAt = asked < now ? now : asked;
      const endsAt = new Date(startsAt.getTime() + (body.minutes ?? 1) * 60_000);

      const audience = body.audience ?? 'team';
      const chosen = audience === 'chosen' ? body.memberIds.map((id) => BigInt(id)) : [];
      if (audience === 'chosen') {
        if (chosen.length === 0)
          throw new DomainError('rain_no_members', 400, 'Choose at least one downline');
        if (new Set(chosen.map(String)).size !== chosen.length)
          throw new DomainError('transfer_duplicate_member', 400, 'Each downline may appear once');
        const found = await sql<{ id: bigint }>`
          select m.id from member a join member m on m.merchant_id = a.merchant_id
            and m.path > a.path and m.path < left(a.path, -1) || '0'
          where a.merchant_id = ${c.merchantId}::int and a.id = ${c.memberId}::bigint
            and m.id = any(${chosen.map(String)}::bigint[]) and m.status = 'active'`.execute(db);
        if (found.rows.length !== chosen.length)
          throw new DomainError('team_member_unknown', 404, 'Sorry, the user does not exist or is disabled');
      }

      const agent = await members.findById(c.merchantId, c.memberId);
      if (!agent?.payment_password_hash)
        throw new DomainError('payment_password_required', 409, 'Set a payment password first');
      await guard.verify(
        c.merchantId,
        agent.id,
        'payment',
        agent.payment_password_hash,
        body.paymentPassword,
      );

      // The rain's id comes first: its held accounts are named after it.
      const { rows } = await sql<{ id: bigint }>`select nextval('rain_id_seq') as id`.execute(db);
      const rainId = BigInt(rows[0]!.id);
      const wallet = await accountIdFor(db, memberWalletKey(c.merchantId, c.memberId, c.currency));
      const amounts = splitBudget(budget, envelopes, min);

      const { paymentPassword: _secret, ...request } = body;
      return runIdempotent(
        db,
        { merchantId: c.merchantId, scope: `rain:${c.memberId}`, key, request },
        async (trx) => {
          // The held accounts are made in the rain's own transaction: a refused schedule (not enough
          // money) leaves none behind, and a replay (answered from its key) makes none. They are new
          // rows no other transaction sees, so the transfer below still locks only the wallet.
          const held: bigint[] = [];
          for (let s = 0; s < RAIN_SHARDS; s++)
            held.push(await accountIdFor(trx, heldKey(c.merchantId, c.currency, rainId, s)));
          const legs: Leg[] = shardSums(amounts)
            .map((amount, s) => ({ accountId: held[s]!, amount }))
            .filter((l) => l.amount > 0n);
          const posted = await postTransfer(trx, {
            merchantId: c.merchantId,
            book: 'real',
            kind: 'rain_fund',
            legs: [{ accountId: wallet, amount: -budget }, ...legs],
            createdBy: `member:${c.memberId}`,
            reference: `rain:${rainId}`,
            at: now,
          });
          await trx
            .insertInto('rain')
            .values({
              id: rainId,
              merchant_id: c.merchantId,
              agent_id: c.memberId,
              currency: c.currency,
              budget,
              envelopes,
              min_amount: min,
              per_member: body.perMember ?? 1,
              audience,
              starts_at: startsAt,
              ends_at: endsAt,
              held_accounts: held,
              fund_transfer_id: posted.transferId,
              created_at: now,
            })
            .execute();
          if (chosen.length > 0)
            await sql`insert into rain_member (rain_id, member_id)
              select ${rainId}::bigint, unnest(${chosen.map(String)}::bigint[])`.execute(trx);
          await sql`insert into rain_envelope (rain_id, n, amount)
            select ${rainId}::bigint, g.n, g.a
            from unnest(${amounts.map(String)}::bigint[]) with ordinality g(a, n)`.execute(trx);
          const [s] = await summaries(trx, c.merchantId, c.memberId, rainId);
          return { status: 200, body: { success: true as const, value: s! } };
        },
      );
    },

    list: (c: RainCaller) => summaries(db, c.merchantId, c.memberId),

    async detail(
      c: RainCaller,
      rainId: bigint,
    ): Promise<{ rain: RainSummary; claims: RainClaim[]; claimsShown: number }> {
      const [rain] = await summaries(db, c.merchantId, c.memberId, rainId);
      if (!rain) throw unknownRain();
      const claims = await db
        .selectFrom('rain_envelope as e')
        .innerJoin('member as m', 'm.id', 'e.member_id')
        .select(['m.username', 'e.claim_no', 'e.amount', 'e.claimed_at'])
        .where('e.rain_id', '=', rainId)
        .where('e.member_id', 'is not', null)
        .orderBy('e.claimed_at', 'desc')
        .orderBy('e.n', 'desc')
        .limit(200)
        .execute();
      return {
        rain,
        claims: claims.map((r) => ({
          username: r.username,
          claim: r.claim_no ?? 0,
          amount: formatAmount(r.amount),
          at: r.claimed_at ? iso(r.claimed_at) : '',
        })),
        claimsShown: claims.length,
      };
    },

    async cancel(c: RainCaller, rainId: bigint): Promise<RainSummary> {
      const [rain] = await summaries(db, c.merchantId, c.memberId, rainId);
      if (!rain) throw unknownRain();
      if (!(await endRain(db, rainId, clock.now(), { status: 'cancelled', agentId: c.memberId })))
        throw new DomainError('rain_already_started', 409, 'A rain can be cancelled only before it starts');
      const [after] = await summaries(db, c.merchantId, c.memberId, rainId);
      return after!;
    },

    /** The rains of the member's uplines it may claim from, that have not ended more than a day ago. */
    async open(c: RainCaller): Promise<OpenRain[]> {
      const now = clock.now();
      const { rows } = await sql<{
        id: bigint;
        from: string;
        starts_at: Date;
        ends_at: Date;
        status: 'scheduled' | 'finished' | 'cancelled';
        per_member: number;
        envelopes: number;
        left: number;
        won: { claim: number; amount: string }[] | null;
      }>`
        select r.id, a.username as from, r.starts_at, r.ends_at, r.status, r.per_member, r.envelopes,
          (select count(*)::int from rain_envelope f where f.rain_id = r.id and f.member_id is null) as left,
          (select json_agg(json_build_object('claim', e.claim_no, 'amount', e.amount::text) order by e.claim_no)
             from rain_envelope e where e.rain_id = r.id and e.member_id = me.id) as won
        from member me
        join rain r on r.merchant_id = me.merchant_id and r.ends_at > ${now}::timestamptz - interval '1 day'
          and r.status <> 'cancelled'
        join member a on a.id = r.agent_id
        where me.merchant_id = ${c.merchantId}::int and me.id = ${c.memberId}::bigint
          and me.path > a.path and me.path < left(a.path, -1) || '0'
          and (r.audience = 'team'
               or exists (select 1 from rain_member rm where rm.rain_id = r.id and rm.member_id = me.id))
        order by r.starts_at, r.id
        limit 20`.execute(db);
      return rows.map((r) => ({
        id: r.id.toString(),
        from: r.from,
        startsAt: iso(r.starts_at),
        endsAt: iso(r.ends_at),
        status: r.status,
        perMember: r.per_member,
        envelopes: r.envelopes,
        left: Number(r.left),
        won: (r.won ?? []).map((w) => ({ claim: w.claim, amount: formatAmount(BigInt(w.amount)) })),
      }));
    },

    /**
     * The member's claim number `claimNo` of the rain, in one statement: the audience, window and limit
     * are checked, one free envelope is locked (skip locked, from a random place: concurrent claims take
     * different envelopes and do not all queue at the first), the envelope's amount moves from its held
     * shard to the wallet through the one posting function (ledger_post: only if the shard still holds it —
     * a rain that ended under the claim pays nothing), and only then is the envelope marked with the
     * transfer. The unique (rain, member, claim number) key makes a repeat of the same claim take nothing:
     * it answers the envelope that claim took.
     */
    async claim(c: RainCaller, rainId: bigint, claimNo: number): Promise<ClaimAnswer> {
      const now = clock.now();
      // One prepared statement per shape (PREPARED): planned once per connection, then only bound.
      const take = (anywhere: boolean) => withRetries({ name: 'rain.claim' }, () => takeOnce(anywhere));
      const takeOnce = async (anywhere: boolean) => {
        const { rows } = await sql<{
          eligible: number;
          amount: string | null;
          balance: string | null;
        }>`${sql.raw(PREPARED)}
          with w as (
            select id from ledger_account
            where merchant_id = ${c.merchantId}::int and book = 'real' and kind = 'member_wallet'
              and coalesce(owner_member_id, 0) = ${c.memberId}::bigint and ref = '' and currency = ${c.currency}
          ), r as (
            select r.held_accounts, r.envelopes, w.id as wallet from rain r
            join member a on a.id = r.agent_id
            join member me on me.merchant_id = r.merchant_id and me.id = ${c.memberId}::bigint
            join w on true
            where r.merchant_id = ${c.merchantId}::int and r.id = ${rainId}::bigint and r.status = 'scheduled'
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
            from f, r, lateral ledger_post(${c.merchantId}::integer, 'real', 'rain_claim',
              array[r.held_accounts[${sql.raw(`(f.n % ${RAIN_SHARDS}) + 1`)}], r.wallet], array[-f.amount, f.amount],
              ${`member:${c.memberId}`}::text, ${now}::timestamptz,
              p_reference => ${`rain:${rainId}:`} || f.n) lp
          ), e as (
            update rain_envelope e set member_id = ${c.memberId}::bigint, claim_no = ${claimNo}::int,
              claimed_at = ${now}::timestamptz, transfer_id = p.transfer_id
            from p
            where p.transfer_id is not null and e.rain_id = ${rainId}::bigint and e.n = p.n
            returning e.n, e.amount, e.transfer_id
          )
          select (select count(*) from r)::int as eligible, (select amount::text from e) as amount,
            (select balance::text from p where transfer_id is not null) as balance,
            (select count(*) from e)::int as written`.execute(db);
        return rows[0]!;
      };
      let wallet: bigint | undefined;
      try {
        let got = await take(true);
        if (got.eligible === 0) {
          // The member's first money: its wallet is made first (outside the claim), then the claim again.
          wallet = await accountIdFor(db, memberWalletKey(c.merchantId, c.memberId, c.currency));
          got = await take(true);
        }
        if (got.eligible > 0 && got.amount === null) got = await take(false);
        if (got.amount !== null && got.balance !== null)
          return {
            claim: claimNo,
            amount: formatAmount(BigInt(got.amount)),
            sumBalance: formatAmount(BigInt(got.balance)),
          };
      } catch (err) {
        if (uniqueViolation(err) !== 'rain_envelope_claim') throw err;
      }
      wallet ??= await accountIdFor(db, memberWalletKey(c.merchantId, c.memberId, c.currency));
      return refusal(c, rainId, claimNo, wallet, now);
    },
  };
}

export type RainService = ReturnType<typeof rainService>;
