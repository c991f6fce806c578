import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { renderWithShell } from '../../app/test-utils';
import { memberSession, trialSession } from '../../app/test-fixtures';
import { TOAST_MS, toast } from '../../lib/toast';
import { RequireSession, requireSession, safeRedirect, sessionGate } from './require-session';

afterEach(() => vi.restoreAllMocks());

const Page = () => <p data-testid="member-page">member page</p>;
const GuardedPage = requireSession(Page);
const SettingsPage = requireSession(Page, { visitor: 'home' });

function renderAt(path: string, session: typeof memberSession | null) {
  return renderWithShell(
    <Routes>
      <Route path="/m/withdraw" element={<GuardedPage />} />
      <Route path="/m/set" element={<SettingsPage />} />
      <Route
        path="/m/trail-ok"
        element={
          <RequireSession allowTrial>
            <Page />
          </RequireSession>
        }
      />
      <Route path="/m/login" element={<p data-testid="login">login</p>} />
      <Route path="/m/home" element={<p data-testid="home">home</p>} />
    </Routes>,
    { path, session },
  );
}

describe('member-page guard', () => {
  it('ROLE-009 a member sees the page', () => {
    renderAt('/m/withdraw', memberSession);
    expect(screen.getByTestId('member-page')).toBeInTheDocument();
  });

  it('ROLE-006 ERR-007 a visitor is sent to /m/login, which will bring them back', () => {
    const r = renderAt('/m/withdraw?tab=2', null);
    expect(screen.getByTestId('login')).toBeInTheDocument();
    expect(screen.queryByTestId('member-page')).toBeNull();
    expect(r.location().pathname).toBe('/m/login');
    expect(new URLSearchParams(r.location().search).get('redirect')).toBe('/m/withdraw?tab=2');
  });

  it('ERR-007 on settings and change password a visitor goes to /m/home instead', () => {
    const r = renderAt('/m/set', null);
    expect(screen.getByTestId('home')).toBeInTheDocument();
    expect(r.location().search).toBe('');
  });

  it('ROLE-010 ROLE-011 ROLE-012 a trial account (type 4) gets the free_reject toast for 2 s and goes home', () => {
    const show = vi.spyOn(toast, 'show').mockResolvedValue();
    renderAt('/m/withdraw', trialSession);
    expect(screen.getByTestId('home')).toBeInTheDocument();
    expect(screen.queryByTestId('member-page')).toBeNull();
    expect(show).toHaveBeenCalledWith('Please login an actual account to use this function', TOAST_MS.info);
    expect(TOAST_MS.info).toBe(2000);
  });

  it('a page that trial play needs can let a trial account in', () => {
    renderAt('/m/trail-ok', trialSession);
    expect(screen.getByTestId('member-page')).toBeInTheDocument();
  });

  it('the gate as a pure rule', () => {
    expect(sessionGate(null, '/m/withdraw')).toEqual({
      kind: 'visitor',
      to: '/m/login?redirect=%2Fm%2Fwithdraw',
    });
    expect(sessionGate(null, '/m/changePsw', { visitor: 'home' })).toEqual({
      kind: 'visitor',
      to: '/m/home',
    });
    expect(sessionGate({ type: 4 }, '/m/withdraw')).toEqual({ kind: 'trial', to: '/m/home' });
    expect(sessionGate({ type: 0 }, '/m/withdraw')).toEqual({ kind: 'allow' });
  });

  it('the login screen follows only same-site redirects', () => {
    expect(safeRedirect('/m/withdraw?x=1')).toBe('/m/withdraw?x=1');
    for (const bad of [null, '', 'https://evil.example', '//evil.example/m', '/\\evil.example', 'm/home']) {
      expect(safeRedirect(bad), String(bad)).toBe('/m/home');
    }
  });
});
