import { queryOptions } from '@tanstack/react-query';
import type { InhouseGameInfo, InhouseRound } from '@panalo/contract/inhouse';
import { apiGet, apiRequest } from '../../../lib/api';
import { postMoney } from '../../../lib/money-request';

/** Query keys of our games; the member's own data is keyed by session token. */
export const inhouseKeys = {
  games: () => ['inhouse', 'games'] as const,
  seed: (token: string) => ['inhouse', 'seed', token] as const,
  rounds: (token: string, game: string) => ['inhouse', 'rounds', token, game] as const,
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
