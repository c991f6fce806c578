import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { InhouseGameInfo, InhouseRound } from '@panalo/contract/inhouse';
import { renderWithShell } from '../../../app/test-utils';
import { memberSession } from '../../../app/test-fixtures';
import { stubApi } from '../../member/test/member-fixtures';
import { InhouseGameScreen } from './inhouse-game-screen';
import { FairScreen } from './fair-screen';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const dice: InhouseGameInfo = {
  id: 'dice',
  kind: 'dice',
  nameKey: 'inhouse.dice.name',
  statedRtpBp: 9900,
  minBet: '0.01',
  maxBet: '1000000.00',
  rulesKeys: ['inhouse.dice.rules.roll', 'inhouse.fair.rules'],
  facts: { minChancePct: 1, maxChancePct: 98, maxMultiplier: 99 },
};
const HASH = 'a'.repeat(64);
const round = (p: Partial<InhouseRound> = {}): InhouseRound => ({
  id: '7',
  game: 'dice',
  nonce: 0,
  serverSeedHash: HASH,
  clientSeed: 'c1',
  serverSeed: null,
  bet: { amount: '2.00', target: 5000, direction: 'under' },
  stake: '2.00',
  payout: '3.96',
  multiplier: '1.9800',
  outcome: { roll: 1234, win: true },
  status: 'settled',
  createdAt: '2026-11-22T10:00:00.000Z',
  ...p,
});

function renderGame(routes: Parameters<typeof stubApi>[0]) {
  const api = stubApi({
    '/api/inhouse/games': { value: [dice] },
    '/api/inhouse/seed': { value: { serverSeedHash: HASH, clientSeed: 'c1', nonce: 0 } },
    '/api/inhouse/dice/rounds': { value: [] },
    '/api/wallet/balance': { value: { sumBalance: '100.00', currency: 'PHP', book: 'real' } },
    ...routes,
  });
  const r = renderWithShell(
    <Routes>
      <Route path="/m/inhouse/:game" element={<InhouseGameScreen />} />
    </Routes>,
    { session: memberSession, path: '/m/inhouse/dice' },
  );
  return { ...r, api };
}

describe('in-house game screen (/m/inhouse/:game)', () => {
  it('shows the stated return to player, help and the committed seed hash before play; sound starts off', async () => {
    renderGame({});
    expect(await screen.findByTestId('stated-rtp')).toHaveTextContent('Return to player 99.00%');
    expect(screen.getByTestId('help-panel')).toHaveTextContent('A roll is a number from 00.00 to 99.99.');
    expect(await screen.findByTestId('seed-hash')).toHaveTextContent(HASH);
    expect(screen.getByTestId('sound-toggle')).not.toBeChecked();
    expect(await screen.findByText('No rounds yet.')).toBeInTheDocument();
  });

  it('a press plays one round with an idempotency key; the result, balance and rounds update', async () => {
    const played = round();
    const { api, user, queryClient } = renderGame({
      'POST /api/inhouse/dice/play': { value: { round: played, balance: '101.96' } },
    });
    await screen.findByTestId('stated-rtp');
    await user.clear(screen.getByTestId('bet-amount'));
    await user.type(screen.getByTestId('bet-amount'), '2.00');
    await user.click(screen.getByTestId('play'));
    expect(await screen.findByTestId('round-result')).toHaveTextContent('Rolled 12.34');
    expect(screen.getByTestId('round-result')).toHaveTextContent('You won 3.96.');
    const post = api.calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({ amount: '2.00', target: 5000, direction: 'under' });
    expect(post.headers.get('idempotency-key')).toMatch(/[0-9a-f-]{36}/);
    expect(queryClient.getQueryData(['wallet', 'balance', memberSession.token])).toMatchObject({
      sumBalance: '101.96',
    });
    await waitFor(() =>
      expect(api.calls.filter((c) => c.url.pathname === '/api/inhouse/dice/rounds').length).toBeGreaterThan(
        1,
      ),
    );
  });

  it('a refusal is shown in words (insufficient balance); a bad amount is caught before sending', async () => {
    const { api, user } = renderGame({
      'POST /api/inhouse/dice/play': { status: 409, code: 'insufficient_funds' },
    });
    await screen.findByTestId('stated-rtp');
    await user.clear(screen.getByTestId('bet-amount'));
    await user.type(screen.getByTestId('bet-amount'), '0');
    await user.click(screen.getByTestId('play'));
    expect(screen.getByTestId('play-error')).toHaveTextContent('Enter a bet above zero');
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
    await user.clear(screen.getByTestId('bet-amount'));
    await user.type(screen.getByTestId('bet-amount'), '5000');
    await user.click(screen.getByTestId('play'));
    expect(await screen.findByTestId('play-error')).toHaveTextContent('Insufficient balance.');
  });

  it('the last rounds link to the verification page: by round id once revealed, else the filled-in form', async () => {
    renderGame({
      '/api/inhouse/dice/rounds': {
        value: [round({ id: '8', nonce: 1 }), round({ serverSeed: 'b'.repeat(64) })],
      },
    });
    const list = await screen.findByTestId('rounds-list');
    const [later, now] = within(list).getAllByTestId('verify-link');
    expect(now).toHaveAttribute('href', '/m/fair?round=7');
    expect(now).toHaveTextContent('Verify');
    const q = new URL(later!.getAttribute('href')!, 'http://x').searchParams;
    expect(Object.fromEntries(q)).toMatchObject({ game: 'dice', nonce: '1', hash: HASH });
    expect(q.has('serverSeed')).toBe(false);
    expect(later).toHaveTextContent('Verify (after reveal)');
  });

  it('crash shows its curve and where it crashed', async () => {
    const crash: InhouseGameInfo = { ...dice, id: 'crash', kind: 'crash', nameKey: 'inhouse.crash.name' };
    stubApi({
      '/api/inhouse/games': { value: [crash] },
      '/api/inhouse/seed': { value: { serverSeedHash: HASH, clientSeed: 'c1', nonce: 0 } },
      '/api/inhouse/crash/rounds': { value: [] },
      '/api/wallet/balance': { value: { sumBalance: '100.00', currency: 'PHP', book: 'real' } },
      'POST /api/inhouse/crash/play': {
        value: {
          round: round({
            game: 'crash',
            bet: { amount: '1.00', cashOutAt: 200 },
            outcome: { crashPoint: 345 },
            payout: '2.00',
          }),
          balance: '101.00',
        },
      },
    });
    const { user } = renderWithShell(
      <Routes>
        <Route path="/m/inhouse/:game" element={<InhouseGameScreen />} />
      </Routes>,
      { session: memberSession, path: '/m/inhouse/crash' },
    );
    await user.click(await screen.findByTestId('play'));
    expect(await screen.findByTestId('round-result')).toHaveTextContent('Crashed at 3.45×');
    expect(screen.getByTestId('crash-curve')).toBeInTheDocument();
  });
});

