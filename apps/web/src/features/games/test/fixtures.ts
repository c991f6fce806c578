import type { Game, GameClassification, GameVendor } from '@panalo/contract/games';

export function game(p: Partial<Game> = {}): Game {
  const nodeId = p.nodeId ?? '101';
  return {
    nodeId,
    gameName: `Game ${nodeId}`,
    nodeName: `node-${nodeId}`,
    vassalage: 'BYN',
    gameType: 'RNG',
    gameId: `g${nodeId}`,
    roomId: null,
    showIcon: true,
    iconUrl: `/api/games/art/${nodeId}.svg`,
    supportPlay: true,
    gameClassifyNew: null,
    minBet: '0.10',
    lines: null,
    isNew: false,
    hot: false,
    ...p,
  };
}

/** `count` games with ids from `from` on. */
export const games = (count: number, from = 1, p: Partial<Game> = {}): Game[] =>
  Array.from({ length: count }, (_, i) => game({ ...p, nodeId: String(from + i) }));

export function vendor(code: string, gameCategory = 'RNG'): GameVendor {
  return {
    vassalage: code,
    name: `${code} Studio`,
    mobileSmallIcon: `/api/games/art/vendors/${code}.svg`,
    mobileLargeIcon: `/api/games/art/vendors/${code}-lg.svg`,
    gameCategory,
    accountTypeName: code,
  };
}

export const classification = (
  code: string,
  name = code,
  vassalage: string | null = null,
): GameClassification => ({
  code,
  name,
  vassalage,
});
