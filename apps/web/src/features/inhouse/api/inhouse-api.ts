import { queryOptions } from '@tanstack/react-query';
import type { InhouseGameInfo, InhouseRound, MinesStep, VerifiedRound } from '@panalo/contract/inhouse';
import { apiGet, apiRequest } from '../../../lib/api';
import { postMoney } from '../../../lib/money-request';

/** Query keys of our games; the member's own data is keyed by session token. */
export const inhouseKeys = {
  games: () => ['inhouse', 'games'] as const,
  seed: (token: string) => ['inhouse', 'seed', token] as const,
  rounds: (token: string, game: string) => ['inhouse', 'rounds', token, game] as const,
  minesOpen: (token: string) => ['inhouse', 'mines-open', token] as const,
};

export interface SeedView {
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
}
export interface Played {
  round: InhouseRound;
  balance: string;
}
export interface Rotated {
  revealed: { serverSeed: string; serverSeedHash: string; clientSeed: string; nonce: number };
  next: SeedView;
}
export interface Verified {
  serverSeedHash: string;
  payout: string;
  multiplier: string;
  outcome: unknown;
}

export const gamesQueryOptions = () =>
  queryOptions({
    queryKey: inhouseKeys.games(),
    queryFn: ({ signal }) => apiGet<InhouseGameInfo[]>('/inhouse/games', { signal }),
    staleTime: Infinity,
  });

export const seedQueryOptions = (token: string) =>
  queryOptions({
    queryKey: inhouseKeys.seed(token),
    queryFn: ({ signal }) => apiGet<SeedView>('/inhouse/seed', { signal }),
  });

export const roundsQueryOptions = (token: string, game: string) =>
  queryOptions({
    queryKey: inhouseKeys.rounds(token, game),
    queryFn: ({ signal }) =>
      apiGet<InhouseRound[]>(`/inhouse/${encodeURIComponent(game)}/rounds`, { signal }),
  });

/** POST /api/inhouse/<game>/play with the press's idempotency key (a retry of the press reuses it). */
export const playRound = (game: string, bet: Record<string, unknown>, key: string) =>
  postMoney<Played>(`/inhouse/${encodeURIComponent(game)}/play`, bet, key);

export const rotateSeed = (clientSeed?: string) =>
  apiRequest<Rotated>('POST', '/inhouse/seed/rotate', { body: clientSeed ? { clientSeed } : {} });

export const verifyRound = (body: {
  game: string;
  serverSeed: string;
  clientSeed: string;
  nonce: number;
  bet: Record<string, unknown>;
}) => apiRequest<Verified>('POST', '/inhouse/verify', { body });

/** The member's open mines round (a disconnect left it open: it resumes with the same board), or null. */
export const minesOpenQueryOptions = (token: string) =>
  queryOptions({
    queryKey: inhouseKeys.minesOpen(token),
    queryFn: ({ signal }) => apiGet<MinesStep | null>('/inhouse/mines/round', { signal }),
  });

/** Opens a mines round; the stake moves, so the press's idempotency key goes with it. */
export const startMines = (body: { amount: string; mines: number }, key: string) =>
  postMoney<MinesStep>('/inhouse/mines/start', body, key);

export const revealTile = (roundId: string, cell: number) =>
  apiRequest<MinesStep>('POST', '/inhouse/mines/reveal', { body: { roundId, cell } });

export const cashOutMines = (roundId: string) =>
  apiRequest<MinesStep>('POST', '/inhouse/mines/cashout', { body: { roundId } });

/** A stored round recomputed by the server from its revealed seed (public). */
export const storedVerificationQueryOptions = (roundId: string) =>
  queryOptions({
    queryKey: ['inhouse', 'verified', roundId] as const,
    queryFn: ({ signal }) =>
      apiGet<VerifiedRound>(`/inhouse/rounds/${encodeURIComponent(roundId)}/verify`, { signal }),
    retry: false,
  });
