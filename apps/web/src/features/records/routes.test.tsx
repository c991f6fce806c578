import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { renderWithShell } from '../../app/test-utils';
import { memberSession, trialSession } from '../../app/test-fixtures';
import { toast } from '../../lib/toast';
import { recordsRoutes } from './routes';
import { DEPOSITS, page, stubApi } from './test/records-fixtures';

let show: ReturnType<typeof vi.fn<typeof toast.show>>;
beforeEach(() => {
  show = vi.fn<typeof toast.show>(async () => {});
  vi.spyOn(toast, 'show').mockImplementation(show);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const renderAt = (path: string, session: Parameters<typeof renderWithShell>[1] = {}) =>
  renderWithShell(
    <Routes>
      {recordsRoutes.map(({ path: p, Screen }) => (
        <Route key={p} path={p} element={<Screen />} />
      ))}
      <Route path="/m/login" element={<p data-testid="login">login</p>} />
      <Route path="/m/home" element={<p data-testid="home">home</p>} />
    </Routes>,
    { path, ...session },
  );

describe('records routes', () => {
  it('SHELL-038 SHELL-039 the record routes (with /m/gameRecord) and transfer to upline exist', () => {
    expect(recordsRoutes.map((r) => r.path)).toEqual([
      '/m/vouReport',
      '/m/withdrawReport',
      '/m/transaction/record',
      '/m/gameRecord',
      '/m/profitandloss',
      '/m/upLine/transfer',
    ]);
  });

  it.each(recordsRoutes.map((r) => r.path))(
    'ROLE-006 a visitor opening %s is sent to log in and back',
    async (path) => {
      const r = renderAt(path);
      await screen.findByTestId('login');
      expect(r.location().pathname).toBe('/m/login');
      expect(new URLSearchParams(r.location().search).get('redirect')).toBe(path);
    },
  );

  it('ROLE-011 a free-trial account is refused with free_reject and sent home', async () => {
    const r = renderAt('/m/vouReport', { session: trialSession });
    await screen.findByTestId('home');
    expect(r.location().pathname).toBe('/m/home');
    expect(show).toHaveBeenCalledWith('Please login an actual account to use this function', 2000);
  });

  it('ROLE-009 a member sees the screen (loaded on first use)', async () => {
    stubApi({ [DEPOSITS]: page([]) });
    renderAt('/m/vouReport', { session: memberSession });
    await waitFor(() => expect(screen.getByTestId('deposit-records-screen')).toBeInTheDocument());
  });
});
