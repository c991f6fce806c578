import { describe, expect, it, vi, afterEach } from 'vitest';
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { renderWithShell } from '../../../app/test-utils';
import { stubApi } from '../../member/test/member-fixtures';
import { lotteryRoutes } from '../routes';
import { menu } from '../test/fixtures';

afterEach(() => vi.unstubAllGlobals());

const routes = (
  <Routes>
    {lotteryRoutes.map(({ path, Screen }) => (
      <Route key={path} path={path} element={<Screen />} />
    ))}
  </Routes>
);

const verified = {
  gameCode: 'K3',
  numero: '202611240007',
  state: 'settled',
  seedHash: 'f'.repeat(64),
  seed: 'seed-text-123',
  result: '256',
  recomputed: '256',
  verified: true,
};

describe('all lotteries and draw verification', () => {
  it('/m/moreLottery lists every lottery by server group, each opening its betting screen', async () => {
    stubApi({ '/api/lottery/menu': { value: menu() } });
    const r = renderWithShell(routes, { path: '/m/moreLottery' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'All lotteries' }, { timeout: 5_000 }),
    ).toBeInTheDocument();
    await screen.findByTestId('more-group-DAILY');
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Fast games',
      'Digits',
      'Daily draws',
    ]);
    await r.user.click(
      within(screen.getByTestId('more-group-DAILY')).getByRole('link', { name: 'Vietnam lotto' }),
    );
    expect(r.location().pathname + r.location().search).toBe('/m/startLottery?code=VNLOTTO');
  });

  it('the lobby links to the full list', async () => {
    stubApi({ '/api/lottery/menu': { value: menu() } });
    const r = renderWithShell(routes, { path: '/m/lottery' });
    await r.user.click(await screen.findByTestId('lottery-more'));
    expect(r.location().pathname).toBe('/m/moreLottery');
  });

  it('/m/lottery/verify shows the hash, the revealed seed, the stored and recomputed results and the verdict', async () => {
    const { calls } = stubApi({ '/api/lottery/verify': { value: verified } });
    renderWithShell(routes, { path: '/m/lottery/verify?code=K3&numero=202611240007' });
    const box = await screen.findByTestId('verify-result');
    expect(within(box).getByTestId('verify-hash')).toHaveTextContent('f'.repeat(64));
    expect(within(box).getByTestId('verify-seed')).toHaveTextContent('seed-text-123');
    expect(within(box).getByTestId('verify-stored')).toHaveTextContent('256');
    expect(within(box).getByTestId('verify-recomputed')).toHaveTextContent('256');
    expect(within(box).getByTestId('verify-verdict')).toHaveTextContent('matches its hash');
    expect(Object.fromEntries(calls[0]!.url.searchParams)).toEqual({
      gameCode: 'K3',
      numero: '202611240007',
    });
  });

  it('verify: a period not drawn yet, a failed check, an unknown game, a missing query', async () => {
    let answer: unknown = {
      ...verified,
      state: 'open',
      seed: null,
      result: null,
      recomputed: null,
      verified: null,
    };
    stubApi({
      '/api/lottery/verify': ({ url }) =>
        url.searchParams.get('gameCode') === 'NOPE'
          ? { status: 404, code: 'lottery_game_unknown' }
          : { value: answer },
    });
    const r = renderWithShell(routes, { path: '/m/lottery/verify?code=K3&numero=202611240007' });
    expect(await screen.findByTestId('verify-verdict')).toHaveTextContent('Not drawn yet');
    answer = { ...verified, recomputed: '255', verified: false };
    await r.user.clear(screen.getByTestId('verify-numero'));
    await r.user.type(screen.getByTestId('verify-numero'), '202611240008');
    await r.user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('This draw does not verify.')).toBeInTheDocument();
    await r.user.clear(screen.getByTestId('verify-code'));
    await r.user.type(screen.getByTestId('verify-code'), 'nope');
    await r.user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByTestId('verify-error')).toHaveTextContent('This lottery is not available.');
    await r.user.clear(screen.getByTestId('verify-numero'));
    await r.user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('Enter a game code and a period number.')).toBeInTheDocument();
  });
});
