import type {
  GameMenus,
  LotteryBet,
  LotteryBetType,
  LotteryGame,
  LotteryMenu,
  LotteryMenuGroup,
  LotteryOrder,
  LotterySuborder,
} from '@panalo/contract/lottery';

/** A lottery game as GET /api/lottery/menu gives it. */
export function lotteryGame(p: Partial<LotteryGame> = {}): LotteryGame {
  const code = p.gameCode ?? 'WINGO1';
  return {
    gameId: p.gameId ?? `id-${code}`,
    gameGroupCode: 'FAST',
    gameCode: code,
    remark: `Game ${code}`,
    mobileIconUrl: `lottery/${code.toLowerCase()}.svg`,
    kind: 'wingo',
    numero: '202611240001',
    previousWinningNumber: '7',
    winningTime: '2026-11-24T00:00:00.000Z',
    isSale: true,
    remainTime: 60_000,
    lockTime: 5,
    tag: [],
    ...p,
  };
}

export const group = (tag: string, labelName: string, gameMenus: LotteryGame[]): LotteryMenuGroup => ({
  tag,
  labelName,
  gameMenus,
});

export const wingo1 = lotteryGame({ gameId: '1', gameCode: 'WINGO1', remark: 'Wingo 1 min', tag: ['HOT'] });
export const wingo3 = lotteryGame({
  gameId: '2',
  gameCode: 'WINGO3',
  remark: 'Wingo 3 min',
  remainTime: 150_000,
  lockTime: 10,
});
export const d5 = lotteryGame({
  gameId: '3',
  gameCode: '5D',
  gameGroupCode: 'DIGITS',
  remark: '5D',
  kind: 'd5',
  previousWinningNumber: '38105',
  tag: ['HOT'],
  remainTime: 200_000,
  lockTime: 30,
});
export const vn = lotteryGame({
  gameId: '4',
  gameCode: 'VNLOTTO',
  gameGroupCode: 'DAILY',
  remark: 'Vietnam lotto',
  kind: 'vnlotto',
  numero: '20261124',
  previousWinningNumber: '12345~67890~11123,45623',
  isSale: false,
  remainTime: 0,
  lockTime: 900,
});

/** The menu in tab order: HOT, FAV (empty), then the groups. */
export function menu(): LotteryMenu {
  return {
    HOT: group('HOT', 'Hot', [wingo1, d5]),
    FAV: group('FAV', 'Favourites', []),
    FAST: group('FAST', 'Fast games', [wingo1, wingo3]),
    DIGITS: group('DIGITS', 'Digits', [d5]),
    DAILY: group('DAILY', 'Daily draws', [vn]),
  };
}

export function betType(p: Partial<LotteryBetType> & Pick<LotteryBetType, 'betType'>): LotteryBetType {
  return {
    nameKey: `lottery.betType.wingo.${p.betType}`,
    selection: { kind: 'list', values: [] },
    odds: { default: '1.96' },
    minStake: '1.00',
    maxStake: '50000.00',
    ...p,
  };
}

export const wingoBetTypes: LotteryBetType[] = [
  betType({
    betType: 'number',
    selection: { kind: 'list', values: ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'] },
    odds: { default: '9' },
  }),
  betType({
    betType: 'colour',
    selection: { kind: 'list', values: ['green', 'red', 'violet'] },
    odds: { default: '2', half: '1.5', violet: '4.5' },
  }),
  betType({ betType: 'size', selection: { kind: 'list', values: ['big', 'small'] } }),
];

/** GET /api/lottery/gameMenus for Wingo 1: period open, 40 s to the lock. */
export function gameMenus(p: Partial<GameMenus> = {}): GameMenus {
  return {
    game: wingo1,
    betTypes: wingoBetTypes,
    period: {
      gameCode: 'WINGO1',
      numero: '202611240042',
      state: 'open',
      openAt: '2026-11-24T00:41:00.000Z',
      lockAt: '2026-11-24T00:41:55.000Z',
      drawAt: '2026-11-24T00:42:00.000Z',
      seedHash: 'ab'.repeat(32),
      result: null,
    },
    serverTime: '2026-11-24T00:41:15.000Z',
    maxFollow: 30,
    maxItems: 50,
    jackpot: null,
    ...p,
  };
}

export function bet(p: Partial<LotteryBet> = {}): LotteryBet {
  return {
    id: '1',
    orderId: 'o1',
    gameCode: 'WINGO1',
    numero: '202611240042',
    betType: 'colour',
    selection: 'green',
    amount: '10.00',
    units: 1,
    stake: '10.00',
    status: 'accepted',
    payout: '0.00',
    result: null,
    createdAt: '2026-11-24T00:41:20.000Z',
    settledAt: null,
    ...p,
  };
}

/** One period of an order as GET /api/lottery/orders gives it: pending and still cancellable. */
export function suborder(p: Partial<LotterySuborder> = {}): LotterySuborder {
  return {
    numero: '202611240042',
    status: 'pending',
    stake: '10.00',
    payout: '0.00',
    result: null,
    cancellable: true,
    ...p,
  };
}

export function order(p: Partial<LotteryOrder> = {}): LotteryOrder {
  return {
    id: 'o1',
    gameCode: 'WINGO1',
    totalStake: '10.00',
    payout: '0.00',
    createdAt: '2026-11-24T00:41:20.000Z',
    suborders: [suborder()],
    ...p,
  };
}
