import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ENVELOPE_ALGORITHM, envelopeFreshness, type LoginKey } from '@panalo/contract/auth';
import { fresh, sealEnvelope } from '@panalo/contract/envelope-client';
import { DomainError } from '../../lib/domain-error';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { ENVELOPE_WINDOW_MS } from './envelope';

const schema = envelopeFreshness.extend({ username: z.string() });

describe('encrypted envelope (API-002)', () => {
  let t: TestApp;
  let key: LoginKey;
  beforeAll(async () => {
    t = await createTestApp();
    key = (await t.request<{ value: LoginKey }>({ method: 'GET', url: '/api/auth/login-key' })).body.value;
  });
  afterAll(async () => t.close());

  const req = (
    body: unknown,
    headers: Record<string, string> = { encryption: ENVELOPE_ALGORITHM, device: 'device-123456' },
  ) => ({ headers, body }) as unknown as FastifyRequest;
  const open = (body: unknown, headers?: Record<string, string>) =>
    t.ctx.envelope.open(req(body, headers), schema);
  const code = (p: Promise<unknown>) =>
    p.then(
      () => 'ok',
      (e: unknown) => (e instanceof DomainError ? e.code : String(e)),
    );

  it('publishes one RSA public key, the same for every call, with its algorithm', async () => {
    const again = (await t.request<{ value: LoginKey }>({ method: 'GET', url: '/api/auth/login-key' })).body
      .value;
    expect(again).toEqual(key);
    expect(key.algorithm).toBe('RSA-OAEP-256+A256GCM');
    expect(Buffer.from(key.publicKey, 'base64').length).toBeGreaterThan(250);
  });

  it('opens what the client sealed (WebCrypto RSA-OAEP + AES-GCM) and returns the device', async () => {
    const env = await sealEnvelope(key, fresh({ username: 'ana' }, t.clock.now().getTime()));
    const { payload, device } = await open(env);
    expect(payload.username).toBe('ana');
    expect(device).toBe('device-123456');
  });

  it('refuses a replayed envelope', async () => {
    const env = await sealEnvelope(key, fresh({ username: 'ana' }, t.clock.now().getTime()));
    expect(await code(open(env))).toBe('ok');
    expect(await code(open(env))).toBe('envelope_replay');
  });

  it('refuses an envelope older or newer than the freshness window', async () => {
    const now = t.clock.now().getTime();
    expect(
      await code(open(await sealEnvelope(key, fresh({ username: 'a' }, now - ENVELOPE_WINDOW_MS - 1000)))),
    ).toBe('envelope_expired');
    expect(
      await code(open(await sealEnvelope(key, fresh({ username: 'a' }, now + ENVELOPE_WINDOW_MS + 1000)))),
    ).toBe('envelope_expired');
  });

  it('refuses tampered, malformed or mis-labelled envelopes with a 400, never a 500', async () => {
    const env = await sealEnvelope(key, fresh({ username: 'ana' }, t.clock.now().getTime()));
    const flipped = Buffer.from(env.data, 'base64');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(await code(open({ ...env, data: flipped.toString('base64') }))).toBe('envelope_invalid');
    expect(await code(open({ ...env, kid: 'no-such-key' }))).toBe('envelope_key_unknown');
    expect(await code(open({ nope: 1 }))).toBe('envelope_invalid');
    expect(await code(open(env, { device: 'device-123456' }))).toBe('envelope_invalid');
    expect(await code(open(env, { encryption: ENVELOPE_ALGORITHM }))).toBe('envelope_invalid');
    const wrongShape = await sealEnvelope(key, fresh({ username: 42 }, t.clock.now().getTime()));
    expect(await code(open(wrongShape))).toBe('validation_failed');
  });
});
