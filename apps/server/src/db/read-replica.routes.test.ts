import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs } from 'kysely';
import { MEMBER_TYPE } from '@panalo/contract/member';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { bearer, createMember, sessionFor } from '../test-support/members';
import { providerSession } from '../test-support/provider';
import { testDbKind } from '../test-support/test-db';

// Issue 54 item 2: which routes read from the replica. Reports, dashboards, team reports, game lists,
// result histories and exports do (they may be a moment old); a member's own money and session never do.

/** Counts the statements run through the reads' database. */
class Counted implements KyselyPlugin {
  n = 0;
  transformQuery(args: PluginTransformQueryArgs) {
    this.n++;
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs) {
    return args.result;
  }
}

describe('reads that may be a moment old go to the replica', () => {
  const counted = new Counted();
  let t: TestApp;
  let operator: string;
  let agent: string;
  let player: string;
  let provider: string;
  beforeAll(async () => {
    t = await createTestApp({ reads: (r) => ({ ...r, db: r.db.withPlugin(counted) }) });
    operator = await sessionFor(t, await createMember(t, { type: MEMBER_TYPE.OPERATOR }));
    agent = await sessionFor(t, await createMember(t, { type: MEMBER_TYPE.AGENT }));
    player = await sessionFor(t, await createMember(t));
    provider = (await providerSession(t, 'finance')).token;
  });
  afterAll(async () => t.close());

  const readsOf = async (url: string, token?: string) => {
    const before = counted.n;
    const res = await t.request({ method: 'GET', url, headers: token ? bearer(token) : {} });
    expect(res.status, `${url}: ${JSON.stringify(res.body).slice(0, 200)}`).toBe(200);
    return counted.n - before;
  };
  const day = '2026-06-01';

  it('reports, dashboards, team reports, game lists, result histories and exports read from it', async () => {
    const routes: [string, string | undefined][] = [
      ['/api/ops/dashboard', operator],
      [`/api/ops/reports/pnl?from=${day}&to=${day}&by=day`, operator],
      [`/api/ops/reports/pnl/export?from=${day}&to=${day}&by=day`, operator],
      ['/api/ops/deposits/export', operator],
      ['/api/ops/audit/export', operator],
      [`/api/agent/team/kpi?startDate=${day}&endDate=${day}&size=0`, agent],
      ['/api/games/list', undefined],
      ['/api/games/types?typeId=RNG', undefined],
      ['/api/games/vendors', undefined],
      ['/api/games/hot', undefined],
      ['/api/lottery/results?gameCode=WINGO1&pageNo=1&pageSize=10', undefined],
      [`/api/provider/figures?from=${day}&to=${day}`, provider],
    ];
    const missed: string[] = [];
    for (const [url, token] of routes) if ((await readsOf(url, token)) === 0) missed.push(url);
    expect(missed).toEqual([]);
  });

  it('a member’s own balance, records and session never do', async () => {
    for (const url of ['/api/wallet/balance', '/api/members/me', '/api/games/recent'])
      expect(await readsOf(url, player), url).toBe(0);
  });

  it('the provider’s system view shows the replica: in use and caught up on PostgreSQL (the primary standing in), none on PGlite', async () => {
    const support = (await providerSession(t, 'support')).token;
    const res = await t.request<{
      value: { instance: string; database: string; replica: Record<string, unknown> };
    }>({
      method: 'GET',
      url: '/api/provider/system',
      headers: bearer(support),
    });
    expect(res.status).toBe(200);
    expect(res.body.value.instance).toMatch(/^[0-9a-f]{8}$/);
    expect(res.body.value.database).toBe(testDbKind);
    expect(res.body.value.replica).toMatchObject(
      testDbKind === 'postgres'
        ? { configured: true, inUse: true, lagMs: 0, reason: null }
        : { configured: false, inUse: false, lagMs: null },
    );
    const health = await t.request<{ value: { reads: string } }>({ method: 'GET', url: '/api/health' });
    expect(health.body.value.reads).toBe(testDbKind === 'postgres' ? 'replica' : 'primary');
  });
});
