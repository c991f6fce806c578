import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithShell } from './test-utils';
import { appRoutes, AppRoutes, isKnownRoute, preloadScreen } from './router';
import { memberSession } from './test-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Every API call answers "not found": these tests look only at which screen a path shows. */
function stubNothing() {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ success: false, code: 'not_found', message: 'x' }), {
          status: 404,
          headers: { 'content-type': 'application/json' },
        }),
    ),
  );
}

const paths = () => appRoutes.map((r) => r.path);

describe('the route list', () => {
  it('SHELL-031 the account routes /m/login, /m/trail, /m/forget, /m/changePsw and /m/set exist', () => {
    expect(paths()).toEqual(
      expect.arrayContaining(['/m/login', '/m/trail', '/m/forget', '/m/changePsw', '/m/set']),
    );
  });

  it.each([
    ['/m/login', 'login-screen', false],
    ['/m/trail', 'trial-screen', false],
    ['/m/forget', 'forget-screen', false],
    ['/m/changePsw', 'change-password-screen', true],
    ['/m/set', 'settings-screen', true],
  ] as const)('SHELL-031 %s shows its screen, not the not-found page', async (path, testId, signedIn) => {
    stubNothing();
    renderWithShell(<AppRoutes homeExtra={null} />, {
      path,
      ...(signedIn ? { session: memberSession } : {}),
    });
    expect(await screen.findByTestId(testId, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByTestId('not-found-screen')).toBeNull();
  });
});

describe('fetching the first screen early', () => {
  it('preloadScreen fetches the lazy screen of a path, so its first render shows it without a placeholder', async () => {
    stubNothing();
    await preloadScreen('/m/fair');
    renderWithShell(<AppRoutes homeExtra={null} />, { path: '/m/fair' });
    // Synchronously there on the first render: no lazy placeholder in between.
    expect(screen.getByTestId('fair-screen')).toBeInTheDocument();
  });

  it('SHELL-037 the member routes exist: /m/member/home is known (a query does not matter), a screen not built yet is not', () => {
    for (const p of ['/m/member/home', '/m/mine', '/m/voucherCenter', '/m/withdraw', '/m/securityCenter'])
      expect(isKnownRoute(p), p).toBe(true);
    expect(isKnownRoute('/m/webEmail?from=mine')).toBe(true);
    expect(isKnownRoute('/m/no-such-page')).toBe(false);
  });

  it('preloadScreen resolves for a path that matches no lazy screen', async () => {
    await expect(preloadScreen('/m/no-such-page')).resolves.toBeUndefined();
  });
});
