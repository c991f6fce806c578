import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AffiliateLink, AffiliateLinksPage } from '@panalo/contract/agent';
import type { SessionValue } from '@panalo/contract/auth';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { bearer, createMember, sessionFor } from '../../test-support/members';
import { newDevice } from '../../test-support/auth-client';
import { captchaFor, freshIp, newUsername, register } from '../auth/auth.test-helpers';
import { itRaces } from '../../test-support/races';

type Ok<T> = { success: true; value: T };
type Err = { success: false; code: string; value?: Record<string, unknown> };

// Issue 16 item 6: invitation links. An agent makes a link with a type, rates (below its own by the gap;
// above the free threshold, 1.00 % by default, a quota at that rate is spent) and an expiry; a
// registration through it joins the agent's team as that type at those rates.

describe('invitation links', () => {
  let t: TestApp;
  let agent: Awaited<ReturnType<typeof createMember>>;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp();
    agent = await createMember(t, { type: 1 });
    token = await sessionFor(t, agent);
    await sql`insert into member_rebate (merchant_id, member_id, product, rate_bp, updated_at, updated_by)
      values (${agent.merchant_id}, ${agent.id}, 'lottery', 780, now(), 'test'),
             (${agent.merchant_id}, ${agent.id}, 'slots', 200, now(), 'test')`.execute(t.ctx.db);
    await sql`insert into agent_quota (merchant_id, member_id, rate_bp, remaining)
      values (${agent.merchant_id}, ${agent.id}, 500, 1)`.execute(t.ctx.db);
  });
  afterAll(async () => t.close());

  const call = <T>(
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    payload?: Record<string, unknown>,
    as = token,
  ) =>
    t.request<Ok<T> | Err>({
      method,
      url,
      headers: { merchant: 'panalo', ...bearer(as) },
      ...(payload !== undefined ? { payload } : {}),
    });
  const create = (body: Record<string, unknown>, as = token) =>
    call<AffiliateLink>('POST', '/api/agent/affiliate-links', body, as);
  const value = <T>(r: { status: number; body: Ok<T> | Err }): T => {
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return (r.body as Ok<T>).value;
  };
  const quota = async () =>
    (
      await t.ctx.db
        .selectFrom('agent_quota')
        .select('remaining')
        .where('member_id', '=', agent.id)
        .where('rate_bp', '=', 500)
        .executeTakeFirstOrThrow()
    ).remaining;
  /** A visitor registers with the code, as the register page sends it (captcha solved). */
  async function registerWith(code: string) {
    const device = newDevice();
    const c = freshIp(t);
    const captcha = await captchaFor(c, device);
    const username = newUsername('Lnk');
    const r = await register(
      c,
      { captcha, username, password: 'Secret123', confirmPassword: 'Secret123', affiliateCode: code },
      { device },
    );
    return { r: r as { status: number; body: Ok<SessionValue> | Err }, username: username.toLowerCase() };
  }

  it('AGENT-032 AGENT-002 makes a link (free rates), lists it, and a registration through it joins the team as its type at its rates', async () => {
    const link = value(
      await create({ kind: 'agent', rates: { lottery: '0.80', slots: '0.50' }, expiresInDays: 7 }),
    );
    expect(link).toMatchObject({
      kind: 'agent',
      quotaSpent: null,
      registrations: 0,
      expired: false,
      path: `/m/register?code=${link.code}`,
      expiresAt: new Date(t.clock.now().getTime() + 7 * 86_400_000).toISOString(),
    });
    expect(link.rates).toMatchObject({ lottery: '0.80', slots: '0.50', live: '0.00' });
    expect(link.code).toMatch(/^[2-9A-HJKMNP-Z]{10}$/);
    const list = value<AffiliateLinksPage>(await call('GET', '/api/agent/affiliate-links'));
    expect(list.list.map((l) => l.id)).toContain(link.id);

    // The register page's check accepts the code.
    const check = await t.request<Ok<{ success: boolean }>>({
      method: 'GET',
      url: `/api/auth/affiliate-check?code=${link.code}`,
      headers: { merchant: 'panalo' },
    });
    expect(check.body.value.success).toBe(true);

    const { r, username } = await registerWith(link.code);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((r.body as Ok<SessionValue>).value.customerType).toBe(1);
    const m = await t.ctx.db
      .selectFrom('member')
      .select(['id', 'upline_id', 'type', 'affiliate_link_id'])
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    expect(m).toMatchObject({ upline_id: agent.id, type: 1, affiliate_link_id: BigInt(link.id) });
    const rates = await t.ctx.db
      .selectFrom('member_rebate')
      .select(['product', 'rate_bp'])
      .where('member_id', '=', m.id)
      .orderBy('product')
      .execute();
    expect(rates).toEqual([
      { product: 'lottery', rate_bp: 80 },
      { product: 'slots', rate_bp: 50 },
    ]);
    const after = value<AffiliateLinksPage>(await call('GET', '/api/agent/affiliate-links'));
    expect(after.list.find((l) => l.id === link.id)?.registrations).toBe(1);
  });

  it('AGENT-032 the downline register link: my own code, made once, and a registration with it joins my team as a player', async () => {
    const first = value<{ code: string; path: string; registrations: number }>(
      await call('GET', '/api/agent/affiliate'),
    );
    expect(first.path).toBe(`/m/register?code=${first.code}`);
    expect(value<{ code: string }>(await call('GET', '/api/agent/affiliate')).code).toBe(first.code);
    const { r, username } = await registerWith(first.code);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((r.body as Ok<SessionValue>).value.customerType).toBe(0);
    const m = await t.ctx.db
      .selectFrom('member')
      .select(['upline_id', 'type', 'affiliate_link_id'])
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    expect(m).toEqual({ upline_id: agent.id, type: 0, affiliate_link_id: null });
    const again = value<{ registrations: number }>(await call('GET', '/api/agent/affiliate'));
    expect(again.registrations).toBe(first.registrations + 1);
  });

  it('a link above the free threshold spends the quota; deleting it unused gives the quota back, and its code stops working', async () => {
    expect(await quota()).toBe(1);
    const link = value(await create({ rates: { lottery: '5.00' } }));
    expect(link.quotaSpent).toBe('5.00');
    expect(await quota()).toBe(0);
    const none = await create({ rates: { lottery: '5.00' } });
    expect([none.status, (none.body as Err).code]).toEqual([409, 'quota_exhausted']);
    const gone = value<{ id: string; quotaReturned: string | null }>(
      await call('DELETE', `/api/agent/affiliate-links/${link.id}`),
    );
    expect(gone).toEqual({ id: link.id, quotaReturned: '5.00' });
    expect(await quota()).toBe(1);
    const twice = await call('DELETE', `/api/agent/affiliate-links/${link.id}`);
    expect([twice.status, (twice.body as Err).code]).toEqual([404, 'affiliate_link_unknown']);
    const { r } = await registerWith(link.code);
    expect([r.status, (r.body as Err).code]).toEqual([400, 'affiliate_invalid']);
    const listed = value<AffiliateLinksPage>(await call('GET', '/api/agent/affiliate-links'));
    expect(listed.list.map((l) => l.id)).not.toContain(link.id);
  });

  it('a used link keeps its quota when deleted; an expired link refuses registrations and says it expired', async () => {
    const used = value(await create({ rates: { lottery: '5.00' } }));
    expect((await registerWith(used.code)).r.status).toBe(200);
    expect(
      value<{ quotaReturned: string | null }>(await call('DELETE', `/api/agent/affiliate-links/${used.id}`))
        .quotaReturned,
    ).toBeNull();
    expect(await quota()).toBe(0);

    const short = value(await create({ rates: {}, expiresInDays: 1 }));
    const now = t.clock.now();
    t.clock.set(new Date(now.getTime() + 86_400_000 + 1000));
    try {
      const { r } = await registerWith(short.code);
      expect([r.status, (r.body as Err).code]).toEqual([400, 'affiliate_invalid']);
      const listed = value<AffiliateLinksPage>(await call('GET', '/api/agent/affiliate-links'));
      expect(listed.list.find((l) => l.id === short.id)?.expired).toBe(true);
    } finally {
      t.clock.set(now);
    }
  });

  it('refuses a rate past mine less the gap, a wrong expiry, bad ids; another agent cannot delete my link; players cannot use the calls', async () => {
    const high = await create({ rates: { slots: '1.95' } });
    expect([high.status, (high.body as Err).code]).toEqual([409, 'rebate_rate_too_high']);
    for (const body of [
      { expiresInDays: 3 },
      { kind: 'boss' },
      { rates: { lottery: '1.234' } },
      { rates: 'x' },
    ]) {
      expect((await create(body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await call('DELETE', '/api/agent/affiliate-links/1%00')).status).toBe(400);
    expect((await call('DELETE', '/api/agent/affiliate-links/99999999999999999999999')).status).toBe(400);

    const mine = value(await create({}));
    const other = await createMember(t, { type: 1 });
    const otherToken = await sessionFor(t, other);
    const steal = await call('DELETE', `/api/agent/affiliate-links/${mine.id}`, undefined, otherToken);
    expect([steal.status, (steal.body as Err).code]).toEqual([404, 'affiliate_link_unknown']);
    expect(
      value<AffiliateLinksPage>(await call('GET', '/api/agent/affiliate-links', undefined, otherToken)).list,
    ).toEqual([]);
    const player = await createMember(t);
    const playerToken = await sessionFor(t, player);
    for (const [method, url] of [
      ['GET', '/api/agent/affiliate-links'],
      ['GET', '/api/agent/affiliate'],
      ['POST', '/api/agent/affiliate-links'],
    ] as const) {
      const r = await call(method, url, method === 'POST' ? {} : undefined, playerToken);
      expect([r.status, (r.body as Err).code]).toEqual([403, 'no_permission']);
    }
  });

  itRaces(
    '20 links racing for the last quota, and openings racing with them: exactly one spends it; registrations racing on one link each count once',
    async () => {
      const boss = await createMember(t, { type: 1 });
      const bossToken = await sessionFor(t, boss);
      await sql`insert into member_rebate (merchant_id, member_id, product, rate_bp, updated_at, updated_by)
        values (${boss.merchant_id}, ${boss.id}, 'lottery', 780, now(), 'test')`.execute(t.ctx.db);
      await sql`insert into agent_quota (merchant_id, member_id, rate_bp, remaining)
        values (${boss.merchant_id}, ${boss.id}, 300, 1)`.execute(t.ctx.db);
      const answers = await Promise.all([
        ...Array.from({ length: 20 }, () => create({ rates: { lottery: '3.00' } }, bossToken)),
        ...Array.from({ length: 5 }, (_, i) =>
          call(
            'POST',
            '/api/agent/downlines',
            {
              username: `race${Date.now() % 100000}x${i}`,
              password: 'Secret123',
              confirmPassword: 'Secret123',
              rates: { lottery: '3.00' },
            },
            bossToken,
          ),
        ),
      ]);
      const codes = answers.map((a) => (a.status === 200 ? 'ok' : (a.body as Err).code));
      expect(codes.filter((c) => c === 'ok')).toHaveLength(1);
      expect(codes.filter((c) => c !== 'ok').every((c) => c === 'quota_exhausted')).toBe(true);
      const left = await t.ctx.db
        .selectFrom('agent_quota')
        .select('remaining')
        .where('member_id', '=', boss.id)
        .where('rate_bp', '=', 300)
        .executeTakeFirstOrThrow();
      expect(left.remaining).toBe(0);

      const open = value(await create({ kind: 'player' }, bossToken));
      const joined = await Promise.all(Array.from({ length: 8 }, () => registerWith(open.code)));
      expect(joined.map((j) => j.r.status)).toEqual(Array(8).fill(200));
      const row = await t.ctx.db
        .selectFrom('affiliate_link')
        .select('registrations')
        .where('id', '=', BigInt(open.id))
        .executeTakeFirstOrThrow();
      expect(row.registrations).toBe(8);
    },
  );

  it('at most 50 open links per agent', async () => {
    const boss = await createMember(t, { type: 1 });
    const bossToken = await sessionFor(t, boss);
    for (let i = 0; i < 50; i++) expect((await create({}, bossToken)).status).toBe(200);
    const r = await create({}, bossToken);
    expect([r.status, (r.body as Err).code, (r.body as Err).value]).toEqual([
      409,
      'affiliate_link_limit',
      { max: 50 },
    ]);
  });
});
