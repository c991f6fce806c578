import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReadableNotices } from '@panalo/contract/content';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { bearer, createMember, sessionFor } from '../../test-support/members';
import { insertAnnouncement, text } from './content.test-helpers';

type Ok<T> = { success: true; value: T };
type Err = { success: false; code: string };

// Issue 19 item 2 (/m/message): site messages are the merchant's player notices (type PL) with a read
// state per member; agent announcements (type A) are not among them.

describe('site messages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const get = (token: string, merchant = 'panalo') =>
    t.request<Ok<ReadableNotices> | Err>({
      method: 'GET',
      url: '/api/messages?lang=EN',
      headers: { merchant, ...bearer(token) },
    });
  const read = (token: string, id: number | string, merchant = 'panalo') =>
    t.request<Ok<{ unreadCount: number }> | Err>({
      method: 'POST',
      url: `/api/messages/${id}/read`,
      headers: { merchant, ...bearer(token) },
    });

  it('CONTENT-001 lists the merchant’s live player notices with my read state and the unread count; opening one counts once', async () => {
    const token = await sessionFor(t, await createMember(t));
    const mine = await insertAnnouncement(t, 'panalo', {
      type: 'PL',
      createdAt: new Date(t.clock.now().getTime() - 1000),
      texts: { EN: text('Weekend maintenance of GCash deposits') },
    });
    const ended = await insertAnnouncement(t, 'panalo', {
      type: 'PL',
      endsAt: new Date(t.clock.now().getTime() - 1000),
      texts: { EN: text('An old notice') },
    });
    const first = ((await get(token)).body as Ok<ReadableNotices>).value;
    const ids = first.list.map((n) => n.id);
    expect(ids).toContain(mine);
    expect(ids).not.toContain(ended);
    expect(first.list[0]).toMatchObject({
      id: mine,
      title: 'Weekend maintenance of GCash deposits',
      read: false,
    });
    expect(first.list[0]!.content).toBe('<p>Weekend maintenance of GCash deposits</p>');
    // Only player notices: no agent announcement, no banner.
    const types = await t.ctx.db.selectFrom('announcement').select('type').where('id', 'in', ids).execute();
    expect(new Set(types.map((r) => r.type))).toEqual(new Set(['PL']));
    expect(first.footer.unreadCount).toBe(first.list.length);

    expect(((await read(token, mine)).body as Ok<{ unreadCount: number }>).value.unreadCount).toBe(
      first.list.length - 1,
    );
    expect(((await read(token, mine)).body as Ok<{ unreadCount: number }>).value.unreadCount).toBe(
      first.list.length - 1,
    );
    const after = ((await get(token)).body as Ok<ReadableNotices>).value;
    expect(after.list.find((n) => n.id === mine)?.read).toBe(true);
    // Another member's state is its own.
    const other = await sessionFor(t, await createMember(t));
    expect(((await get(other)).body as Ok<ReadableNotices>).value.footer.unreadCount).toBe(first.list.length);
  });

  it('refuses an agent announcement, another merchant’s notice, malformed ids and visitors', async () => {
    const token = await sessionFor(t, await createMember(t));
    const agent = await t.ctx.db
      .selectFrom('announcement')
      .select('id')
      .where('type', '=', 'A')
      .executeTakeFirstOrThrow();
    const luzon = await insertAnnouncement(t, 'luzon', { type: 'PL', texts: { EN: text('Luzon only') } });
    for (const id of [agent.id, luzon, 99999999]) {
      const r = await read(token, id);
      expect([r.status, (r.body as Err).code]).toEqual([404, 'not_found']);
    }
    for (const id of ['x', '0', '99999999999']) expect((await read(token, id)).status).toBe(400);
    const titles = ((await get(token)).body as Ok<ReadableNotices>).value.list.map((n) => n.title);
    expect(titles).not.toContain('Luzon only');
    const anonymous = await t.request<Err>({
      method: 'GET',
      url: '/api/messages',
      headers: { merchant: 'panalo' },
    });
    expect(anonymous.status).toBe(401);
  });
});
