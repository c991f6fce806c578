import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { DomainError } from '../lib/domain-error';
import errors from './errors';
import { withRetries } from '../db/transaction';

// The error handler alone, on a small app with routes that fail in each way a real route can.
describe('one error handler', () => {
  const app = Fastify({ logger: false, bodyLimit: 1024 }).withTypeProvider<ZodTypeProvider>();
  beforeAll(async () => {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(errors);
    app.post('/echo', { schema: { body: z.object({ amount: z.string().regex(/^\d+$/) }) } }, async (req) => ({
      success: true,
      value: req.body,
    }));
    app.get('/domain', async () => {
      throw new DomainError('merchant_unknown', 400, 'Unknown merchant', { hint: 'x' });
    });
    app.get('/crash', async () => {
      throw new Error('secret database detail');
    });
    app.get('/deadlock', async () => {
      throw Object.assign(new Error('deadlock detected (secret detail)'), { code: '40P01' });
    });
    app.get('/busy', async () =>
      withRetries({ name: 'test', attempts: 2, baseDelayMs: 1 }, async () => {
        throw Object.assign(new Error('could not serialize access'), { code: '40001' });
      }),
    );
    app.get(
      '/bad-response',
      { schema: { response: { 200: z.object({ n: z.number() }) } } },
      async () => ({ n: 'not a number' }) as unknown as { n: number },
    );
    await app.ready();
  });
  afterAll(async () => app.close());

  it('invalid body: 400 validation_failed with the failing path', async () => {
    const res = await app.inject({ method: 'POST', url: '/echo', payload: { amount: '12.5x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'validation_failed',
      issues: [{ path: 'body/amount' }],
    });
  });

  it('malformed JSON: 400 validation_failed', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"amount":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed' });
  });

  it('unsupported media type: 415 with its key', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'text/xml' },
      payload: '<a/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 'unsupported_media_type' });
  });

  it('body too large: 413 payload_too_large', async () => {
    const res = await app.inject({ method: 'POST', url: '/echo', payload: { amount: '1'.repeat(5000) } });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'payload_too_large' });
  });

  it('a domain error keeps its status, key and value', async () => {
    const res = await app.inject({ method: 'GET', url: '/domain' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'merchant_unknown', value: { hint: 'x' } });
  });

  it('an unexpected error is a 500 unknown_error that leaks nothing', async () => {
    const res = await app.inject({ method: 'GET', url: '/crash' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ success: false, code: 'unknown_error', message: 'Unknown error' });
    expect(res.body).not.toContain('secret');
  });

  it('a deadlock that reached the handler (outside the transaction helper) is a 503 database_busy with Retry-After, never a 500', async () => {
    const res = await app.inject({ method: 'GET', url: '/deadlock' });
    expect([res.statusCode, res.headers['retry-after']]).toEqual([503, '1']);
    expect(res.json()).toMatchObject({ success: false, code: 'database_busy' });
    expect(res.body).not.toContain('secret');
  });

  it('retries that ran out answer 503 database_busy with Retry-After', async () => {
    const res = await app.inject({ method: 'GET', url: '/busy' });
    expect([res.statusCode, res.headers['retry-after'], res.json().code]).toEqual([
      503,
      '1',
      'database_busy',
    ]);
  });

  it('an answer that breaks its own schema is a 500, never sent as is', async () => {
    const res = await app.inject({ method: 'GET', url: '/bad-response' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('not a number');
  });
});
