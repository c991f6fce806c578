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

  it('the last rounds link to the verification page with their seeds', async () => {
    renderGame({ '/api/inhouse/dice/rounds': { value: [round({ serverSeed: 'b'.repeat(64) })] } });
    const list = await screen.findByTestId('rounds-list');
    const link = within(list).getByTestId('verify-link');
    const q = new URL(link.getAttribute('href')!, 'http://x').searchParams;
    expect(Object.fromEntries(q)).toMatchObject({
      game: 'dice',
      nonce: '0',
      serverSeed: 'b'.repeat(64),
      hash: HASH,
    });
  });
});

describe('verification page (/m/fair)', () => {
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
    expect(api.calls[0]!.body).toMatchObject({ game: 'dice', nonce: 0, clientSeed: 'c1' });
  });
});
