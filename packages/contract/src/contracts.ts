import { z } from 'zod';
import { ok } from './common';
import { amountString } from './wallet';
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
