import { z } from 'zod';
import { ok } from './common';
import { amountString, signedAmountString } from './wallet';
import { rateString } from './agent';
import { CONTRACT_KINDS, CONTRACT_SCOPES, CONTRACT_STATUSES, MAX_TIERS } from './contract-terms';

/** Agent contracts (issue 17): terms an upline offers a direct downline, and their lifecycle. */

export const contractKind = z.enum(CONTRACT_KINDS);
const id = z.string().regex(/^\d{1,18}$/);

/** A tier on the wire: team turnover (decimal string) and active members above which `rate` % is paid. */
export const contractTier = z.object({
  turnover: amountString,
  active: z.number().int().min(0).max(1_000_000),
  rate: rateString,
});
export type ContractTierWire = z.infer<typeof contractTier>;

export const offerContractRequest = z.object({
  /** The direct downline the offer is for. */
  memberId: id,
  kind: contractKind,
  scope: z.enum(CONTRACT_SCOPES).default('all'),
  tiers: z.array(contractTier).min(1).max(MAX_TIERS),
  /** Salaries only: the most one period pays (null: no cap). */
  cap: amountString.nullable().default(null),
});
export type OfferContractRequest = z.infer<typeof offerContractRequest>;

export const contract = z.object({
  id: z.string(),
  kind: contractKind,
  /** 1, 2, …: every offer to a member of a kind is a new version; a payout names the one it used. */
  version: z.number().int(),
  status: z.enum(CONTRACT_STATUSES),
  scope: z.enum(CONTRACT_SCOPES),
  tiers: z.array(contractTier),
  cap: amountString.nullable(),
  /** Who offered it: the upline's username, or null when the operator did (a top agent's contract). */
  offeredBy: z.string().nullable(),
  member: z.string(),
  offeredAt: z.string(),
  decidedAt: z.string().nullable(),
  /** A terminated contract pays until this instant (the start of the period after the termination). */
  endsAt: z.string().nullable(),
});
export type Contract = z.infer<typeof contract>;

export const contractResponse = ok(contract);
export const contractsResponse = ok(z.object({ list: z.array(contract) }));
export const downlineContractsQuery = z.object({ memberId: id });
export const contractDecisionParams = z.object({
  id,
  decision: z.enum(['accept', 'refuse', 'withdraw', 'terminate']),
});

/** Spec §3 contract request reply: each field non-empty (the offer's id) while an offer of its kind waits. */
export const contractRequestsResponse = ok(
  z.object({
    dailysalreqtype: z.string(),
    divtypecompperiodreq: z.string(),
    contracthoursalreq: z.string(),
  }),
);

/** The operator offers a top agent (no upline) its contracts. */
export const opsOfferContractRequest = offerContractRequest
  .omit({ memberId: true })
  .extend({ username: z.string().min(1).max(64), reason: z.string().trim().min(1).max(500) });

// ---------------------------------------------------------------------------------------------
// Settlements (issue 17 items 3 and 4)
// ---------------------------------------------------------------------------------------------
export const SETTLEMENT_STATUSES = ['paid', 'owed', 'void', 'nil'] as const;

/** What one contract paid (or owes) for one period, with the figures and the tier it used. */
export const contractSettlement = z.object({
  id: z.string(),
  kind: contractKind,
  /** The period's local start: 2026-06-01 (a day or a dividend period), 2026-06-01T10 (an hour). */
  period: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  member: z.string(),
  /** The contract version the settlement followed. */
  version: z.number().int(),
  turnover: signedAmountString,
  active: z.number().int(),
  /** The team's net loss in the period (negative: the team won). */
  netLoss: signedAmountString,
  /** ≤ 0: a won period carried into this one (dividend with carry-over). */
  carryIn: signedAmountString,
  /** The tier reached (1 = lowest), null when none. */
  tier: z.number().int().nullable(),
  rate: rateString,
  capped: z.boolean(),
  amount: amountString,
  payer: z.enum(['platform', 'upline']),
  /** The upline that pays (payer upline), else null. */
  payerName: z.string().nullable(),
  status: z.enum(SETTLEMENT_STATUSES),
  settledAt: z.string(),
  resolvedAt: z.string().nullable(),
  reason: z.string().nullable(),
});
export type ContractSettlement = z.infer<typeof contractSettlement>;

