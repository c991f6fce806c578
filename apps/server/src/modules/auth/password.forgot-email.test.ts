import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { createMember, sessionFor } from '../../test-support/members';
import { outboxRepository } from '../messaging/messaging';
import { PASSWORD_LIMITS, RESET_LINK_TTL_MS, resetMailsSettled } from './password.service';
import {
  deviceAlive,
  deviceCredentialFor,
  passwordIs,
  postJson,
  sessionAlive,
  type Err,
} from './password.test-helpers';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
let ipCounter = 0;
/** A fresh client address per call unless given, so that the per-IP limit only bites where tested. */
const nextIp = () => `10.1.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

describe('forgot password by e-mail link', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const forgot = (
    fields: Record<string, string>,
    o: { ip?: string; headers?: Record<string, string> } = {},
  ) =>
    t.request<{ success: boolean; code?: string }>({
      method: 'POST',
      url: '/api/auth/forgot/email',
      headers: { ...FORM, ...o.headers },
      payload: new URLSearchParams(fields).toString(),
      remoteAddress: o.ip ?? nextIp(),
    });

  const mailsTo = (merchantId: number, to: string) =>
    t.ctx.db
      .selectFrom('outbox_message')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .where('recipient', '=', to.toLowerCase())
      .orderBy('id', 'desc')
      .execute();

  /** Asks for a link and reads its token from the e-mail the outbox received. */
  async function linkFor(m: { username: string; email: string | null; merchant_id: number }) {
    expect((await forgot({ username: m.username, email: m.email! })).status).toBe(200);
    await resetMailsSettled();
    const mail = await outboxRepository(t.ctx.db).latestFor(m.merchant_id, m.email!.toLowerCase());
    const url = /(https?:\/\/\S+\/m\/resetPassword\?token=\S+)/.exec(mail?.body ?? '')?.[1];
    expect(url).toBeDefined();
    return { url: new URL(url!), token: new URL(url!).searchParams.get('token')! };
  }

  const reset = (token: string, newPassword: string, headers: Record<string, string> = {}) =>
    postJson(t, '/api/auth/forgot/reset', { token, newPassword }, headers);

  it('API-025 takes a form-encoded username and email (trimmed) and e-mails a reset link', async () => {
    const m = await createMember(t, { username: 'mailuser1', email: 'Mail.User1@Example.com' });
    const res = await forgot({ username: '  MailUser1 ', email: ' mail.user1@EXAMPLE.com  ' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, value: {} });
    await resetMailsSettled();
    const [mail] = await mailsTo(m.merchant_id, 'mail.user1@example.com');
    expect(mail).toBeDefined();
    expect(mail!.channel).toBe('email');
    expect(mail!.subject).toContain('Panalo');
    // The request came to localhost (one of panalo's domains), so the link points back there.
    const link = /(http:\/\/localhost(:\d+)?\/m\/resetPassword\?token=([A-Za-z0-9_-]{43}))/.exec(mail!.body);
    expect(link).not.toBeNull();
    // Only the SHA-256 of the 256-bit token is stored, valid for 30 minutes.
    const rows = await t.ctx.db
      .selectFrom('password_reset')
      .selectAll()
      .where('member_id', '=', m.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.token_hash).not.toContain(link![3]);
    expect(new Date(rows[0]!.expires_at).getTime() - t.clock.now().getTime()).toBe(RESET_LINK_TTL_MS);
  });

  it('also accepts JSON', async () => {
    const m = await createMember(t, { username: 'mailjson1', email: 'json1@example.com' });
    const res = await postJson(t, '/api/auth/forgot/email', {
      username: 'mailjson1',
      email: 'json1@example.com',
    });
    expect(res.status).toBe(200);
    await resetMailsSettled();
    expect(await mailsTo(m.merchant_id, 'json1@example.com')).toHaveLength(1);
  });

  it('no enumeration: unknown user, disabled user, wrong address, no address and a match answer alike', async () => {
    const withMail = await createMember(t, { username: 'enumuser1', email: 'enum1@example.com' });
    await createMember(t, { username: 'enumuser2' });
    await createMember(t, { username: 'enumuser3', email: 'enum3@example.com', status: 'disabled' });
    const cases = [
      { username: 'nosuchuser9', email: 'enum1@example.com' },
      { username: 'enumuser3', email: 'enum3@example.com' },
      { username: 'enumuser1', email: 'other@example.com' },
      { username: 'enumuser2', email: 'enum1@example.com' },
      { username: 'enumuser1', email: 'enum1@example.com' },
    ];
    const answers = [];
    for (const c of cases) {
      const res = await forgot(c);
      answers.push({ status: res.status, body: res.body, type: res.headers['content-type'] });
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    await resetMailsSettled();
    // Only the matching pair got an e-mail.
    expect(await mailsTo(withMail.merchant_id, 'enum1@example.com')).toHaveLength(1);
    expect(await mailsTo(withMail.merchant_id, 'other@example.com')).toHaveLength(0);
    expect(await mailsTo(withMail.merchant_id, 'enum3@example.com')).toHaveLength(0);
  });

  it('no enumeration by timing: the lookup and the e-mail happen after the answer', async () => {
    const m = await createMember(t, { username: 'timeuser1', email: 'time1@example.com' });
    const timed = async (username: string) => {
      const start = performance.now();
      const res = await forgot({ username, email: 'time1@example.com' });
      const ms = performance.now() - start;
      expect(res.status).toBe(200);
      await resetMailsSettled();
      return ms;
    };
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    // A leak would show in every round; scheduling noise on a busy machine shows in one at most.
    let best = Infinity;
    let sent = 0;
    for (let round = 0; round < 3 && best >= 5; round++) {
      const hit: number[] = [];
      const miss: number[] = [];
      for (let i = 0; i < 11; i++) {
        // A fresh window each round keeps the per-username limit out of the measurement.
        t.clock.advance(PASSWORD_LIMITS.forgotEmailUser.windowMs + 1);
        hit.push(await timed('timeuser1'));
        miss.push(await timed(`nobodyhere${round}x${i}`));
        sent++;
      }
      best = Math.min(best, Math.abs(median(hit) - median(miss)));
    }
    expect(best).toBeLessThan(5);
    expect(await mailsTo(m.merchant_id, 'time1@example.com')).toHaveLength(sent);
  });

  it('a forged Host header cannot point the link elsewhere: the main domain is used', async () => {
    const m = await createMember(t, { username: 'hostuser1', email: 'host1@example.com' });
    await forgot(
      { username: 'hostuser1', email: 'host1@example.com' },
      { headers: { host: 'evil.example', merchant: 'panalo' } },
    );
    await resetMailsSettled();
    const [mail] = await mailsTo(m.merchant_id, 'host1@example.com');
    expect(mail!.body).toContain('https://panalo.localhost/m/resetPassword?token=');
    expect(mail!.body).not.toContain('evil.example');
  });

  it('rate-limited per username (from any address) and per IP, the same for unknown users', async () => {
    for (let i = 0; i < PASSWORD_LIMITS.forgotEmailUser.limit; i++) {
      expect((await forgot({ username: 'nosuchuser7', email: 'a@example.com' })).status).toBe(200);
    }
    const byUser = await forgot({ username: 'NoSuchUser7', email: 'b@example.com' });
    expect(byUser.status).toBe(429);
    expect(byUser.body.code).toBe('rate_limited');

    const ip = '10.9.9.9';
    for (let i = 0; i < PASSWORD_LIMITS.forgotEmailIp.limit; i++) {
      expect((await forgot({ username: `ipuser${i}x`, email: 'a@example.com' }, { ip })).status).toBe(200);
    }
    expect((await forgot({ username: 'ipuserzz', email: 'a@example.com' }, { ip })).status).toBe(429);
  });

  it('bad input: missing or empty fields 400, other media types 400/415, an oversized form 413', async () => {
    for (const fields of [{ username: 'abc' }, { username: '   ', email: 'a@example.com' }, {}]) {
      const res = await forgot(fields as Record<string, string>);
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(res.body.code).toBe('validation_failed');
    }
    const plain = await t.request<Err>({
      method: 'POST',
      url: '/api/auth/forgot/email',
      headers: { 'content-type': 'text/plain' },
      payload: 'username=a&email=b',
    });
    expect(plain.status).toBe(400);
    const xml = await t.request<Err>({
      method: 'POST',
      url: '/api/auth/forgot/email',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(xml.status).toBe(415);
    expect(xml.body.code).toBe('unsupported_media_type');
    const big = await forgot({ username: 'a'.repeat(3000), email: 'x@example.com' });
    expect(big.status).toBe(413);
    expect(big.body.code).toBe('payload_too_large');
  });

  it('the link sets a new password once, revoking every session and device credential', async () => {
    const m = await createMember(t, {
      username: 'linkuser1',
      email: 'link1@example.com',
      password: 'OldPass123',
    });
    const token = await sessionFor(t, m);
    const device = await deviceCredentialFor(t, m);
    const { url, token: resetToken } = await linkFor(m);
    expect(url.pathname).toBe('/m/resetPassword');

    const res = await reset(resetToken, 'Fresh12345');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, value: {} });
    expect(await passwordIs(t, m.id, 'Fresh12345')).toBe(true);
    expect(await sessionAlive(t, token)).toBe(false);
    expect(await deviceAlive(t, m.merchant_id, device)).toBe(false);

    const again = await reset(resetToken, 'Another123');
    expect(again.status).toBe(400);
    expect((again.body as Err).code).toBe('reset_link_invalid');
    expect(await passwordIs(t, m.id, 'Fresh12345')).toBe(true);
  });

  it('the link expires after 30 minutes', async () => {
    const m = await createMember(t, {
      username: 'linkuser2',
      email: 'link2@example.com',
      password: 'OldPass123',
    });
    const { token } = await linkFor(m);
    t.clock.advance(RESET_LINK_TTL_MS + 1);
    const res = await reset(token, 'Fresh12345');
    expect(res.status).toBe(400);
    expect((res.body as Err).code).toBe('reset_link_invalid');
    expect(await passwordIs(t, m.id, 'OldPass123')).toBe(true);
  });

  it('a link works until just before it expires', async () => {
    const m = await createMember(t, { username: 'linkuser3', email: 'link3@example.com' });
    const { token } = await linkFor(m);
    t.clock.advance(RESET_LINK_TTL_MS - 1000);
    expect((await reset(token, 'Fresh12345')).status).toBe(200);
  });

  it('a password that breaks the rule is refused (400 password_format) and the link stays usable', async () => {
    const m = await createMember(t, { username: 'linkuser4', email: 'link4@example.com' });
    const { token } = await linkFor(m);
    const weak = await reset(token, 'weak');
    expect(weak.status).toBe(400);
    expect((weak.body as Err).code).toBe('password_format');
    expect((await reset(token, 'Fresh12345')).status).toBe(200);
  });

  it('using one link closes the other open links of the member', async () => {
    const m = await createMember(t, { username: 'linkuser5', email: 'link5@example.com' });
    const first = await linkFor(m);
    const second = await linkFor(m);
    expect((await reset(second.token, 'Fresh12345')).status).toBe(200);
    expect((await reset(first.token, 'Other12345')).status).toBe(400);
  });

  it('unknown tokens, tokens of another merchant and bad input are refused', async () => {
    expect(((await reset('A'.repeat(43), 'Fresh12345')).body as Err).code).toBe('reset_link_invalid');
    const m = await createMember(t, {
      username: 'linkuser6',
      email: 'link6@example.com',
      password: 'OldPass123',
    });
    const { token } = await linkFor(m);
    const elsewhere = await reset(token, 'Fresh12345', { host: 'luzon.localhost' });
    expect(elsewhere.status).toBe(400);
    expect((elsewhere.body as Err).code).toBe('reset_link_invalid');
    expect(await passwordIs(t, m.id, 'OldPass123')).toBe(true);
    for (const body of [{ token }, { token: 'short', newPassword: 'Fresh12345' }, { newPassword: 'x' }]) {
      const res = await postJson(t, '/api/auth/forgot/reset', body);
      expect(res.status).toBe(400);
      expect((res.body as Err).code).toBe('validation_failed');
    }
  });
});
