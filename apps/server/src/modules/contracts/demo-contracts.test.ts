import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { contractService } from './contracts.service';
import { seedDemoContracts } from './demo-contracts';

describe('the demo’s contracts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('AGENT-003 agent01 runs a daily salary and a dividend contract; downline01 has a daily salary offer waiting; made once', async () => {
    const names = { merchant: 'panalo', operator: 'ops01', agent: 'agent01', downline: 'downline01' };
    expect(await seedDemoContracts(t.ctx.db, t.clock, names)).toBe(3);
    expect(await seedDemoContracts(t.ctx.db, t.clock, names)).toBe(0);
    const ids = await t.ctx.db
      .selectFrom('member')
      .select(['id', 'username'])
      .where('username', 'in', ['agent01', 'downline01'])
      .execute();
    const id = (u: string) => ids.find((m) => m.username === u)!.id;
    const svc = contractService(t.ctx.db, t.clock);
    expect((await svc.mine(id('agent01'))).map((c) => [c.kind, c.status])).toEqual([
      ['dividend', 'active'],
      ['daily_salary', 'active'],
    ]);
    const waiting = await svc.requests(id('downline01'));
    expect(waiting.dailysalreqtype).not.toBe('');
  });
});
