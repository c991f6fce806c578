import { z } from 'zod';
import { ok } from './common';
import { amountString, signedAmountString } from './wallet';
import { RAIN_AUDIENCES, RAIN_LIMITS } from './rain-rules';

/** Red envelope rain (issue 17, /m/redRain): an agent's rain for its team, and the members' claims. */
const memberIdString = z.string().regex(/^\d{1,18}$/);
const idString = z.string().regex(/^\d{1,18}$/);

export const scheduleRainRequest = z.object({
  budget: amountString,
  envelopes: z.number().int().min(1).max(RAIN_LIMITS.maxEnvelopes),
  /** The least an envelope holds. */
  minAmount: amountString.default('0.01'),
  /** ISO time the window opens; absent: now. */
  startsAt: z.iso.datetime({ offset: true }).optional(),
  minutes: z.number().int().min(RAIN_LIMITS.minMinutes).max(RAIN_LIMITS.maxMinutes),
  perMember: z.number().int().min(1).max(RAIN_LIMITS.maxPerMember).default(1),
  audience: z.enum(RAIN_AUDIENCES).default('team'),
  /** The downlines a 'chosen' rain is for (members of the agent's team). */
  memberIds: z.array(memberIdString).max(RAIN_LIMITS.maxChosen).default([]),
  paymentPassword: z.string().max(32),
});
export type ScheduleRainRequest = z.input<typeof scheduleRainRequest>;

export const rainSummary = z.object({
  id: z.string(),
  budget: signedAmountString,
  envelopes: z.number().int(),
  minAmount: signedAmountString,
  perMember: z.number().int(),
  audience: z.enum(RAIN_AUDIENCES),
  /** How many downlines were chosen (audience 'chosen'); 0 for the whole team. */
  chosen: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string(),
  status: z.enum(['scheduled', 'finished', 'cancelled']),
  claimed: z.number().int(),
  claimedAmount: signedAmountString,
  claimants: z.number().int(),
  returned: signedAmountString,
  createdAt: z.string(),
});
export type RainSummary = z.infer<typeof rainSummary>;
export const rainSummaryResponse = ok(rainSummary);
export const rainsResponse = ok(z.object({ list: z.array(rainSummary) }));

export const rainClaim = z.object({
  username: z.string(),
  claim: z.number().int(),
  amount: signedAmountString,
  at: z.string(),
});
export type RainClaim = z.infer<typeof rainClaim>;
export const rainDetailResponse = ok(
  z.object({ rain: rainSummary, claims: z.array(rainClaim), claimsShown: z.number().int() }),
);

export const rainIdParams = z.object({ id: idString });

/** A rain as one of the agent's downlines sees it. */
export const openRain = z.object({
  id: z.string(),
  from: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  status: z.enum(['scheduled', 'finished', 'cancelled']),
  perMember: z.number().int(),
  envelopes: z.number().int(),
  left: z.number().int(),
  /** What this member has won from it, claim by claim. */
  won: z.array(z.object({ claim: z.number().int(), amount: signedAmountString })),
});
export type OpenRain = z.infer<typeof openRain>;
export const openRainsResponse = ok(z.object({ list: z.array(openRain) }));

/** The member's n-th claim of the rain (1…perMember): the same number again answers the same envelope. */
export const claimRainRequest = z.object({ claim: z.number().int().min(1).max(RAIN_LIMITS.maxPerMember) });
export const claimRainResponse = ok(
  z.object({ claim: z.number().int(), amount: signedAmountString, sumBalance: signedAmountString }),
);
export type ClaimRainAnswer = z.infer<typeof claimRainResponse>['value'];
