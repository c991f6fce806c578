import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  MissionsView,
  PromotionItem,
  RebateReport,
  RebateView,
  ReferralView,
  RewardItem,
  VipBenefits,
} from '@panalo/contract/promotions';
import { PROMO_API, promoPath } from '@panalo/contract/promotion-rules';
import { apiGet, apiRequest } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { useDebouncedLanguage } from '../../../lib/use-debounced-language';

export const promotionKeys = {
  all: ['promotions'] as const,
  list: (token: string, lang: string) => ['promotions', 'list', token, lang] as const,
  rewards: (token: string, lang: string) => ['promotions', 'rewards', token, lang] as const,
  benefits: (token: string, lang: string) => ['promotions', 'benefits', token, lang] as const,
  referral: (token: string, lang: string) => ['promotions', 'referral', token, lang] as const,
  rebate: (token: string, lang: string) => ['promotions', 'rebate', token, lang] as const,
  missions: (token: string, lang: string) => ['promotions', 'missions', token, lang] as const,
  rebateReport: (token: string, from: string, to: string) =>
    ['promotions', 'rebate-report', token, from, to] as const,
};

/** Manual rebate: today's rebate so far per product group at my level's rates. */
export function useRebate() {
  const token = useSession()?.token ?? '';
  const lang = useDebouncedLanguage();
  return useQuery({
    queryKey: promotionKeys.rebate(token, lang),
    queryFn: ({ signal }) => apiGet<RebateView>(PROMO_API.rebate, { query: { lang }, signal }),
    enabled: token !== '',
  });
}

/** Takes today's rebate so far; afterwards every promotion view reads again. */
export function useTakeRebate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<RewardItem>('POST', PROMO_API.rebateClaim),
    onSettled: () => client.invalidateQueries({ queryKey: promotionKeys.all }),
  });
}

/** My rebate over a range of days (null while the custom range is incomplete). */
export function useRebateReport(range: { from: string; to: string } | null) {
  const token = useSession()?.token ?? '';
  return useQuery({
    queryKey: promotionKeys.rebateReport(token, range?.from ?? '', range?.to ?? ''),
    queryFn: ({ signal }) =>
      apiGet<RebateReport>(PROMO_API.rebateReport, {
        query: { startDate: range!.from, endDate: range!.to },
        signal,
      }),
    enabled: token !== '' && range !== null,
    placeholderData: (previous) => previous,
  });
}

/** Invite friends: my code and link, the rule, my friends (reading it issues rewards friends earned). */
export function useReferral() {
  const token = useSession()?.token ?? '';
  const lang = useDebouncedLanguage();
  return useQuery({
    queryKey: promotionKeys.referral(token, lang),
    queryFn: ({ signal }) => apiGet<ReferralView>(PROMO_API.referral, { query: { lang }, signal }),
    enabled: token !== '',
  });
}

/** The VIP club: my level, what the next needs, every level (reading it may raise my level). */
export function useVipBenefits() {
  const token = useSession()?.token ?? '';
  const lang = useDebouncedLanguage();
  return useQuery({
    queryKey: promotionKeys.benefits(token, lang),
    queryFn: ({ signal }) => apiGet<VipBenefits>(PROMO_API.benefits, { query: { lang }, signal }),
    enabled: token !== '',
  });
}

/** The merchant's promotions with my status in each (a visitor's without). */
export function usePromotions() {
  const token = useSession()?.token ?? '';
  const lang = useDebouncedLanguage();
  return useQuery({
    queryKey: promotionKeys.list(token, lang),
    queryFn: ({ signal }) => apiGet<PromotionItem[]>(PROMO_API.list, { query: { lang }, signal }),
  });
}

/** My reward centre: issued rewards, then the latest others. */
export function useRewards() {
  const token = useSession()?.token ?? '';
  const lang = useDebouncedLanguage();
  return useQuery({
    queryKey: promotionKeys.rewards(token, lang),
    queryFn: ({ signal }) =>
      apiGet<{ issued: RewardItem[]; history: RewardItem[] }>(PROMO_API.rewards, { query: { lang }, signal }),
    enabled: token !== '',
  });
}

/** Check-in and claim: afterwards every promotion view reads again (the balance comes by the live stream). */
function usePromotionAction(path: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<RewardItem>('POST', promoPath(path, id)),
    onSettled: () => client.invalidateQueries({ queryKey: promotionKeys.all }),
  });
}

export const useCheckIn = () => usePromotionAction(PROMO_API.checkIn);
export const useClaimReward = () => usePromotionAction(PROMO_API.claim);

/** Applies to an application promotion: multipart with the comment and the (compressed) images. */
export function useApply() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (o: { id: string; comment: string; images: File[] }) => {
      const form = new FormData();
      form.set('comment', o.comment);
      for (const f of o.images) form.append('images', f, f.name);
      return apiRequest<RewardItem>('POST', promoPath(PROMO_API.apply, o.id), { body: form });
    },
    onSettled: () => client.invalidateQueries({ queryKey: promotionKeys.all }),
  });
}

/** Mission activity: missions with my progress, races with the ranking (a visitor sees them without). */
export function useMissions() {
  const token = useSession()?.token ?? '';
  const lang = useDebouncedLanguage();
  return useQuery({
    queryKey: promotionKeys.missions(token, lang),
    queryFn: ({ signal }) => apiGet<MissionsView>(PROMO_API.missions, { query: { lang }, signal }),
  });
}

export const useClaimMission = () => usePromotionAction(PROMO_API.missionClaim);
