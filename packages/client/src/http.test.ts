import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient, withQuery } from './http';

afterEach(() => vi.unstubAllGlobals());

const answer = (status: number, body: unknown) =>
  vi.fn(async (_url: string, _init: RequestInit) => new Response(JSON.stringify(body), { status }));

describe('the shared API client', () => {
  it('sends the bearer token, JSON and the idempotency key, and returns the answer value', async () => {
    const fetch = answer(200, { success: true, value: { id: '7' } });
    vi.stubGlobal('fetch', fetch);
    const client = createApiClient({ token: () => 'tok' });
    await expect(
      client.request('POST', '/x', { body: { a: 1 }, idempotencyKey: 'k1', query: { page: 2 } }),
    ).resolves.toEqual({ id: '7' });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/x?page=2');
    expect(init.headers).toMatchObject({
      authorization: 'Bearer tok',
      'content-type': 'application/json',
      'idempotency-key': 'k1',
    });
    expect(init.body).toBe('{"a":1}');
  });

  it('a refusal throws the server message key, its status and value', async () => {
    vi.stubGlobal(
      'fetch',
      answer(409, { success: false, code: 'duplicate', message: 'x', value: { id: 1 } }),
    );
    const err = await createApiClient({ token: () => 'tok' })
      .request('GET', '/x')
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ code: 'duplicate', status: 409, value: { id: 1 } });
  });

  it('no answer is no_network; an answer without a value is unknown_error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('failed'))),
    );
    const client = createApiClient({ token: () => null });
    await expect(client.request('GET', '/x')).rejects.toMatchObject({ code: 'no_network', status: 0 });
    vi.stubGlobal('fetch', answer(200, { success: true }));
    await expect(client.request('GET', '/x')).rejects.toMatchObject({ code: 'unknown_error' });
  });

  it('a FormData body goes as it is, without a JSON content type', async () => {
    const fetch = answer(200, { value: null });
    vi.stubGlobal('fetch', fetch);
    const form = new FormData();
    form.set('a', 'b');
    await createApiClient({ token: () => null }).request('POST', '/up', { body: form });
    const init = fetch.mock.calls[0]![1];
    expect(init.body).toBe(form);
    expect(init.headers).not.toHaveProperty('content-type');
  });

  it('withQuery leaves out undefined and null values, and the ? when nothing is left', () => {
    expect(withQuery('/p', { a: 1, b: undefined, c: null, d: '', e: false })).toBe('/p?a=1&d=&e=false');
    expect(withQuery('/p', { b: undefined })).toBe('/p');
    expect(withQuery('/p')).toBe('/p');
  });
});
