import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_IDLE_MINUTES } from '@panalo/contract/staff-rules';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { createMember } from '../../test-support/members';

// Reading a session (sessions.service authenticate): a staff session ends after its idle minutes
// without a request, to the millisecond; a member's has no idle limit; last_seen_at is written at most
// every five minutes for members and every minute for staff (an idle limit needs the finer time).
let t: TestApp;
const MIN = 60_000;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const start = async (idleMinutes?: number) => {
  const m = await createMember(t, { type: idleMinutes ? 90 : 0 });
  const { token } = await t.ctx.sessions.issue({
    merchantId: m.merchant_id,
    memberId: m.id,
    device: null,
    ip: null,
    userAgent: null,
    ...(idleMinutes ? { idleMinutes } : {}),
  });
  const row = () =>
    t.ctx.db
      .selectFrom('member_session')
      .select(['last_seen_at', 'revoked_at', 'revoke_reason'])
      .where('member_id', '=', m.id)
      .executeTakeFirstOrThrow();
  const read = () => t.ctx.sessions.authenticate(m.merchant_id, token);
  return { m, token, row, read, began: t.clock.now().getTime() };
};
const at = (ms: number) => t.clock.set(new Date(ms));

describe('reading a session: idle limit and last seen', () => {
  it('a staff session lives exactly its idle minutes after the last request, and ends as idle one millisecond later', async () => {
    const s = await start(STAFF_IDLE_MINUTES);
    at(s.began + STAFF_IDLE_MINUTES * MIN);
    expect((await s.read())?.memberId).toBe(s.m.id);
    // That read counted as a request: the limit starts again from it.
    at(s.began + 2 * STAFF_IDLE_MINUTES * MIN);
    expect((await s.read())?.memberId).toBe(s.m.id);
    at(s.began + 3 * STAFF_IDLE_MINUTES * MIN + 1);
    expect(await s.read()).toBeNull();
    const row = await s.row();
    expect(row.revoke_reason).toBe('idle');
    expect(row.revoked_at).toEqual(t.clock.now());
    // Ended for good, even if the clock were to go back.
    at(s.began + 3 * STAFF_IDLE_MINUTES * MIN);
    expect(await s.read()).toBeNull();
  });

  it('a member’s session has no idle limit: days without a request, still the same session', async () => {
    const s = await start();
    at(s.began + 6 * 24 * 60 * MIN);
    expect((await s.read())?.memberId).toBe(s.m.id);
    expect((await s.row()).revoked_at).toBeNull();
  });

  it('a member’s last_seen_at is written when more than five minutes have passed, not before', async () => {
    const s = await start();
    at(s.began + 5 * MIN);
    await s.read();
    expect((await s.row()).last_seen_at).toEqual(new Date(s.began));
    at(s.began + 5 * MIN + 1);
    await s.read();
    expect((await s.row()).last_seen_at).toEqual(new Date(s.began + 5 * MIN + 1));
  });

  it('a staff session’s last_seen_at is written when more than a minute has passed, not before', async () => {
    const s = await start(STAFF_IDLE_MINUTES);
    at(s.began + MIN);
    await s.read();
    expect((await s.row()).last_seen_at).toEqual(new Date(s.began));
    at(s.began + MIN + 1);
    await s.read();
    expect((await s.row()).last_seen_at).toEqual(new Date(s.began + MIN + 1));
  });

  it('a session never seen (no last_seen_at): a member’s is read and marked seen; a staff one counts as idle', async () => {
    const member = await start();
    const staff = await start(STAFF_IDLE_MINUTES);
    await t.ctx.db
      .updateTable('member_session')
      .set({ last_seen_at: null })
      .where('member_id', 'in', [member.m.id, staff.m.id])
      .execute();
    expect((await member.read())?.memberId).toBe(member.m.id);
    expect((await member.row()).last_seen_at).toEqual(t.clock.now());
    expect(await staff.read()).toBeNull();
    expect((await staff.row()).revoke_reason).toBe('idle');
  });
});