export const settlementsQuery = z.object({
  /** mine: what my contracts paid me; downline: what my direct downlines' contracts (I offered) paid. */
  side: z.enum(['mine', 'downline']).default('mine'),
  kind: contractKind.optional(),
  /** side downline: one direct downline's only. */
  memberId: id.optional(),
  /** Paging: settlements with an id below this one. */
  before: id.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});
export const settlementsResponse = ok(
  z.object({
    list: z.array(contractSettlement),
    /** What is owed in total on this side (decimal string). */
    owed: amountString,
  }),
);
export const settlementResponse = ok(contractSettlement);
export const settlementIdParams = z.object({ id });

export const opsSettlementsQuery = z.object({
  status: z.enum(SETTLEMENT_STATUSES).optional(),
  kind: contractKind.optional(),
  username: z.string().min(1).max(64).optional(),
  before: id.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export const opsResolveSettlementRequest = z.object({ reason: z.string().trim().min(3).max(200) });
export const opsSettlementParams = z.object({ id, action: z.enum(['pay', 'void']) });

/** The merchant's contract terms (merchant settings; the operator changes them, audited). */
export const opsContractTerms = z.object({
  payer: z.record(contractKind, z.enum(['platform', 'upline'])),
  activeBets: amountString,
  activeDeposit: amountString,
  dividendCadence: z.enum(['half_month', 'weekly', 'monthly']),
  dividendCarryOver: z.boolean(),
  cutoffMinutes: z.number().int().min(0).max(1440),
});
export type OpsContractTerms = z.infer<typeof opsContractTerms>;
export const opsContractTermsResponse = ok(opsContractTerms);
export const opsContractTermsRequest = opsContractTerms
  .extend({ payer: z.partialRecord(contractKind, z.enum(['platform', 'upline'])) })
  .partial()
  .extend({ reason: z.string().trim().min(3).max(200) });
export const opsContractRunsResponse = ok(
  z.object({
    list: z.array(
      z.object({
        kind: contractKind,
        period: z.string(),
        settled: z.number().int(),
        busy: z.boolean(),
        waiting: z.boolean(),
      }),
    ),
  }),
);

// ---------------------------------------------------------------------------------------------
// The spec's per-kind calls (§7: AGENT-033 dividend, AGENT-034 salaries; API-066, API-067)
// ---------------------------------------------------------------------------------------------
/** current: the running period's figures under my contract and what it would pay if it closed now. */
export const contractCurrentResponse = ok(
  z
    .object({
      period: z.string(),
      periodStart: z.string(),
      periodEnd: z.string(),
      version: z.number().int(),
      turnover: signedAmountString,
      active: z.number().int(),
      netLoss: signedAmountString,
      tier: z.number().int().nullable(),
      rate: rateString,
      capped: z.boolean(),
      estimate: amountString,
    })
    .nullable(),
);
/** info: my contract of the kind (active, waiting) and the merchant's terms that apply to it. */
export const contractInfoResponse = ok(
  z.object({
    active: contract.nullable(),
    pending: contract.nullable(),
    payer: z.enum(['platform', 'upline']),
    activeBets: amountString,
    activeDeposit: amountString,
    cadence: z.enum(['hour', 'day', 'half_month', 'weekly', 'monthly']),
    carryOver: z.boolean(),
    cutoffMinutes: z.number().int(),
  }),
);
/** request (GET, API-066): the waiting offer's id, '' when none. */
export const contractRequestResponse = ok(z.object({ id: z.string() }));
/** message: what is owed to me and what I owe, of the kind. */
export const contractMessageResponse = ok(z.object({ owedToMe: amountString, iOwe: amountString }));
/** process (GET): the last period run and what I still owe my downlines. */
export const contractProcessResponse = ok(
  z.object({ lastPeriod: z.string().nullable(), iOwe: amountString, owed: z.array(contractSettlement) }),
);
/** process (POST): pays what I owe of the kind from my wallet, oldest first, while it lasts. */
export const contractProcessResult = ok(
  z.object({ paid: z.number().int(), left: z.number().int(), iOwe: amountString }),
);
export const contractHistoryQuery = z.object({
  before: id.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});
