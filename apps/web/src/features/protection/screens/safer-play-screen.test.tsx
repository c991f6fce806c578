import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithShell } from '../../../app/test-utils';
import { memberSession } from '../../../app/test-fixtures';
import { Refusal, stubApi } from '../../cashier/test/cashier-fixtures';
import { session } from '../../../lib/session';
import { protectionRoutes } from '../routes';

const assign = vi.fn();
const NO_LIMITS = { limits: [], session: { minutes: null, pending: null } };
afterEach(() => {
  vi.clearAllMocks();
  vi.unstubAllGlobals();
});

function Screens() {
  return (
    <Routes>
      {protectionRoutes.map(({ path, Screen }) => (
        <Route key={path} path={path} element={<Screen />} />
      ))}
      <Route path="/m/login" element={<p data-testid="login-marker">login</p>} />
    </Routes>
  );
}

async function open() {
  vi.stubGlobal('location', { ...window.location, assign });
  const r = renderWithShell(<Screens />, { path: '/m/saferPlay', session: memberSession });
  await screen.findByTestId('safer-play-screen');
  return r;
}

describe('SaferPlayScreen (/m/saferPlay, issue 22)', () => {
  it('asks for a period and the password, says when the break ends, then takes it and signs this device out', async () => {
    const api = stubApi({
      'POST /api/members/self-exclusion': { kind: 'timeout', until: '2026-11-27T04:00:00.000Z' },
      'GET /api/protection/limits': NO_LIMITS,
    });
    const posts = () => api.calls.filter((c) => c.method === 'POST');
    await open();
    fireEvent.click(screen.getByTestId('sp-continue'));
    expect(screen.getByTestId('sp-problem').textContent).toBe('Choose how long your break lasts.');
    fireEvent.click(screen.getByTestId('sp-timeout_24h'));
    fireEvent.click(screen.getByTestId('sp-continue'));
    expect(screen.getByTestId('sp-problem').textContent).toBe('Enter your login password.');
    fireEvent.change(screen.getByTestId('sp-password'), { target: { value: 'Secret123' } });
    fireEvent.click(screen.getByTestId('sp-continue'));
    const confirm = await screen.findByTestId('sp-confirm');
    expect(confirm.textContent).toMatch(/cannot log in until .*20\d\d/);
    expect(posts()).toHaveLength(0);
    fireEvent.click(screen.getByTestId('sp-confirm-button'));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/m/login?break=2026-11-27T04%3A00%3A00.000Z'));
    expect(posts()[0]!.json()).toEqual({ period: 'timeout_24h', password: 'Secret123' });
    expect(session.get()).toBeNull();
  });

  it('a wrong password is said in words and nothing is signed out', async () => {
    stubApi({
      'POST /api/members/self-exclusion': new Refusal('login_password_wrong', 401),
      'GET /api/protection/limits': NO_LIMITS,
    });
    await open();
    fireEvent.click(screen.getByTestId('sp-exclusion_permanent'));
    fireEvent.change(screen.getByTestId('sp-password'), { target: { value: 'nope' } });
    fireEvent.click(screen.getByTestId('sp-continue'));
    expect((await screen.findByTestId('sp-confirm')).textContent).toContain('never');
    fireEvent.click(screen.getByTestId('sp-confirm-button'));
    expect((await screen.findByTestId('sp-problem')).textContent).toBe('Wrong login password');
    expect(assign).not.toHaveBeenCalled();
  });

  it('deposit limits: each span shows its limit and use; a lower one saves at once, a raise says when it can be confirmed', async () => {
    const none = (kind: string, span: string) => ({ kind, span, amount: null, used: '0.00', pending: null });
    let limits = ['deposit', 'wager', 'loss'].flatMap((k) => ['day', 'week', 'month'].map((s) => none(k, s)));
    const session = { minutes: null, pending: null };
    const api = stubApi({
      'GET /api/protection/limits': () => ({ limits, session }),
      'PUT /api/protection/limits': (c: { json(): unknown }) => {
        const b = c.json() as { kind: string; span: string; amount: string | null };
        limits = limits.map((l) =>
          l.span !== b.span || l.kind !== b.kind
            ? l
            : l.amount === null
              ? { ...l, amount: b.amount }
              : { ...l, pending: { amount: b.amount, from: '2999-01-01T00:00:00.000Z' } },
        ) as typeof limits;
        return { limits, session };
      },
    });
    await open();
    expect((await screen.findByTestId('sp-limit-deposit-day-now')).textContent).toBe('No limit');
    fireEvent.change(screen.getByTestId('sp-limit-deposit-day-input'), { target: { value: 'abc' } });
    fireEvent.click(screen.getByTestId('sp-limit-deposit-day-save'));
    expect(screen.getByTestId('sp-limit-deposit-day-problem').textContent).toMatch(/above zero/);
    fireEvent.change(screen.getByTestId('sp-limit-deposit-day-input'), { target: { value: '1000' } });
    fireEvent.click(screen.getByTestId('sp-limit-deposit-day-save'));
    await waitFor(() =>
      expect(screen.getByTestId('sp-limit-deposit-day-now').textContent).toMatch(
        /Limit ₱1,000(\.00)? · deposited ₱0/,
      ),
    );
    fireEvent.change(screen.getByTestId('sp-limit-deposit-day-input'), { target: { value: '5000' } });
    fireEvent.click(screen.getByTestId('sp-limit-deposit-day-save'));
    expect((await screen.findByTestId('sp-limit-deposit-day-pending')).textContent).toMatch(
      /can be confirmed from .*2999/,
    );
    expect(screen.queryByTestId('sp-limit-deposit-day-confirm')).toBeNull();
    expect(api.calls.filter((c) => c.method === 'PUT').map((c) => c.json())).toEqual([
      { kind: 'deposit', span: 'day', amount: '1000' },
      { kind: 'deposit', span: 'day', amount: '5000' },
    ]);
    // The wager and loss limits are set the same way, each on its own card.
    expect(screen.getByTestId('sp-limits-wager').textContent).toMatch(/what you can stake/);
    fireEvent.change(screen.getByTestId('sp-limit-loss-week-input'), { target: { value: '250.50' } });
    fireEvent.click(screen.getByTestId('sp-limit-loss-week-save'));
    await waitFor(() =>
      expect(screen.getByTestId('sp-limit-loss-week-now').textContent).toMatch(/Limit ₱250.50 · lost ₱0.00/),
    );
    expect(api.calls.filter((c) => c.method === 'PUT').map((c) => c.json())[2]).toEqual({
      kind: 'loss',
      span: 'week',
      amount: '250.50',
    });
  });

  it('session limit: a length is chosen from the list and saved; the session card says what is in force', async () => {
    let session: { minutes: number | null; pending: unknown } = { minutes: null, pending: null };
    const api = stubApi({
      'GET /api/protection/limits': () => ({ limits: [], session }),
      'PUT /api/protection/session-limit': (c: { json(): unknown }) => {
        session = { minutes: (c.json() as { minutes: number }).minutes, pending: null };
        return { limits: [], session };
      },
    });
    await open();
    expect((await screen.findByTestId('sp-session-now')).textContent).toBe('No limit');
    const save = screen.getByTestId<HTMLButtonElement>('sp-session-save');
    expect(save.disabled).toBe(true);
    fireEvent.change(screen.getByTestId('sp-session-select'), { target: { value: '60' } });
    fireEvent.click(save);
    await waitFor(() =>
      expect(screen.getByTestId('sp-session-now').textContent).toBe(
        'Each session ends 60 minutes after you log in.',
      ),
    );
    expect(api.calls.find((c) => c.method === 'PUT')!.json()).toEqual({ minutes: 60 });
  });

  it('the last 30 days: charts, and a table of the days with activity in words', async () => {
    const day = (d: string, o: Partial<{ deposits: string; net: string; minutes: number }> = {}) => ({
      day: d,
      deposits: '0.00',
      net: '0.00',
      minutes: 0,
      ...o,
    });
    const days = Array.from({ length: 30 }, (_, i) => day(`2026-11-${String(i + 1).padStart(2, '0')}`));
    days[27] = day('2026-11-28', { deposits: '500.00', net: '-120.50', minutes: 75 });
    stubApi({ 'GET /api/protection/history': { days }, 'GET /api/protection/limits': NO_LIMITS });
    await open();
    const table = await screen.findByTestId('sp-history-table');
    const rows = table.querySelectorAll('tbody tr');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.textContent).toBe('2026-11-28₱500.00-₱120.5075 min');
    expect(screen.getByTestId('sp-history').querySelectorAll('svg rect')).toHaveLength(90);
  });
});
