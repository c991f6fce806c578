import { formatAmount, parseAmount } from '@panalo/contract/money';
import { RAIN_LIMITS, type RainAudience } from '@panalo/contract/rain-rules';

/** What the agent typed in the schedule form. */
export interface RainDraft {
  budget: string;
  envelopes: string;
  minAmount: string;
  minutes: string;
  perMember: string;
  /** '' to start now, else a local date-time (the input's value, YYYY-MM-DDTHH:mm). */
  startsAt: string;
  audience: RainAudience;
  memberIds: readonly string[];
  paymentPassword: string;
}

export type RainDraftField =
  'budget' | 'envelopes' | 'minAmount' | 'minutes' | 'perMember' | 'startsAt' | 'members' | 'password';
export type RainDraftProblem = {
  field: RainDraftField;
  key: string;
  values?: Record<string, string | number>;
} | null;

export const emptyRainDraft: RainDraft = {
  budget: '',
  envelopes: '20',
  minAmount: '0.01',
  minutes: '5',
  perMember: '1',
  startsAt: '',
  audience: 'team',
  memberIds: [],
  paymentPassword: '',
};

const wholeIn = (text: string, min: number, max: number): number | null => {
  if (!/^\d{1,6}$/.test(text.trim())) return null;
  const n = Number(text.trim());
  return n >= min && n <= max ? n : null;
};

/**
 * The first problem of a draft (the field it is about, the text key and its values), or the request to
 * send. The server checks all of it again; this only spares the agent a round trip.
 */
export function checkRainDraft(
  d: RainDraft,
  now: number,
  balance: string | null,
):
  | { problem: NonNullable<RainDraftProblem>; request?: undefined }
  | {
      problem?: undefined;
      request: {
        budget: string;
        envelopes: number;
        minAmount: string;
        minutes: number;
        perMember: number;
        startsAt?: string;
        audience: RainAudience;
        memberIds: string[];
        paymentPassword: string;
      };
    } {
  const budget = parseAmount(d.budget.trim());
  if (budget === null || budget <= 0n)
    return { problem: { field: 'budget', key: 'rain.form.problem.budget' } };
  const avail = balance === null ? null : parseAmount(balance);
  if (avail !== null && budget > avail)
    return { problem: { field: 'budget', key: 'rain.form.problem.overBalance' } };
  const envelopes = wholeIn(d.envelopes, 1, RAIN_LIMITS.maxEnvelopes);
  if (envelopes === null)
    return {
      problem: {
        field: 'envelopes',
        key: 'rain.form.problem.envelopes',
        values: { max: RAIN_LIMITS.maxEnvelopes },
      },
    };
  const min = parseAmount(d.minAmount.trim());
  if (min === null || min <= 0n)
    return { problem: { field: 'minAmount', key: 'rain.form.problem.minAmount' } };
  if (BigInt(envelopes) * min > budget)
    return {
      problem: {
        field: 'budget',
        key: 'rain.form.problem.tooSmall',
        values: { least: formatAmount(BigInt(envelopes) * min) },
      },
    };
  const minutes = wholeIn(d.minutes, RAIN_LIMITS.minMinutes, RAIN_LIMITS.maxMinutes);
  if (minutes === null)
    return {
      problem: {
        field: 'minutes',
        key: 'rain.form.problem.minutes',
        values: { max: RAIN_LIMITS.maxMinutes },
      },
    };
  const perMember = wholeIn(d.perMember, 1, RAIN_LIMITS.maxPerMember);
  if (perMember === null)
    return {
      problem: {
        field: 'perMember',
        key: 'rain.form.problem.perMember',
        values: { max: RAIN_LIMITS.maxPerMember },
      },
    };
  let startsAt: string | undefined;
  if (d.startsAt !== '') {
    const at = new Date(d.startsAt).getTime();
    if (!Number.isFinite(at) || at < now - 60_000)
      return { problem: { field: 'startsAt', key: 'rain.form.problem.startPast' } };
    if (at > now + RAIN_LIMITS.maxLeadDays * 86_400_000)
      return { problem: { field: 'startsAt', key: 'rain.form.problem.startFar' } };
    startsAt = new Date(at).toISOString();
  }
  if (d.audience === 'chosen' && d.memberIds.length === 0)
    return { problem: { field: 'members', key: 'rain.form.problem.members' } };
  if (!/^\d{6}$/.test(d.paymentPassword))
    return { problem: { field: 'password', key: 'rain.form.problem.password' } };
  return {
    request: {
      budget: formatAmount(budget),
      envelopes,
      minAmount: formatAmount(min),
      minutes,
      perMember,
      ...(startsAt ? { startsAt } : {}),
      audience: d.audience,
      memberIds: d.audience === 'chosen' ? [...d.memberIds] : [],
      paymentPassword: d.paymentPassword,
    },
  };
}

/** The mean envelope of a draft, for the form's hint; null until budget and count are valid. */
export function meanEnvelope(d: Pick<RainDraft, 'budget' | 'envelopes'>): string | null {
  const budget = parseAmount(d.budget.trim());
  const n = wholeIn(d.envelopes, 1, RAIN_LIMITS.maxEnvelopes);
  if (budget === null || budget <= 0n || n === null) return null;
  return formatAmount(budget / BigInt(n));
}

/**
 * Where the falling envelopes of one rain stand for this member: how many it may still open, the number
 * of its next claim, and the total it has won.
 */
export function claimState(r: {
  perMember: number;
  left: number;
  won: readonly { claim: number; amount: string }[];
}) {
  const taken = new Set(r.won.map((w) => w.claim));
  let next: number | null = null;
  for (let k = 1; k <= r.perMember; k++)
    if (!taken.has(k)) {
      next = k;
      break;
    }
  const total = r.won.reduce((s, w) => s + (parseAmount(w.amount) ?? 0n), 0n);
  return {
    next: r.left > 0 ? next : null,
    mayOpen: Math.min(r.perMember - taken.size, r.left),
    total: formatAmount(total),
  };
}
