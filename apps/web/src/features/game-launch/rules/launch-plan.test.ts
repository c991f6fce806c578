import { describe, expect, it } from 'vitest';
import { launchRoute } from '../../../lib/game-launch';
import { isSitePath, launchPlan } from './launch-plan';

const plan = (query: string) => launchPlan(new URLSearchParams(query), 'EN');
const tile = {
  vassalage: 'BYN',
  gameType: 'RNG',
  gameId: 'byn-golden-carabao',
  nodeId: '42',
  supportPlay: true,
};

describe('/m/launchGame address', () => {
  it('SHELL-034 reads playType, prize_mode, code and pageBack and launches the lottery betting screen (API-061/062)', () => {
    expect(plan('playType=trad&prize_mode=Elott&code=wingo1&pageBack=home')).toEqual({
      kind: 'lottery',
      back: '/m/home',
      request: {
        lottoArea: 'VN',
        launchMode: 'LOTT',
        lottoPrizeMode: 'Elott',
        lottoGameCode: 'WINGO1',
        lottoView: 'betting',
        device: 'MOBILE',
        backUrl: '/m/home',
        language: 'EN',
      },
    });
  });

  it('SHELL-035 without a code, code is lobby: the lottery lobby (API-062 lottoView lobby)', () => {
    for (const q of ['playType=trad&prize_mode=Lott', 'playType=trad&code=lobby', '']) {
      const p = plan(q);
      expect(p.kind).toBe('lottery');
      if (p.kind !== 'lottery') continue;
      expect(p.request).toMatchObject({ lottoGameCode: '', lottoView: 'lobby', lottoPrizeMode: 'Lott' });
    }
  });

  it('GAMES-049 the TCG lottery launcher form opens the lottery at gameCode lobby', () => {
    const p = plan('launcher=lottery&vendor=TCG_SEA&gameCode=lobby&pageBack=home');
    expect(p).toMatchObject({ kind: 'lottery', request: { lottoView: 'lobby', lottoGameCode: '' } });
  });

  it('GAMES-050 a LOTT / ELOTT tile’s address (from the game list) launches that lottery', () => {
    const to = launchRoute(
      { ...tile, vassalage: 'ELOTT', gameType: 'LOTT', gameId: 'WINGO3' },
      true,
      '/m/home',
    ).to;
    const p = plan(new URL(to, 'http://x').search);
    expect(p).toMatchObject({
      kind: 'lottery',
      request: { lottoPrizeMode: 'Elott', lottoGameCode: 'WINGO3', lottoView: 'betting' },
    });
  });

  it('GAMES-051 a vendor tile’s address (category, vendor, gameId, nodeId, supportPlay) is a generic launch', () => {
    const to = launchRoute(tile, true, '/m/gameList?gameType=RNG').to;
    expect(plan(new URL(to, 'http://x').search)).toEqual({
      kind: 'vendor',
      back: '/m/gameList?gameType=RNG',
      request: {
        category: 'RNG',
        vendor: 'BYN',
        gameId: 'byn-golden-carabao',
        nodeId: '42',
        supportPlay: true,
        device: 'MOBILE',
        language: 'EN',
        backUrl: '/m/gameList?gameType=RNG',
      },
    });
  });

  it('GAMES-051 a hot match names a vendor only: its first game is launched; junk is invalid', () => {
    expect(plan('code=match-1&vendor=KSP&roomId=r1')).toEqual({
      kind: 'vendorLobby',
      vendor: 'KSP',
      back: '/m/home',
    });
    expect(plan('vendor=BYN&gameId=x&nodeId=abc').kind).toBe('invalid');
    expect(plan('playType=trad&code=<script>').kind).toBe('invalid');
  });

  it('GAMES-052 same-site game URLs open inside the app, others leave for the vendor', () => {
    expect(isSitePath('/m/startLottery?code=WINGO1')).toBe(true);
    for (const u of ['http://127.0.0.1:5000/games/x', '//evil.example', '/\\evil.example'])
      expect(isSitePath(u)).toBe(false);
  });
});
