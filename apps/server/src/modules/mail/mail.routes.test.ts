import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailDetail, MailList } from '@panalo/contract/mail';
import { MEMBER_TYPE } from '@panalo/contract/member';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { bearer, createMember, sessionFor } from '../../test-support/members';
import { sendSystemMail, writePersonalMail } from './mail.service';

type Ok<T> = { success: true; value: T };
type Err = { success: false; code: string; value?: Record<string, unknown> };

// Issue 19, the mail centre (/m/webEmail): personal, system and broadcast mail; a member reads only its
// own mailbox; a broadcast is one row, read by its audience.

describe('mail centre over the API', () => {
  let t: TestApp;
  let ops: string;
  let n = 0;

  const call = <T>(
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    as: string,
    payload?: unknown,
    key?: string,
  ) =>
    t.request<Ok<T> | Err>({
      method,
      url,
      headers: {
        merchant: 'panalo',
        ...bearer(as),
        ...(method === 'POST' ? { 'idempotency-key': key ?? `mail-key-${++n}` } : {}),
      },
      ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
    });
  const value = <T>(r: { status: number; body: Ok<T> | Err }): T => {
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return (r.body as Ok<T>).value;
  };
  const refused = (r: { status: number; body: unknown }, status: number, code: string) =>
    expect([r.status, (r.body as Err).code], JSON.stringify(r.body)).toEqual([status, code]);
  const send = (body: Record<string, unknown>, key?: string) =>
    call<{ id: string; recipients: number }>(
      'POST',
      '/api/ops/mail',
      ops,
      { title: 'Hello', body: '<p>Hi</p>', ...body },
      key,
    );
  const box = async (token: string) => value(await call<MailList>('GET', '/api/mail?pageSize=50', token));
  const titles = async (token: string) => (await box(token)).list.map((m) => m.title ?? m.template);
  const person = async (o: Parameters<typeof createMember>[1] = {}) => {
    const m = await createMember(t, o);
    return { m, token: await sessionFor(t, m) };
  };

  /** The member takes a 24-hour time-out from now. */
  const timeOut = (memberId: bigint) =>
    t.ctx.db
      .insertInto('member_exclusion')
      .values({
        merchant_id: 1,
        member_id: memberId,
        kind: 'timeout',
        period: 'timeout_24h',
        starts_at: t.clock.now(),
        ends_at: new Date(t.clock.now().getTime() + 86_400_000),
        created_by: `member:${memberId}`,
        reason: null,
      })
      .execute();

  beforeAll(async () => {
    t = await createTestApp();
    ops = await sessionFor(t, await createMember(t, { type: MEMBER_TYPE.OPERATOR }));
  });
  afterAll(async () => {
    await t.close();
  });

  it('CONTENT-001 API-030 MINE-037 a member has an inbox: its own mail, unread first, and a plain unread count', async () => {
    const { m, token } = await person();
    const other = await person();
    const first = await writePersonalMail(t.ctx.db, {
      merchantId: m.merchant_id,
      memberIds: [m.id],
      title: 'first',
      body: 'one',
      at: t.clock.now(),
    });
    t.clock.advance(1000);
    await writePersonalMail(t.ctx.db, {
      merchantId: 1,
      memberIds: [m.id],
      title: 'second',
      body: 'two',
      at: t.clock.now(),
    });
    await writePersonalMail(t.ctx.db, {
      merchantId: 1,
      memberIds: [other.m.id],
      title: 'theirs',
      body: 'x',
      at: t.clock.now(),
    });
    value(await call('GET', `/api/mail/${first}`, token)); // read: goes below the unread one
    t.clock.advance(1000);
    await writePersonalMail(t.ctx.db, {
      merchantId: 1,
      memberIds: [m.id],
      title: 'third',
      body: 'three',
      at: t.clock.now(),
    });

    const list = await box(token);
    expect(list.list.map((x) => [x.title, x.read])).toEqual([
      ['third', false],
      ['second', false],
      ['first', true],
    ]);
    expect([list.total, list.unread, list.pageNum, list.totalPages]).toEqual([3, 2, 1, 1]);
    const page2 = value(await call<MailList>('GET', '/api/mail?page=2&pageSize=2', token));
    expect([page2.list.map((x) => x.title), page2.totalPages, page2.unread]).toEqual([['first'], 2, 2]);
    const past = value(await call<MailList>('GET', '/api/mail?page=3&pageSize=2', token));
    expect([past.list, past.total, past.unread]).toEqual([[], 3, 2]);
    const unread = await t.request({
      method: 'GET',
      url: '/api/members/unread-count',
      headers: bearer(token),
    });
    expect(unread.body).toEqual({ success: true, value: 2 });
  });

  it('API-029 the unread count and the message count are GETs answering a plain number in value', async () => {
    const { m, token } = await person();
    for (const title of ['a', 'b', 'c']) {
      await writePersonalMail(t.ctx.db, {
        merchantId: 1,
        memberIds: [m.id],
        title,
        body: title,
        at: t.clock.now(),
      });
    }
    const list = await box(token);
    value(await call('GET', `/api/mail/${list.list[0]!.id}`, token));
    expect(value(await call<number>('GET', '/api/members/unread-count', token))).toBe(2);
    expect(value(await call<number>('GET', '/api/members/message-count', token))).toBe(3);
    refused(await call('POST', '/api/members/message-count', token), 404, 'not_found');
  });

  it('opening a mail gives its sanitised body and marks it read; delete removes it from this mailbox only; read-all', async () => {
    const a = await person();
    const b = await person();
    const sent = value(
      await send({
        audience: 'members',
        usernames: [a.m.username, b.m.username],
        title: 'Weekend',
        body: '<p onclick="steal()">Deposit <b>bonus</b><script>alert(1)</script><a href="javascript:x()">go</a></p>',
      }),
    );
    expect(sent.recipients).toBe(2);
    const opened = value(await call<MailDetail>('GET', `/api/mail/${sent.id}`, a.token));
    expect(opened).toMatchObject({ title: 'Weekend', kind: 'operator', read: true, unread: 0 });
    expect(opened.body).toBe('<p>Deposit <b>bonus</b><a rel="noopener noreferrer">go</a></p>');
    expect(value(await call<{ unread: number }>('DELETE', `/api/mail/${sent.id}`, a.token)).unread).toBe(0);
    expect(await titles(a.token)).toEqual([]);
    refused(await call('GET', `/api/mail/${sent.id}`, a.token), 404, 'mail_unknown');
    expect(await titles(b.token)).toEqual(['Weekend']); // b still has it, unread
    expect((await box(b.token)).unread).toBe(1);

    value(await send({ audience: 'members', usernames: [b.m.username], title: 'More' }));
    expect(value(await call<{ unread: number }>('POST', '/api/mail/read-all', b.token)).unread).toBe(0);
    expect((await box(b.token)).list.every((x) => x.read)).toBe(true);
    expect(value(await call<number>('GET', '/api/members/unread-count', b.token))).toBe(0);
  });

  it('isolation: another member’s or another merchant’s mail is unknown, to read or to delete', async () => {
    const a = await person();
    const b = await person();
    const luzon = await person({ merchant: 'luzon' });
    const id = await writePersonalMail(t.ctx.db, {
      merchantId: 1,
      memberIds: [a.m.id],
      title: 'private',
      body: 'x',
      at: t.clock.now(),
    });
    refused(await call('GET', `/api/mail/${id}`, b.token), 404, 'mail_unknown');
    refused(await call('DELETE', `/api/mail/${id}`, b.token), 404, 'mail_unknown');
    const lz = await t.request<Err>({
      method: 'GET',
      url: `/api/mail/${id}`,
      headers: { merchant: 'luzon', ...bearer(luzon.token) },
    });
    expect([lz.status, lz.body.code]).toEqual([404, 'mail_unknown']);
    // A panalo broadcast never reaches luzon's members.
    value(await send({ audience: 'all', title: 'panalo only' }));
    const lbox = await t.request<Ok<MailList>>({
      method: 'GET',
      url: '/api/mail',
      headers: { merchant: 'luzon', ...bearer(luzon.token) },
    });
    expect(lbox.body.value.list.map((x) => x.title)).not.toContain('panalo only');
    expect(await titles(a.token)).toContain('private');
  });

  it('a broadcast is one row, read by its audience: everyone, VIP levels, an agent’s team, member types; only members registered by then', async () => {
    t.clock.advance(1000); // after the broadcasts of the tests before
    const agent = await person({ type: 1 });
    const down = await person({ uplineId: agent.m.id });
    const deep = await person({ uplineId: down.m.id });
    const outsider = await person();
    const vip = await person();
    await t.ctx.db.updateTable('member').set({ vip_level: 4 }).where('id', '=', vip.m.id).execute();
    t.clock.advance(1000);
    const rowsBefore = await t.ctx.db
      .selectFrom('mail_recipient')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();

    const all = value(await send({ audience: 'all', title: 'to all' }));
    const team = value(await send({ audience: 'team', agent: agent.m.username, title: 'to team' }));
    const vips = value(await send({ audience: 'vip', vipLevels: [4, 5], title: 'to vip' }));
    const agents = value(await send({ audience: 'types', memberTypes: [1], title: 'to agents' }));
    const rowsAfter = await t.ctx.db
      .selectFrom('mail_recipient')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(rowsAfter.n).toBe(rowsBefore.n); // no row per member
    expect(team.recipients).toBe(3);
    expect(vips.recipients).toBe(1);
    expect(all.recipients).toBeGreaterThanOrEqual(5);
    expect(agents.recipients).toBeGreaterThanOrEqual(1);

    t.clock.advance(1000);
    const late = await person(); // registered after the broadcasts

    expect(await titles(agent.token)).toEqual(expect.arrayContaining(['to all', 'to team', 'to agents']));
    expect(await titles(deep.token)).toEqual(expect.arrayContaining(['to all', 'to team']));
    expect(await titles(deep.token)).not.toContain('to vip');
    expect(await titles(outsider.token)).toEqual(['to all']);
    expect((await titles(vip.token)).sort()).toEqual(['to all', 'to vip']);
    expect(await titles(late.token)).toEqual([]);
    // One member's read and delete of a broadcast are its own.
    value(await call('GET', `/api/mail/${all.id}`, down.token));
    value(await call('DELETE', `/api/mail/${team.id}`, down.token));
    expect((await box(down.token)).list.map((x) => [x.title, x.read])).toEqual([['to all', true]]);
    expect((await box(deep.token)).unread).toBe(2);
  });

  it('a broadcast never reaches a member on a break (it is marketing); mail to the member by name does', async () => {
    t.clock.advance(1000);
    const resting = await person();
    const token = resting.token;
    await timeOut(resting.m.id);
    t.clock.advance(1000);
    const during = value(await send({ audience: 'all', title: 'during the break' }));
    value(await send({ audience: 'members', usernames: [resting.m.username], title: 'service note' }));
    t.clock.advance(86_400_000);
    value(await send({ audience: 'all', title: 'after the break' }));
    expect((await titles(token)).sort()).toEqual(['after the break', 'service note']);
    expect(during.recipients).toBeGreaterThan(0);
  });

  it('a broadcast’s recipients are the members whose mailbox holds it: one on a break is not counted', async () => {
    t.clock.advance(1000);
    const resting = await person();
    t.clock.advance(1000);
    const first = value(await send({ audience: 'all', title: 'counted before the break' }));
    t.clock.advance(1000);
    await timeOut(resting.m.id);
    t.clock.advance(1000);
    const second = value(await send({ audience: 'all', title: 'counted during the break' }));
    expect(second.recipients).toBe(first.recipients - 1);
    t.clock.advance(86_400_000);
    const box = await titles(resting.token);
    expect(box).toContain('counted before the break');
    expect(box).not.toContain('counted during the break');
  });

  it('a system mail is a template and its parameters, rendered by the site in the reader’s language', async () => {
    const { m, token } = await person();
    await sendSystemMail(t.ctx.db, {
      merchantId: 1,
      memberId: m.id,
      template: 'withdrawal_rejected',
      params: { amount: '500.00', reason: 'Name does not match the card' },
      at: t.clock.now(),
    });
    const [mail] = (await box(token)).list;
    expect(mail).toMatchObject({
      kind: 'system',
      title: null,
      template: 'withdrawal_rejected',
      params: { amount: '500.00', reason: 'Name does not match the card' },
      read: false,
    });
    expect(value(await call<MailDetail>('GET', `/api/mail/${mail!.id}`, token)).body).toBeNull();
  });

  it('the send: operators only, unknown members named, nothing written on a refusal, a repeated key sends once', async () => {
    t.clock.advance(1000); // after the broadcasts of the tests before
    const { m, token } = await person();
    const agent = await person({ type: 1 });
    refused(
      await call('POST', '/api/ops/mail', token, { audience: 'all', title: 't', body: 'b' }),
      403,
      'no_permission',
    );
    const visitor = await t.request<Err>({
      method: 'POST',
      url: '/api/ops/mail',
      headers: { merchant: 'panalo', 'idempotency-key': 'k-visitor' },
      payload: { audience: 'all', title: 't', body: 'b' },
    });
    expect(visitor.status).toBe(401);
    refused(
      await call('POST', '/api/ops/mail', agent.token, { audience: 'all', title: 't', body: 'b' }),
      403,
      'no_permission',
    );

    const before = await t.ctx.db
      .selectFrom('mail')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const unknown = await send({ audience: 'members', usernames: [m.username, 'nobody-here'] });
    refused(unknown, 404, 'member_not_found');
    expect((unknown.body as Err).value).toEqual({ usernames: ['nobody-here'] });
    refused(await send({ audience: 'team', agent: m.username }), 404, 'member_not_found'); // a player has no team
    refused(await send({ audience: 'vip' }), 400, 'validation_failed');
    refused(await send({ audience: 'all', title: 'bad\u0000title' }), 400, 'text_invalid_characters');
    refused(await send({ audience: 'all', body: '<script>alert(1)</script>' }), 400, 'mail_body_empty');
    refused(await send({ audience: 'all', title: 'x'.repeat(101) }), 400, 'validation_failed');
    const after = await t.ctx.db
      .selectFrom('mail')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);

    const once = value(
      await send({ audience: 'members', usernames: [m.username], title: 'Once' }, 'same-key'),
    );
    const again = value(
      await send({ audience: 'members', usernames: [m.username], title: 'Once' }, 'same-key'),
    );
    expect(again.id).toBe(once.id);
    expect(await titles(token)).toEqual(['Once']);
  });
});
