import { describe, expect, it } from 'vitest';
import { launchRoute } from './game-launch';

type Launchable = Parameters<typeof launchRoute>[0];
const game = (p: Partial<Launchable> = {}): Launchable => ({
  vassalage: 'BYN',
  gameType: 'RNG',
  gameId: 'g101',
  nodeId: '101',
  supportPlay: true,
  ...p,
});

const q = (to: string) => Object.fromEntries(new URL(to, 'http://x').searchParams);

describe('launch routing (spec §4)', () => {
  it('ROLE-004 a visitor is sent to /m/login and comes back to the list', () => {
    const r = launchRoute(game(), false, '/m/gameList?gameType=RNG');
    expect(r.kind).toBe('login');
    expect(new URL(r.to, 'http://x').pathname).toBe('/m/login');
    expect(q(r.to)).toEqual({ redirect: '/m/gameList?gameType=RNG' });
  });

  it('GAMES-049 TCG_LOTTO_VN and TCG_SEA go through the lottery launcher with gameCode lobby', () => {
    for (const v of ['TCG_LOTTO_VN', 'TCG_SEA']) {
      const r = launchRoute(game({ vassalage: v, gameType: 'LOTT' }), true, '/');
      expect(r.kind).toBe('lottery');
      expect(q(r.to)).toMatchObject({ launcher: 'lottery', vendor: v, gameCode: 'lobby' });
    }
  });

  it('GAMES-050 LOTT and ELOTT go to /m/launchGame', () => {
    const lott = launchRoute(game({ vassalage: 'LOTT', gameId: 'VN45' }), true, '/');
    expect(lott.kind).toBe('launchGame');
    expect(new URL(lott.to, 'http://x').pathname).toBe('/m/launchGame');
    expect(q(lott.to)).toEqual({ playType: 'trad', prize_mode: 'Lott', code: 'VN45', pageBack: 'home' });
    const elott = launchRoute(game({ vassalage: 'ELOTT', gameId: '' }), true, '/');
    expect(q(elott.to)).toMatchObject({ prize_mode: 'Elott', code: 'lobby' });
  });

  it('GAMES-051 other vendors use the generic launcher with category, vendor, gameId, nodeId, supportPlay', () => {
    const r = launchRoute(
      game({ vassalage: 'BYN', gameType: 'RNG', gameId: 'byn-golden-1', nodeId: '595', supportPlay: false }),
      true,
      '/',
    );
    expect(r.kind).toBe('generic');
    expect(q(r.to)).toEqual({
      category: 'RNG',
      vendor: 'BYN',
      gameId: 'byn-golden-1',
      nodeId: '595',
      supportPlay: 'false',
    });
  });

  it('our own games (PNL) open their screen /m/inhouse/<gameId>', () => {
    const r = launchRoute(
      game({ vassalage: 'PNL', gameType: 'INHOUSE', gameId: 'pearl-of-manila' }),
      true,
      '/',
    );
    expect(r).toEqual({ kind: 'inhouse', to: '/m/inhouse/pearl-of-manila' });
  });
});
