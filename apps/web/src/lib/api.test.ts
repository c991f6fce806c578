import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiGet, onApiError } from './api';
import { catalogues, errorKey, loadCatalogues } from '../i18n';

afterEach(() => {
  vi.unstubAllGlobals();
  // The app's own handler again (i18n sets it): a test's handler must not outlive it, since the web
  // project's files share this module (a blocking one made later files' failed loads hang).
  onApiError(() => loadCatalogues(['errors']));
});

const refusal = (code: string) =>
  vi.fn(
    async () =>
      new Response(JSON.stringify({ success: false, code, message: 'x' }), {
        status: 400,
        headers: { 'content-type': 'application/json' },
      }),
  );

describe('a refused call', () => {
  it('rejects only after the refusal texts are loaded, so its message key is shown as text', async () => {
    vi.stubGlobal('fetch', refusal('insufficient_balance'));
    const order: string[] = [];
    let release!: () => void;
    onApiError(() => {
      order.push('texts requested');
      return new Promise<void>((r) => (release = r)).then(() => void order.push('texts loaded'));
    });
    const call = apiGet('/x').catch((e: unknown) => {
      order.push('rejected');
      return e;
    });
    await vi.waitFor(() => expect(order).toEqual(['texts requested']));
    release();
    const err = await call;
    expect(order).toEqual(['texts requested', 'texts loaded', 'rejected']);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe('insufficient_balance');
    // With the texts loaded (the test setup loads every catalogue) the key reads as text, not as 'unknown'.
    expect(errorKey('insufficient_balance')).toBe('errors.insufficient_balance');
  });

  it('still rejects with the server key when the texts cannot be fetched', async () => {
    vi.stubGlobal('fetch', refusal('insufficient_balance'));
    onApiError(() => Promise.reject(new Error('offline')));
    await expect(apiGet('/x')).rejects.toMatchObject({ code: 'insufficient_balance', status: 400 });
  });

  it('the shell keeps its own refusal texts on the first page, without the rest of errors', async () => {
    const shell = (await import('@panalo/client/errors/en/errors-shell.json')).default.errors;
    expect(Object.keys(shell).sort()).toEqual(
      ['contact_service', 'free_reject', 'logged_out', 'no_network', 'unknown_error'].sort(),
    );
    const firstPage = (await import('../i18n/locales/en/first-page')).default as {
      errors: Record<string, string>;
    };
    expect(Object.keys(firstPage.errors).sort()).toEqual(Object.keys(shell).sort());
    expect((catalogues.EN.errors as Record<string, string>).insufficient_balance).toBeTruthy();
  });
});