describe('verification page (/m/fair)', () => {
  it('by round id: shows the stored round, the server’s recomputation and both checks, and fills the form', async () => {
    stubApi({
      '/api/inhouse/rounds/7/verify': {
        value: {
          round: round({ serverSeed: 'b'.repeat(64) }),
          recomputed: { serverSeedHash: HASH, payout: '3.96', multiplier: '1.9800', outcome: { roll: 1234 } },
          hashMatches: true,
          outcomeMatches: true,
        },
      },
    });
    renderWithShell(<FairScreen />, { path: '/m/fair?round=7' });
    const box = await screen.findByTestId('fair-round');
    expect(box).toHaveTextContent('Round #7');
    expect(box).toHaveTextContent('Recomputed: 3.96 (1.9800×)');
    expect(screen.getByTestId('fair-hash-match')).toHaveTextContent('The seed matches the hash');
    expect(screen.getByTestId('fair-outcome-match')).toHaveTextContent('is the one you got');
    // The by-hand form is filled in with the round, to recompute it again by hand.
    expect(screen.getByTestId('fair-serverSeed')).toHaveValue('b'.repeat(64));
    expect(screen.getByTestId('fair-bet')).toHaveValue(JSON.stringify(round().bet));
  });

  it('by round id before the reveal: says the seed is still secret', async () => {
    stubApi({ '/api/inhouse/rounds/7/verify': { status: 409, code: 'inhouse_seed_not_revealed' } });
    renderWithShell(<FairScreen />, { path: '/m/fair?round=7' });
    expect(await screen.findByTestId('fair-round-error')).toHaveTextContent('still secret');
  });

  it('recomputes a round on the server and says whether the seed matches the hash shown before', async () => {
    const api = stubApi({
      'POST /api/inhouse/verify': {
        value: {
          serverSeedHash: HASH,
          payout: '3.96',
          multiplier: '1.9800',
          outcome: { roll: 1234, win: true },
        },
      },
    });
    const q = new URLSearchParams({
      game: 'dice',
      serverSeed: 'b'.repeat(64),
      clientSeed: 'c1',
      nonce: '0',
      bet: JSON.stringify({ amount: '2.00', target: 5000, direction: 'under' }),
      hash: HASH,
    });
    const { user } = renderWithShell(<FairScreen />, { path: `/m/fair?${q.toString()}` });
    await user.click(screen.getByTestId('fair-verify'));
    expect(await screen.findByTestId('fair-result')).toHaveTextContent('Payout 3.96 (1.9800×)');
    expect(screen.getByTestId('fair-match')).toHaveTextContent('The seed matches the hash');
    // The verify call, whichever the shell's other requests came before it.
    const verify = api.calls.find((c) => c.method === 'POST' && c.url.pathname === '/api/inhouse/verify');
    expect(verify?.body).toMatchObject({ game: 'dice', nonce: 0, clientSeed: 'c1' });
  });
});
