import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithShell } from '../../app/test-utils';
import { memberSession } from '../../app/test-fixtures';
import { AppRoutes } from '../../app/router';
import { toast } from '../../lib/toast';
import { stubApi } from '../member/test/member-fixtures';
import { gameLaunchRoutes } from './routes';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const LAUNCH = '/m/launchGame?category=RNG&vendor=BYN&gameId=byn-golden-carabao&nodeId=42&supportPlay=true';

describe('/m/launchGame in the app', () => {
  it('SHELL-027 SHELL-034 the launcher is a route of the app, with the header and without the footer', async () => {
    expect(gameLaunchRoutes.map((r) => r.path)).toEqual(['/m/launchGame']);
    vi.spyOn(toast, 'show').mockResolvedValue();
    vi.spyOn(toast, 'clear').mockResolvedValue();
    stubApi({ 'POST /api/games/launch': { status: 404, code: 'unknown_game' } });
    renderWithShell(<AppRoutes homeExtra={null} />, { session: memberSession, path: LAUNCH });
    expect((await screen.findByTestId('launch-error')).textContent).toBe('Unknown game.');
    expect(screen.getByTestId('header')).toBeInTheDocument();
    expect(screen.queryByTestId('footer')).toBeNull();
  });

  it('ROLE-004 a visitor opening the launcher is sent to /m/login and comes back after logging in', async () => {
    const api = stubApi({});
    const r = renderWithShell(<AppRoutes homeExtra={null} />, { session: null, path: LAUNCH });
    await screen.findByTestId('login-screen');
    expect(r.location().pathname).toBe('/m/login');
    expect(new URLSearchParams(r.location().search).get('redirect')).toBe(LAUNCH);
    expect(api.calls.some((c) => c.url.pathname === '/api/games/launch')).toBe(false);
  });
});
