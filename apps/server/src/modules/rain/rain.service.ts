import { formatAmount } from '@panalo/contract/money';
import type { OpenRain, RainClaim, RainSummary, ScheduleRainRequest } from '@panalo/contract/rain';
import { RAIN_LIMITS } from '@panalo/contract/rain-rules';
import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { DomainError } from '../../lib/domain-error';
import { membersRepository, uniqueViolation } from '../identity/members.repository';
import type { RateLimiter } from '../ratelimit/ratelimit.service';
import { runIdempotent, type IdempotentResult } from '../wallet/idempotency';
import { accountIdFor, memberWalletKey, postTransfer, type Leg } from '../wallet/ledger';
import { positiveAmount } from '../wallet/money-request';
import { secretGuard } from '../identity/secret-guard';
import { RAIN_SHARDS, shardSums, splitBudget } from './rain-maths';
import { rainRepository, type SummaryRow } from './rain.repository';
import { inTransaction, withRetries } from '../../db/transaction';
import { checkKycTransfer } from '../kyc/kyc-gates';

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
  return (await rainRepository(db).summaries(merchantId, agentId, rainId)).map(summary);
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
    const rains = rainRepository(trx);
    const r = await rains.endScheduled(rainId, now, how);
    if (!r) return false;
    const held = await rains.lockHeldAccounts(r.held_accounts);
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
      await rains.setReturned(rainId, rest, posted.transferId);
    }
    return true;
  });
}

/** The rains whose window is over and that have not ended yet (oldest first, 500 at most). */
export async function dueRains(db: Database, now: Date): Promise<bigint[]> {
  return rainRepository(db).dueRainIds(now);
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
  const rains = rainRepository(db);
  const guard = secretGuard(limits);

  /** Why a claim took nothing (or the envelope a repeated claim number took): the slow path. */
  const refusal = async (
    c: RainCaller,
    rainId: bigint,
    claimNo: number,
    wallet: bigint,
    now: Date,
  ): Promise<ClaimAnswer> => {
    const taken = await rains.claimedEnvelope(rainId, c.memberId, claimNo);
    if (taken) {
      const balance = await rains.walletBalance(wallet);
      return {
        claim: claimNo,
        amount: formatAmount(taken.amount),
        sumBalance: formatAmount(balance ?? 0n),
      };
    }
    const r = await rains.rainForMember(c.merchantId, c.memberId, rainId);
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
        const found = await rains.activeTeamMembers(c.merchantId, c.memberId, chosen);
        if (found.length !== chosen.length)
          throw new DomainError('team_member_unknown', 404, 'Sorry, the user does not exist or is disabled');
      }

      // Funding a rain is money to other members: the agent's level must allow it (issue 53). A claim is
      // not gated (it stays one statement, for a storm of claims): the envelope's money was gated here, and
      // it leaves the claimer's wallet only through a gated withdrawal or transfer.
      await checkKycTransfer(db, { merchantId: c.merchantId, actorId: c.memberId, receiverIds: [], now });
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
      const rainId = await rains.nextRainId();
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
          const inTrx = rainRepository(trx);
          await inTrx.insertRain({
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
          });
          if (chosen.length > 0) await inTrx.insertChosen(rainId, chosen);
          await inTrx.insertEnvelopes(rainId, amounts);
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
      const claims = await rains.claims(rainId);
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
      const rows = await rains.openRains(c.merchantId, c.memberId, now);
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
      // The claim statement (rain.repository.ts) is one prepared statement per shape (PREPARED): planned
      // once per connection, then only bound.
      const take = (anywhere: boolean) => withRetries({ name: 'rain.claim' }, () => takeOnce(anywhere));
      const takeOnce = (anywhere: boolean) =>
        rains.takeEnvelope({
          merchantId: c.merchantId,
          memberId: c.memberId,
          currency: c.currency,
          rainId,
          claimNo,
          now,
          anywhere,
        });
      let wallet: bigint | undefined;
      try {
        let got = await take(true);
        if (got.eligible === 0) {
          // The member's first money: its wallet is made first (outside the claim), then the claim again.
          wallet = await accountIdFor(db, memberWalletKey(c.merchantId, c.memberId, c.currency));
          got = await take(true);
        }
        if (got.eligible > 0 && got.amount === null) got = await take(false);
        // Stryker disable next-line LogicalOperator: `||` is equivalent, amount and balance come from the one posting (both null or neither)
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
