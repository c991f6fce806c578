import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RawNode, sql, type KyselyPlugin } from 'kysely';
import type { OpenRain, RainClaim, RainSummary } from '@panalo/contract/rain';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { bearer, createMember, sessionFor } from '../../test-support/members';
import { expectLedgerClean, fundFromClearing } from '../../test-support/ledger';
import { hashPassword } from '../identity/passwords';
import { accountBalance, findAccountId, memberWalletKey } from '../wallet/ledger';
import { transactionRetries, type RetryEvent } from '../../db/transaction';
import { endDueRains, rainService } from './rain.service';

type Ok<T> = { success: true; value: T };
type Err = { success: false; code: string; message: string; value?: Record<string, unknown> };
type Member = Awaited<ReturnType<typeof createMember>>;

// Issue 17, red envelope rain (/m/redRain): an agent funds a rain for its team or chosen downlines; the
// budget leaves its wallet at once; members of the audience claim envelopes in the window; the rest
// returns at the end. Authorisation from the session: nobody claims from, reads or cancels a rain that is
// not theirs.

describe('red envelope rain over the API', () => {
  let t: TestApp;
  let agent: Member;
  let agentToken: string;
  let a: Member;
  let aToken: string;
  let sub: Member;
  let subToken: string;
  let b: Member;
  let bToken: string;
  let stranger: string;
  let otherAgent: string;
  let n = 0;

  const call = <T>(method: 'GET' | 'POST', url: string, as: string, payload?: unknown, key?: string) =>
    t.request<Ok<T> | Err>({
      method,
      url,
      headers: {
        merchant: 'panalo',
        ...bearer(as),
        ...(method === 'POST' ? { 'idempotency-key': key ?? `rain-key-${++n}` } : {}),
      },
      ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
    });
  const value = <T>(r: { status: number; body: Ok<T> | Err }): T => {
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return (r.body as Ok<T>).value;
  };
  const refused = (r: { status: number; body: unknown }, status: number, code: string) =>
    expect([r.status, (r.body as Err).code], JSON.stringify(r.body)).toEqual([status, code]);
  const balance = (m: Member) => accountBalance(t.ctx.db, memberWalletKey(1, m.id, 'PHP'));
  const schedule = (body: Record<string, unknown>, key?: string) =>
    call<RainSummary>(
      'POST',
      '/api/agent/rains',
      agentToken,
      { budget: '10.00', envelopes: 10, minutes: 10, paymentPassword: '135790', ...body },
      key,
    );
  const claim = (as: string, id: string, no: number) =>
    call<{ claim: number; amount: string; sumBalance: string }>('POST', `/api/rains/${id}/claim`, as, {
      claim: no,
    });
  const heldOf = async (id: string) =>
    (
      await sql<{ sum: string }>`select coalesce(sum(balance), 0)::text as sum from ledger_account
        where kind = 'held' and ref like ${`rain:${id}:%`}`.execute(t.ctx.db)
    ).rows[0]!.sum;

  beforeAll(async () => {
    t = await createTestApp();
    agent = await createMember(t, { type: 1 });
    await t.ctx.db
      .updateTable('member')
      .set({ payment_password_hash: await hashPassword('135790') })
      .where('id', '=', agent.id)
      .execute();
    agentToken = await sessionFor(t, agent);
    a = await createMember(t, { uplineId: agent.id });
    aToken = await sessionFor(t, a);
    sub = await createMember(t, { type: 1, uplineId: agent.id });
    subToken = await sessionFor(t, sub);
    b = await createMember(t, { uplineId: sub.id });
    bToken = await sessionFor(t, b);
    stranger = await sessionFor(t, await createMember(t));
    otherAgent = await sessionFor(t, await createMember(t, { type: 1 }));
    await fundFromClearing(t.ctx.db, agent.id, 100_000n, t.clock.now());
  });
  afterAll(async () => {
    await expectLedgerClean(t.ctx.db);
    await t.close();
  });

  it('schedules a rain: the budget leaves the agent’s wallet into the rain’s held accounts, split into envelopes', async () => {
    const before = await balance(agent);
    const r = value(await schedule({ budget: '25.00', envelopes: 7, minAmount: '0.50', perMember: 2 }));
    expect(r).toMatchObject({
      budget: '25.00',
      envelopes: 7,
      minAmount: '0.50',
      perMember: 2,
      audience: 'team',
      status: 'scheduled',
      claimed: 0,
      startsAt: t.clock.now().toISOString(),
      endsAt: new Date(t.clock.now().getTime() + 600_000).toISOString(),
    });
    expect(before - (await balance(agent))).toBe(2_500n);
    expect(await heldOf(r.id)).toBe('2500');
    const env = await t.ctx.db
      .selectFrom('rain_envelope')
      .select('amount')
      .where('rain_id', '=', BigInt(r.id))
      .execute();
    expect(env).toHaveLength(7);
    expect(env.reduce((s, e) => s + e.amount, 0n)).toBe(2_500n);
    expect(env.every((e) => e.amount >= 50n)).toBe(true);
  });

  it('is idempotent: the same key again answers the same rain and takes the budget once', async () => {
    const before = await balance(agent);
    const first = value(await schedule({ budget: '3.00', envelopes: 3 }, 'rain-same-key'));
    const again = await schedule({ budget: '3.00', envelopes: 3 }, 'rain-same-key');
    expect(value(again).id).toBe(first.id);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(before - (await balance(agent))).toBe(300n);
  });

  it('refuses bad terms with a clear key, writing nothing', async () => {
    const count = async () =>
      Number((await sql<{ n: string }>`select count(*) as n from rain`.execute(t.ctx.db)).rows[0]!.n);
    // Nor a rain's held accounts (they were made before the money moved, and stayed on a refusal).
    const accounts = async () =>
      Number(
        (await sql<{ n: string }>`select count(*) as n from ledger_account`.execute(t.ctx.db)).rows[0]!.n,
      );
    const was = await count();
    const accountsWere = await accounts();
    const before = await balance(agent);
    refused(await schedule({ budget: '0.99', envelopes: 100 }), 400, 'rain_budget_too_small');
    refused(await schedule({ paymentPassword: '000000' }), 400, 'payment_password_wrong');
    refused(await schedule({ budget: '99999.00' }), 409, 'insufficient_balance');
    refused(await schedule({ startsAt: '2020-01-01T00:00:00Z' }), 400, 'rain_start_past');
    refused(await schedule({ startsAt: '2027-01-01T00:00:00Z' }), 400, 'rain_start_too_far');
    refused(await schedule({ audience: 'chosen' }), 400, 'rain_no_members');
    refused(await schedule({ audience: 'chosen', memberIds: ['999999'] }), 404, 'team_member_unknown');
    refused(await schedule({ envelopes: 'ten' }), 400, 'validation_failed');
    refused(await schedule({ budget: '1e9' }), 400, 'validation_failed');
    refused(await schedule({ envelopes: 100_001 }), 400, 'validation_failed');
    refused(await schedule({ paymentPassword: 'a\u0000b' }), 400, 'text_invalid_characters');
    expect(await count()).toBe(was);
    expect(await accounts()).toBe(accountsWere);
    expect(await balance(agent)).toBe(before);
    // Only agents (with the merchant's permission) schedule.
    refused(
      await call('POST', '/api/agent/rains', aToken, {
        budget: '1.00',
        envelopes: 1,
        minutes: 1,
        paymentPassword: 'x',
      }),
      403,
      'no_permission',
    );
  });

  it('lets the team claim in the window, each claim number once; the same claim again answers the same envelope', async () => {
    const r = value(await schedule({ budget: '6.00', envelopes: 3, minAmount: '1.00', perMember: 2 }));
    // a (direct) and b (two levels down) are in the team; a stranger is not.
    const aBefore = await balance(a);
    const first = value(await claim(aToken, r.id, 1));
    expect(await balance(a)).toBe(aBefore + BigInt(first.amount.replace('.', '')));
    expect(first.sumBalance).toBe(
      ((Number(aBefore) + Number(first.amount.replace('.', ''))) / 100).toFixed(2),
    );
    const repeat = value(await claim(aToken, r.id, 1));
    expect(repeat.amount).toBe(first.amount);
    // …with the wallet's balance as it is (the same: nothing moved).
    expect(repeat.sumBalance).toBe(first.sumBalance);
    expect(await balance(a)).toBe(aBefore + BigInt(first.amount.replace('.', '')));
    refused(await claim(aToken, r.id, 3), 409, 'rain_limit_reached');
    value(await claim(bToken, r.id, 1));
    value(await claim(aToken, r.id, 2));
    refused(await claim(subToken, r.id, 1), 409, 'rain_empty');
    refused(await claim(stranger, r.id, 1), 404, 'rain_unknown');
    refused(await claim(agentToken, r.id, 1), 404, 'rain_unknown');
    refused(await claim(aToken, '99999999', 1), 404, 'rain_unknown');
    refused(await claim(aToken, r.id, 0), 400, 'validation_failed');
    refused(await call('POST', `/api/rains/${r.id}/claim`, aToken, { claim: '1' }), 400, 'validation_failed');
    expect(await heldOf(r.id)).toBe('0');

    const open = value(await call<{ list: OpenRain[] }>('GET', '/api/rains', aToken)).list.find(
      (o) => o.id === r.id,
    )!;
    expect(open).toMatchObject({ from: agent.username, perMember: 2, envelopes: 3, left: 0 });
    expect(open.won.map((w) => w.claim)).toEqual([1, 2]);
    expect(value(await call<{ list: OpenRain[] }>('GET', '/api/rains', stranger)).list).toEqual([]);

    const detail = value(
      await call<{ rain: RainSummary; claims: RainClaim[] }>('GET', `/api/agent/rains/${r.id}`, agentToken),
    );
    expect(detail.rain).toMatchObject({ claimed: 3, claimedAmount: '6.00', claimants: 2 });
    expect(detail.claims.map((c) => c.username).sort()).toEqual([a.username, a.username, b.username].sort());
    refused(await call('GET', `/api/agent/rains/${r.id}`, otherAgent), 404, 'rain_unknown');
    refused(await call('GET', `/api/agent/rains/${r.id}`, subToken), 404, 'rain_unknown');
  });

  it('keeps a rain for chosen downlines to them', async () => {
    const r = value(
      await schedule({ budget: '2.00', envelopes: 2, audience: 'chosen', memberIds: [b.id.toString()] }),
    );
    expect(r).toMatchObject({ audience: 'chosen', chosen: 1 });
    refused(await claim(aToken, r.id, 1), 404, 'rain_unknown');
    value(await claim(bToken, r.id, 1));
    expect(
      value(await call<{ list: OpenRain[] }>('GET', '/api/rains', aToken)).list.map((o) => o.id),
    ).not.toContain(r.id);
  });

  it('opens at its start, ends at its end: the rest returns to the agent once, claims after are refused', async () => {
    const startsAt = new Date(t.clock.now().getTime() + 3_600_000).toISOString();
    const r = value(
      await schedule({ budget: '5.00', envelopes: 5, minAmount: '1.00', startsAt, minutes: 5 }),
    );
    refused(await claim(aToken, r.id, 1), 409, 'rain_not_started');
    t.clock.advance(3_600_000);
    const won = value(await claim(aToken, r.id, 1));
    refused(await call('POST', `/api/agent/rains/${r.id}/cancel`, agentToken), 409, 'rain_already_started');
    // The earlier tests' rains are over by now and end; this one is open and stays.
    await endDueRains(t.ctx.db, t.clock.now());
    const status = () =>
      t.ctx.db.selectFrom('rain').select('status').where('id', '=', BigInt(r.id)).executeTakeFirstOrThrow();
    expect(await status()).toEqual({ status: 'scheduled' });
    t.clock.advance(5 * 60_000);
    const before = await balance(agent);
    expect(await endDueRains(t.ctx.db, t.clock.now())).toBe(1);
    expect(await endDueRains(t.ctx.db, t.clock.now())).toBe(0);
    expect(await status()).toEqual({ status: 'finished' });
    expect((await balance(agent)) - before).toBe(400n);
    expect(await heldOf(r.id)).toBe('0');
    refused(await claim(bToken, r.id, 1), 409, 'rain_over');
    // The claim a already made still answers its envelope.
    expect(value(await claim(aToken, r.id, 1)).amount).toBe(won.amount);
    const s = value(await call<{ rain: RainSummary }>('GET', `/api/agent/rains/${r.id}`, agentToken)).rain;
    expect(s).toMatchObject({ status: 'finished', claimed: 1, claimedAmount: '1.00', returned: '4.00' });
  });

  it('cancels a rain before it starts: the whole budget returns; only its agent may', async () => {
    const startsAt = new Date(t.clock.now().getTime() + 600_000).toISOString();
    const before = await balance(agent);
    const r = value(await schedule({ budget: '8.00', envelopes: 4, startsAt }));
    refused(await call('POST', `/api/agent/rains/${r.id}/cancel`, otherAgent), 404, 'rain_unknown');
    const c = value(await call<RainSummary>('POST', `/api/agent/rains/${r.id}/cancel`, agentToken));
    expect(c).toMatchObject({ status: 'cancelled', returned: '8.00', claimed: 0 });
    expect(await balance(agent)).toBe(before);
    refused(await call('POST', `/api/agent/rains/${r.id}/cancel`, agentToken), 409, 'rain_already_started');
    const mine = value(await call<{ list: RainSummary[] }>('GET', '/api/agent/rains', agentToken)).list;
    expect(mine[0]!.id).toBe(r.id);
    expect(mine.length).toBeGreaterThanOrEqual(5);
  });

  // Issue 48: what the first mutation run of the rain showed unasserted — each refusal's reason, message and
  // values, and the claim's paths (a member's first money, the search from the start, one statement).

  /** A refusal as the member sees it. */
  const failure = (r: { status: number; body: unknown }) => {
    const e = r.body as Err;
    return { status: r.status, code: e.code, message: e.message, value: e.value };
  };
  const openRain = async (as: string, id: string) =>
    value(await call<{ list: OpenRain[] }>('GET', '/api/rains', as)).list.find((o) => o.id === id);
  const caller = (memberId: bigint) => ({ merchantId: 1, currency: 'PHP', memberId });
  /** The envelope (its number) a member's claim number took. */
  const envelopeOf = async (rainId: string, memberId: bigint, claimNo: number) =>
    (
      await t.ctx.db
        .selectFrom('rain_envelope')
        .select('n')
        .where('rain_id', '=', BigInt(rainId))
        .where('member_id', '=', memberId)
        .where('claim_no', '=', claimNo)
        .executeTakeFirstOrThrow()
    ).n;

  it('says why a claim took nothing: the limit, not started, cancelled, every envelope taken, not in the audience', async () => {
    const r = value(await schedule({ budget: '2.00', envelopes: 2, minAmount: '1.00' }));
    // Before claiming, b sees the rain with nothing won.
    expect(await openRain(bToken, r.id)).toMatchObject({ envelopes: 2, left: 2, perMember: 1, won: [] });
    const won = value(await claim(aToken, r.id, 1));
    expect(failure(await claim(aToken, r.id, 2))).toEqual({
      status: 409,
      code: 'rain_limit_reached',
      message: 'You have opened all the envelopes you may',
      value: { perMember: 1 },
    });
    value(await claim(bToken, r.id, 1));
    expect(failure(await claim(subToken, r.id, 1))).toEqual({
      status: 409,
      code: 'rain_empty',
      message: 'Every envelope has been opened',
      value: undefined,
    });
    expect(failure(await claim(stranger, r.id, 1))).toEqual({
      status: 404,
      code: 'rain_unknown',
      message: 'This red envelope rain does not exist',
      value: undefined,
    });
    // The rain's list: sub (refused) won nothing, a its one envelope.
    expect(await openRain(subToken, r.id)).toMatchObject({ left: 0, won: [] });
    expect((await openRain(aToken, r.id))?.won).toEqual([{ claim: 1, amount: won.amount }]);

    // Not started: the answer says when it starts. Cancelled before its start, it is over (not "not started").
    const startsAt = new Date(t.clock.now().getTime() + 600_000).toISOString();
    const later = value(await schedule({ budget: '1.00', envelopes: 1, startsAt }));
    expect(failure(await claim(aToken, later.id, 1))).toEqual({
      status: 409,
      code: 'rain_not_started',
      message: 'The rain has not started yet',
      value: { startsAt },
    });
    value(await call<RainSummary>('POST', `/api/agent/rains/${later.id}/cancel`, agentToken));
    expect(failure(await claim(aToken, later.id, 1))).toEqual({
      status: 409,
      code: 'rain_over',
      message: 'This red envelope rain is over',
      value: undefined,
    });
  });

  it('a member’s first money: a downline with no wallet yet claims, and claims start at a random envelope', async () => {
    const r = value(await schedule({ budget: '10.00', envelopes: 1_000, perMember: 2 }));
    // Downlines written bare, as before their first money: no wallet.
    const fresh = (
      await t.ctx.db
        .insertInto('member')
        .values(
          [1, 2, 3].map((i) => ({
            merchant_id: 1,
            username: `rainfresh${i}`,
            password_hash: 'no-login',
            upline_id: agent.id,
            created_at: t.clock.now(),
          })),
        )
        .returning('id')
        .execute()
    ).map((m) => m.id);
    const rains = rainService(t.ctx.db, t.clock, t.ctx.limits);
    const lowestFree = async () =>
      (
        await sql<{ n: number }>`select min(n)::int as n from rain_envelope
          where rain_id = ${r.id}::bigint and member_id is null`.execute(t.ctx.db)
      ).rows[0]!.n;
    for (const no of [1, 2]) {
      // Claim 1 is each one's first money; claim 2 is made with the wallet claim 1 opened.
      let tookLowest = 0;
      for (const m of fresh) {
        if (no === 1) expect(await findAccountId(t.ctx.db, memberWalletKey(1, m, 'PHP'))).toBeNull();
        const free = await lowestFree();
        // 1,000 envelopes of ₱0.01 (the budget is the envelopes at their minimum).
        expect(await rains.claim(caller(m), BigInt(r.id), no)).toEqual({
          claim: no,
          amount: '0.01',
          sumBalance: no === 1 ? '0.01' : '0.02',
        });
        expect(await accountBalance(t.ctx.db, memberWalletKey(1, m, 'PHP'))).toBe(BigInt(no));
        if ((await envelopeOf(r.id, m, no)) === free) tookLowest += 1;
      }
      // From a random place, not the lowest free envelope each time (three in a row: about 1 in 10^7).
      expect(tookLowest, `claim ${no}`).toBeLessThan(fresh.length);
    }
  });

  it('finds a free envelope before its random starting place: the search starts again from the first', async () => {
    const r = value(await schedule({ budget: '20.00', envelopes: 2_000 }));
    // Every envelope but the first is taken already (by sub, as a claim writes them; their money stays held
    // and returns at the end): a claim starting anywhere past the first finds nothing there.
    await sql`update rain_envelope set member_id = ${sub.id}::bigint, claim_no = n,
        claimed_at = ${t.clock.now()}::timestamptz
      where rain_id = ${r.id}::bigint and n > 1`.execute(t.ctx.db);
    const aBefore = await balance(a);
    expect(value(await claim(aToken, r.id, 1))).toEqual({
      claim: 1,
      amount: '0.01',
      sumBalance: ((Number(aBefore) + 1) / 100).toFixed(2),
    });
    expect(await envelopeOf(r.id, a.id, 1)).toBe(1);
    expect(failure(await claim(bToken, r.id, 1))).toMatchObject({ status: 409, code: 'rain_empty' });
  });

  it('takes an envelope in one statement; searches again only when it may claim; a failure is not a refusal', async () => {
    /**
     * The rain service on a connection that names each statement it sends ('claim': the claim's one
     * statement) and fails the claim statement with the SQLSTATEs of `fail`, one per attempt.
     */
    const watched = (fail: string[] = []) => {
      const sent: string[] = [];
      const plugin: KyselyPlugin = {
        transformQuery({ node }) {
          const isClaim = RawNode.is(node) && node.sqlFragments.join('').includes("'rain_claim'");
          sent.push(isClaim ? 'claim' : node.kind);
          const code = isClaim ? fail.shift() : undefined;
          if (code) throw Object.assign(new Error(`injected ${code}`), { code });
          return node;
        },
        transformResult: ({ result }) => Promise.resolve(result),
      };
      return { rains: rainService(t.ctx.db.withPlugin(plugin), t.clock, t.ctx.limits), sent };
    };
    const claims = (sent: string[]) => sent.filter((s) => s === 'claim').length;
    /** Only the claim's statement ran (once, or again from the first envelope): no slow path. */
    const onlyClaims = (sent: string[]) => sent.length > 0 && claims(sent) === sent.length;
    const r = value(await schedule({ budget: '3.00', envelopes: 3, minAmount: '1.00', perMember: 2 }));
    const id = BigInt(r.id);

    // A member with a wallet, every envelope free (any starting place finds one): the claim's statement and
    // nothing else.
    let w = watched();
    expect(await w.rains.claim(caller(a.id), id, 1)).toMatchObject({ claim: 1, amount: '1.00' });
    expect(w.sent).toEqual(['claim']);
    // May not claim (claim 3 of 2): the statement, again once the wallet is sure, then why — no search from
    // the start.
    w = watched();
    await expect(w.rains.claim(caller(a.id), id, 3)).rejects.toMatchObject({ code: 'rain_limit_reached' });
    expect(claims(w.sent)).toBe(2);

    const seen: RetryEvent[] = [];
    const onRetry = transactionRetries.onRetry;
    transactionRetries.onRetry = (e) => seen.push(e);
    try {
      // A serialization failure is retried (and reported as the claim's), then the envelope is taken.
      w = watched(['40001']);
      expect(await w.rains.claim(caller(a.id), id, 2)).toMatchObject({ claim: 2, amount: '1.00' });
      expect(w.sent.slice(0, 2)).toEqual(['claim', 'claim']);
      expect(onlyClaims(w.sent)).toBe(true);
      expect(seen).toEqual([{ name: 'rain.claim', code: '40001', attempt: 1, exhausted: false }]);
      // When the database keeps refusing, the answer is database_busy — not that the rain is empty.
      w = watched(Array.from({ length: 6 }, () => '40001'));
      await expect(w.rains.claim(caller(b.id), id, 1)).rejects.toMatchObject({
        code: 'database_busy',
        status: 503,
      });
      expect(w.sent).toEqual(Array.from({ length: 6 }, () => 'claim'));
    } finally {
      transactionRetries.onRetry = onRetry;
    }

    // b's failed claim took nothing: the last envelope is its now (from its starting place, or from the
    // first when it lies before), answered from the claim's statement alone.
    w = watched();
    expect(await w.rains.claim(caller(b.id), id, 1)).toMatchObject({ claim: 1, amount: '1.00' });
    expect(onlyClaims(w.sent)).toBe(true);
    // None left: searched from its random place and from the first, then why.
    w = watched();
    await expect(w.rains.claim(caller(sub.id), id, 1)).rejects.toMatchObject({ code: 'rain_empty' });
    expect(claims(w.sent)).toBe(2);
  });

  it('is over at the very end of its window, before the rain is ended', async () => {
    const r = value(await schedule({ budget: '2.00', envelopes: 2, minutes: 1 }));
    t.clock.advance(59_999);
    value(await claim(aToken, r.id, 1));
    t.clock.advance(1);
    expect(failure(await claim(bToken, r.id, 1))).toEqual({
      status: 409,
      code: 'rain_over',
      message: 'This red envelope rain is over',
      value: undefined,
    });
    const { status } = await t.ctx.db
      .selectFrom('rain')
      .select('status')
      .where('id', '=', BigInt(r.id))
      .executeTakeFirstOrThrow();
    expect(status).toBe('scheduled');
  });
});
