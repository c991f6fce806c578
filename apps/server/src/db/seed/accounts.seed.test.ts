import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionValue } from '@panalo/contract/auth';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { bearer } from '../../test-support/members';
import { freshIp, login, memberCount, type Answer, type Ok } from '../../modules/auth/auth.test-helpers';
import { seedDemo } from './seed';
import { demoAccounts } from './accounts.seed';

describe('demo accounts seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('every demo account logs in with its listed password at its merchant, with its type', async () => {
    for (const a of demoAccounts) {
      const host = a.merchant === 'luzon' ? 'luzon.localhost' : 'localhost';
      const url = a.type === 1 ? '/api/auth/agent-login' : '/api/auth/login';
      const res = await login(
        freshIp(t),
        { type: 'username', username: a.username, password: a.password },
        { host, url },
      );
      if (a.type >= 90) {
        // Staff exist but are refused at the member site (ROLE-014).
        expect(res.status).toBe(403);
        continue;
      }
      expect(res.status, a.username).toBe(200);
      expect((res.body as Ok<SessionValue>).value).toMatchObject({
        userName: a.username,
        customerType: a.type,
        merchantCode: a.merchant,
      });
    }
  });

  it('downline01 hangs under agent01 (to_upline on); demo01 has its profile and 3 unread messages (the welcome mails and the reward waiting in the reward centre)', async () => {
    const rows = await t.ctx.db
      .selectFrom('member')
      .selectAll()
      .where('username', 'in', ['agent01', 'downline01', 'demo01'])
      .execute();
    const by = new Map(rows.map((r) => [r.username, r]));
    expect(by.get('downline01')).toMatchObject({ upline_id: by.get('agent01')!.id, to_upline: true });
    expect(by.get('agent01')).toMatchObject({ type: 1, affiliate_code: 'PANALO88' });
    expect(by.get('demo01')).toMatchObject({
      nickname: 'Juan',
      country_dialing_code: '+63',
      mobile_num: '9171234567',
      email: 'demo01@panalo.localhost',
    });
    const res = await login(freshIp(t), { type: 'username', username: 'demo01', password: 'Demo1234' });
    const { token } = (res.body as Ok<SessionValue>).value;
    const unread = await t.request<Answer<number>>({
      method: 'GET',
      url: '/api/members/unread-count',
      headers: bearer(token),
    });
    expect(unread.body).toEqual({ success: true, value: 3 });
  });

  it('seeding again changes nothing', async () => {
    const before = await memberCount(t);
    const messages = await t.ctx.db.selectFrom('mail').select('id').execute();
    const started = Date.now();
    await seedDemo(t.ctx.db, t.clock);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(await memberCount(t)).toBe(before);
    expect(await t.ctx.db.selectFrom('mail').select('id').execute()).toHaveLength(messages.length);
  });
});
