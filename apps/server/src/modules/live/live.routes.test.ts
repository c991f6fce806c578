import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { bearer, createMember, sessionFor } from '../../test-support/members';
import { fundFromClearing } from '../../test-support/ledger';
import { processLotteryEvents } from '../lottery/lottery.events';
import { writePersonalMail } from '../mail/mail.service';

type Member = Awaited<ReturnType<typeof createMember>>;
interface Event {
  event: string;
  data: unknown;
}

// Issue 19 item 4: one server-sent-events stream per page session. A member's stream hears its balance
// changes and its mail at commit, through the database (NOTIFY), whichever code path made them; draws
// for everyone; nothing of other members.

/** An open stream read event by event. */
async function openStream(url: string) {
  const ctrl = new AbortController();
  const res = await fetch(url, { signal: ctrl.signal, headers: { host: 'localhost' } });
  const events: Event[] = [];
  let waiters: (() => void)[] = [];
  if (res.status === 200 && res.body) {
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    void (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += decoder.decode(value as Uint8Array, { stream: true });
          let end;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const event = /^event: (.*)$/m.exec(block)?.[1];
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (event && data) events.push({ event, data: JSON.parse(data) });
            for (const w of waiters) w();
            waiters = [];
          }
        }
      } catch {
        // aborted
      }
    })();
  }
  const until = async (pred: (e: Event) => boolean, ms = 5_000): Promise<Event> => {
    const deadline = Date.now() + ms;
    for (;;) {
      const found = events.find(pred);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no such event in ${JSON.stringify(events)}`);
      await new Promise<void>((r) => {
        waiters.push(r);
        setTimeout(r, 100);
      });
    }
  };
  return { status: res.status, events, until, close: () => ctrl.abort() };
}

describe('live stream', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    await t.close();
  });

  const ticketFor = async (m: Member) => {
    const r = await t.request<{ value: { ticket: string } }>({
      method: 'POST',
      url: '/api/stream/ticket',
      headers: bearer(await sessionFor(t, m)),
    });
    expect(r.status).toBe(200);
    return r.body.value.ticket;
  };
  const streamOf = async (m: Member) => {
    const s = await openStream(`${base}/api/stream?ticket=${await ticketFor(m)}`);
    await s.until((e) => e.event === 'ready');
    return s;
  };

  it('a member’s stream hears its balance at commit and its mail, personal or broadcast; never another member’s', async () => {
    const a = await createMember(t);
    const b = await createMember(t);
    const s = await streamOf(a);
    try {
      await fundFromClearing(t.ctx.db, b.id, 700n, t.clock.now()); // b has no stream: nothing to a
      await fundFromClearing(t.ctx.db, a.id, 12_345n, t.clock.now());
      expect((await s.until((e) => e.event === 'balance')).data).toEqual({
        book: 'real',
        currency: 'PHP',
        balance: '123.45',
      });
      expect(s.events.filter((e) => e.event === 'balance')).toHaveLength(1);

      await writePersonalMail(t.ctx.db, {
        merchantId: 1,
        memberIds: [b.id],
        title: 'not yours',
        body: 'x',
        at: t.clock.now(),
      });
      await writePersonalMail(t.ctx.db, {
        merchantId: 1,
        memberIds: [a.id],
        title: 'yours',
        body: 'x',
        at: t.clock.now(),
      });
      await s.until((e) => e.event === 'mail');
      expect(s.events.filter((e) => e.event === 'mail')).toHaveLength(1);
      const ops = await sessionFor(t, await createMember(t, { type: 91 }));
      const sent = await t.request({
        method: 'POST',
        url: '/api/ops/mail',
        headers: { ...bearer(ops), 'idempotency-key': 'live-broadcast' },
        payload: { audience: 'all', title: 'to all', body: '<p>x</p>' },
      });
      expect(sent.status).toBe(200);
      await s.until((e) => e.event === 'mail' && s.events.filter((x) => x.event === 'mail').length === 2);
    } finally {
      s.close();
    }
  });

  it('the database is told only while a member has a stream open', async () => {
    const a = await createMember(t);
    const rows = () =>
      t.ctx.db.selectFrom('member_stream').select('streams').where('member_id', '=', a.id).execute();
    const s1 = await streamOf(a);
    const s2 = await streamOf(a);
    expect(await rows()).toEqual([{ streams: 2 }]);
    s1.close();
    await expect.poll(rows).toEqual([{ streams: 1 }]);
    s2.close();
    await expect.poll(rows).toEqual([]);
  });

  it('a ticket opens one stream once, at its merchant, within a minute; a visitor’s stream hears draws only', async () => {
    const a = await createMember(t);
    const ticket = await ticketFor(a);
    const first = await openStream(`${base}/api/stream?ticket=${ticket}`);
    await first.until((e) => e.event === 'ready');
    first.close();
    expect((await openStream(`${base}/api/stream?ticket=${ticket}`)).status).toBe(401);
    const luzon = await fetch(`${base}/api/stream?ticket=${await ticketFor(a)}`, {
      headers: { merchant: 'luzon' },
    });
    expect(luzon.status).toBe(401);
    const late = await ticketFor(a);
    t.clock.advance(61_000);
    expect((await openStream(`${base}/api/stream?ticket=${late}`)).status).toBe(401);
    expect((await openStream(`${base}/api/stream?ticket=short`)).status).toBe(400);
    const unauthenticated = await t.request({ method: 'POST', url: '/api/stream/ticket' });
    expect(unauthenticated.status).toBe(401);

    const visitor = await openStream(`${base}/api/stream`);
    try {
      await visitor.until((e) => e.event === 'ready');
      processLotteryEvents.publish({
        type: 'draw',
        gameCode: 'WINGO1',
        numero: '1',
        result: '1,2,3',
        at: new Date(),
      });
      expect((await visitor.until((e) => e.event === 'draw')).data).toMatchObject({ gameCode: 'WINGO1' });
      expect(visitor.events.some((e) => e.event === 'balance' || e.event === 'mail')).toBe(false);
    } finally {
      visitor.close();
    }
  });
});
