import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReadableNotices } from '@panalo/contract/content';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { bearer, createMember, sessionFor } from '../../test-support/members';

type Ok<T> = { success: true; value: T };
type Err = { success: false; code: string };

// Issue 16 item 7: agent announcements (type A) with the unread count of the agent home's footer. The
// demo seed gives panalo two live ones.

describe('agent announcements', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = await sessionFor(t, await createMember(t, { type: 1 }));
  });
  afterAll(async () => t.close());

  const get = (as = token, merchant = 'panalo') =>
    t.request<Ok<ReadableNotices> | Err>({
      method: 'GET',
      url: '/api/agent/notices?lang=EN',
      headers: { merchant, ...bearer(as) },
    });
  const read = (id: number | string, as = token) =>
    t.request<Ok<{ unreadCount: number }> | Err>({
      method: 'POST',
      url: `/api/agent/notices/${id}/read`,
      headers: { merchant: 'panalo', ...bearer(as) },
    });

  it('AGENT-019 AGENT-024 lists the merchant’s agent announcements newest first with value.footer.unreadCount; opening one counts it read, once', async () => {
    const first = (await get()).body as Ok<ReadableNotices>;
    expect(first.value.list.map((n) => n.title)).toEqual([
      'New: invitation links with their own rebate and expiry',
      'Team rebate is paid every day',
    ]);
    expect(first.value.list.every((n) => !n.read)).toBe(true);
    expect(first.value.footer).toEqual({ unreadCount: 2 });
    const id = first.value.list[0]!.id;
    expect(((await read(id)).body as Ok<{ unreadCount: number }>).value).toEqual({ unreadCount: 1 });
    expect(((await read(id)).body as Ok<{ unreadCount: number }>).value).toEqual({ unreadCount: 1 });
    const after = ((await get()).body as Ok<ReadableNotices>).value;
    expect(after.footer.unreadCount).toBe(1);
    expect(after.list.find((n) => n.id === id)?.read).toBe(true);
    // Another agent's count is its own.
    const other = await sessionFor(t, await createMember(t, { type: 1 }));
    expect(((await get(other)).body as Ok<ReadableNotices>).value.footer.unreadCount).toBe(2);
  });

  it('refuses an announcement that is not a live agent one of this merchant, a malformed id, and non-agents', async () => {
    const players = await t.ctx.db
      .selectFrom('announcement')
      .select('id')
      .where('type', '!=', 'A')
      .executeTakeFirstOrThrow();
    for (const id of [players.id, 99999999]) {
      const r = await read(id);
      expect([r.status, (r.body as Err).code]).toEqual([404, 'not_found']);
    }
    for (const id of ['x', '0', '99999999999']) expect((await read(id)).status).toBe(400);
    const player = await sessionFor(t, await createMember(t));
    const r = await get(player);
    expect([r.status, (r.body as Err).code]).toEqual([403, 'no_permission']);
    const anonymous = await t.request<Err>({
      method: 'GET',
      url: '/api/agent/notices',
      headers: { merchant: 'panalo' },
    });
    expect(anonymous.status).toBe(401);
  });
});
