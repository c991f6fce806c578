import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxMessage } from '@panalo/contract/dev';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { OUTBOX_PAGE } from './outbox.repository';

type Ok<T> = { success: true; value: T };
type Err = { success: false; code: string; message: string };

const merchantId = async (t: TestApp, code: string) =>
  (await t.ctx.db.selectFrom('merchant').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;

describe('GET /api/dev/outbox in development', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dev: true });
  });
  afterAll(async () => t.close());

  const outbox = (query = '', headers: Record<string, string> = {}) =>
    t.request<Ok<OutboxMessage[]>>({ method: 'GET', url: `/api/dev/outbox${query}`, headers });

  it("lists the merchant's latest messages, newest first, with their fields", async () => {
    const panalo = await merchantId(t, 'panalo');
    await t.ctx.messaging.sendSms({
      merchantId: panalo,
      countryDialingCode: '+63',
      mobileNum: '9170000001',
      text: 'Your code is 123456',
    });
    await t.ctx.messaging.sendEmail({
      merchantId: panalo,
      to: 'Ana@Example.com',
      subject: 'Reset',
      text: 'Open http://localhost/m/resetPassword?token=x',
    });
    const res = await outbox();
    expect(res.status).toBe(200);
    const [latest, previous] = res.body.value;
    expect(latest).toMatchObject({
      channel: 'email',
      recipient: 'ana@example.com',
      subject: 'Reset',
      body: 'Open http://localhost/m/resetPassword?token=x',
    });
    expect(previous).toMatchObject({
      channel: 'sms',
      recipient: '+63 9170000001',
      subject: null,
      body: 'Your code is 123456',
    });
    expect(Number(latest!.id)).toBeGreaterThan(Number(previous!.id));
    expect(new Date(latest!.createdAt).toISOString()).toBe(latest!.createdAt);
  });

  it('filters by any part of the recipient, ignoring case; LIKE wildcards are literal', async () => {
    const panalo = await merchantId(t, 'panalo');
    await t.ctx.messaging.sendSms({
      merchantId: panalo,
      countryDialingCode: '+63',
      mobileNum: '9175550123',
      text: 'code 1',
    });
    const res = await outbox('?recipient=5550123');
    expect(res.body.value.map((m) => m.recipient)).toEqual(['+63 9175550123']);
    expect((await outbox('?recipient=ANA@example')).body.value.map((m) => m.recipient)).toEqual([
      'ana@example.com',
    ]);
    expect((await outbox('?recipient=%25')).body.value).toEqual([]);
    expect((await outbox('?recipient=_')).body.value).toEqual([]);
  });

  it(`returns at most ${OUTBOX_PAGE} messages`, async () => {
    const panalo = await merchantId(t, 'panalo');
    for (let i = 0; i < OUTBOX_PAGE + 5; i++) {
      await t.ctx.messaging.sendSms({
        merchantId: panalo,
        countryDialingCode: '+63',
        mobileNum: '9176660000',
        text: `bulk ${i}`,
      });
    }
    const res = await outbox();
    expect(res.body.value).toHaveLength(OUTBOX_PAGE);
    expect(res.body.value[0]!.body).toBe(`bulk ${OUTBOX_PAGE + 4}`);
  });

  it("shows only this merchant's messages", async () => {
    const luzon = await merchantId(t, 'luzon');
    await t.ctx.messaging.sendEmail({
      merchantId: luzon,
      to: 'lz@example.com',
      subject: 'L',
      text: 'luzon only',
    });
    const atLuzon = await outbox('', { host: 'luzon.localhost' });
    expect(atLuzon.body.value.map((m) => m.recipient)).toEqual(['lz@example.com']);
    const atPanalo = await outbox('?recipient=lz@example.com');
    expect(atPanalo.body.value).toEqual([]);
  });

  it('a too long filter answers 400 validation_failed', async () => {
    const res = await t.request<Err>({ method: 'GET', url: `/api/dev/outbox?recipient=${'a'.repeat(200)}` });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_failed');
  });
});

describe('GET /api/dev/outbox outside development', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dev: false });
  });
  afterAll(async () => t.close());

  it('answers 404 not_found exactly like an unknown route', async () => {
    const outbox = await t.request<Err & { requestId?: string }>({ method: 'GET', url: '/api/dev/outbox' });
    const unknown = await t.request<Err & { requestId?: string }>({ method: 'GET', url: '/api/dev/nothing' });
    expect(outbox.status).toBe(404);
    expect(unknown.status).toBe(404);
    const strip = ({ requestId: _r, ...rest }: Err & { requestId?: string }) => rest;
    expect(strip(outbox.body)).toEqual(strip(unknown.body));
    expect(strip(outbox.body)).toEqual({ success: false, code: 'not_found', message: 'Not found' });
    expect(outbox.headers['content-type']).toBe(unknown.headers['content-type']);
  });
});
