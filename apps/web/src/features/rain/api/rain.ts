import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ClaimRainAnswer,
  OpenRain,
  RainClaim,
  RainSummary,
  ScheduleRainRequest,
} from '@panalo/contract/rain';
import { RAIN_API, rainPath } from '@panalo/contract/rain-rules';
import { invalidateBalance, setBalance } from '../../../app/layout/use-header-balance';
import { apiGet, apiRequest } from '../../../lib/api';
import { postMoney } from '../../../lib/money-request';
import { useSession } from '../../../lib/session';

export const rainKeys = {
  all: ['rain'] as const,
  open: (token: string) => ['rain', 'open', token] as const,
  mine: (token: string) => ['rain', 'mine', token] as const,
  detail: (token: string, id: string) => ['rain', 'detail', token, id] as const,
};

/** The uplines' rains I may claim from; refreshed while one is open or about to open. */
export function useOpenRains() {
  const token = useSession()?.token ?? '';
  return useQuery({
    queryKey: rainKeys.open(token),
    queryFn: ({ signal }) => apiGet<{ list: OpenRain[] }>(RAIN_API.open, { signal }),
    enabled: token !== '',
    select: (v) => v.list,
    refetchInterval: 15_000,
  });
}

/** Opens my claim number `claim` of a rain (the same number again answers the same envelope). */
export function useClaimEnvelope() {
  const client = useQueryClient();
  const token = useSession()?.token ?? '';
  return useMutation({
    mutationFn: ({ rainId, claim }: { rainId: string; claim: number }) =>
      apiRequest<ClaimRainAnswer>('POST', rainPath(RAIN_API.claim, rainId), { body: { claim } }),
    onSuccess: (r, { rainId }) => {
      setBalance(client, token, r.sumBalance);
      client.setQueryData<{ list: OpenRain[] }>(rainKeys.open(token), (old) =>
        old
          ? {
              list: old.list.map((o) =>
                o.id === rainId && !o.won.some((w) => w.claim === r.claim)
                  ? {
                      ...o,
                      left: Math.max(0, o.left - 1),
                      won: [...o.won, { claim: r.claim, amount: r.amount }],
                    }
                  : o,
              ),
            }
          : old,
      );
    },
  });
}

/** The agent's rains, newest first. */
export function useMyRains(enabled: boolean) {
  const token = useSession()?.token ?? '';
  return useQuery({
    queryKey: rainKeys.mine(token),
    queryFn: ({ signal }) => apiGet<{ list: RainSummary[] }>(RAIN_API.agentRains, { signal }),
    enabled: enabled && token !== '',
    select: (v) => v.list,
    refetchInterval: 30_000,
  });
}

/** One of the agent's rains with its latest claims. */
export function useRainDetail(id: string | null) {
  const token = useSession()?.token ?? '';
  return useQuery({
    queryKey: rainKeys.detail(token, id ?? ''),
    queryFn: ({ signal }) =>
      apiGet<{ rain: RainSummary; claims: RainClaim[]; claimsShown: number }>(
        rainPath(RAIN_API.agentRain, id ?? ''),
        { signal },
      ),
    enabled: token !== '' && id !== null,
  });
}

/** Schedules a rain with the intent's idempotency key; the budget leaves the wallet at once. */
export function useScheduleRain() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ idempotencyKey, ...body }: ScheduleRainRequest & { idempotencyKey: string }) =>
      postMoney<RainSummary>(RAIN_API.agentRains, body, idempotencyKey),
    onSuccess: () => {
      void invalidateBalance(client);
      void client.invalidateQueries({ queryKey: rainKeys.all });
    },
  });
}

/** Cancels a rain that has not started: its whole budget returns. */
export function useCancelRain() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<RainSummary>('POST', rainPath(RAIN_API.cancel, id)),
    onSettled: () => {
      void invalidateBalance(client);
      void client.invalidateQueries({ queryKey: rainKeys.all });
    },
  });
}
