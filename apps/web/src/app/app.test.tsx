import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from './app';
import { panaloBundle } from './test-fixtures';

const urlOf = (input: RequestInfo | URL) => (input instanceof Request ? input.url : input.toString());

const json = (value: unknown, status = 200) =>
  new Response(JSON.stringify(status < 400 ? { success: true, value } : value), {
    status,
    headers: { 'content-type': 'application/json' },
  });

describe('startup', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.getElementById('startup-bundle')?.remove();
  });

  it('SHELL-044 SHELL-047 when the config bundle cannot be fetched, a service-error screen offers a retry that starts the app', async () => {
    let startupCalls = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL) => {
        const url = urlOf(input);
        if (url.startsWith('/api/startup')) {
          startupCalls += 1;
          return Promise.resolve(
            startupCalls <= 2 // the first call and the query client's one automatic retry
              ? json({ success: false, code: 'unknown_error', message: 'down' }, 503)
              : json(panaloBundle),
          );
        }
        return Promise.resolve(json([]));
      }),
    );
    render(<App />);
    expect(await screen.findByTestId('service-error-screen', {}, { timeout: 5000 })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button'));
    expect(await screen.findByTestId('header', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByTestId('footer')).toBeInTheDocument();
    expect(screen.queryByTestId('service-error-screen')).toBeNull();
    expect(startupCalls).toBe(3);
  });

  it('SHELL-047 uses the bundle the server inlined into the page without fetching it again', async () => {
    const el = document.createElement('script');
    el.id = 'startup-bundle';
    el.type = 'application/json';
    el.textContent = JSON.stringify(panaloBundle);
    document.head.append(el);
    const fetchMock = vi.fn((_input: RequestInfo | URL) => Promise.resolve(json([])));
    vi.stubGlobal('fetch', fetchMock);
    render(<App />);
    expect(await screen.findByTestId('header', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(fetchMock.mock.calls.map((c) => urlOf(c[0])).filter((u) => u.startsWith('/api/startup'))).toEqual(
      [],
    );
  });
});
