import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { SessionValue } from '@panalo/contract/auth';
import { renderWithShell } from '../../../app/test-utils';
import { session } from '../../../lib/session';
import { OAuthScreen } from './oauth-screen';

const EXCHANGE = 'POST /api/auth/oauth/exchange';

/** The API over fetch (the only thing outside the web app's walls here): 'METHOD /path' → answer. */
function stubApi(routes: Record<string, { value: unknown } | { status: number; code: string }>) {
  const calls: { body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : input.toString(), 'http://localhost');
      calls.push({ body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
      const a = routes[`${init?.method ?? 'GET'} ${url.pathname}`];
      const [status, body] = !a
        ? [404, { success: false, code: 'not_found', message: '' }]
        : 'value' in a
          ? [200, { success: true, value: a.value }]
          : [a.status, { success: false, code: a.code, message: a.code }];
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return { calls };
}
const CODE = 'A'.repeat(43);

const value: SessionValue = {
  token: 'oauth-session-token-0123456789',
  userName: 'mariaclara123456',
  customerType: 0,
  firstTimeLogin: false,
  merchantCode: 'panalo',
  expiresAt: '2026-06-08T08:00:00.000Z',
};

function renderAt(path: string) {
  return renderWithShell(
    <Routes>
      <Route path="/m/oauth" element={<OAuthScreen />} />
      <Route path="/m/home" element={<p data-testid="home">home</p>} />
      <Route path="/m/login" element={<p data-testid="login">login</p>} />
    </Routes>,
    { path },
  );
}

afterEach(() => vi.restoreAllMocks());

describe('/m/oauth (social login landing)', () => {
  it('AUTH-022 trades the one-time code for a session, stores MC_SESSION_INFO and goes home', async () => {
    const { calls } = stubApi({ [EXCHANGE]: { value } });
    const r = renderAt(`/m/oauth?code=${CODE}`);
    expect(screen.getByTestId('oauth-signing-in')).toHaveTextContent('Signing you in…');
    await screen.findByTestId('home');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toEqual({ code: CODE });
    expect(session.get()).toEqual({
      token: value.token,
      merchantCode: 'panalo',
      userName: 'mariaclara123456',
      type: 0,
      firstTimeLogin: false,
    });
    // Replaced, not pushed: the code is not left in the history. (The location is reported by an effect
    // after home renders, so it is awaited too.)
    await waitFor(() => expect(r.location().pathname).toBe('/m/home'));
    expect(r.location().search).toBe('');
  });

  it('a refused code shows why, offers the login screen, and drops the code from the address', async () => {
    stubApi({ [EXCHANGE]: { status: 401, code: 'oauth_code_invalid' } });
    const r = renderAt(`/m/oauth?code=${'B'.repeat(43)}`);
    expect(await screen.findByTestId('oauth-failed')).toHaveTextContent(
      'The sign-in link is invalid or has expired, please try again',
    );
    await waitFor(() => expect(r.location().search).toBe(''));
    expect(session.get()).toBeNull();
    await r.user.click(screen.getByRole('link', { name: 'Back to log in' }));
    expect(screen.getByTestId('login')).toBeInTheDocument();
  });

  it('without a code nothing is sent', async () => {
    const { calls } = stubApi({ [EXCHANGE]: { value } });
    renderAt('/m/oauth');
    expect(await screen.findByTestId('oauth-failed')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});
