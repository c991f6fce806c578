import type { Selectable } from 'kysely';
import type { Contract, OfferContractRequest } from '@panalo/contract/contracts';
import {
  CONTRACT_KINDS,
  CONTRACT_REQUEST_FIELD,
  hasContracts,
  tierAboveUpline,
  tiersProblem,
  type ContractKind,
  type Tier,
} from '@panalo/contract/contract-terms';
import { formatAmount, parseAmount } from '@panalo/contract/money';
import { formatRate, parseRate } from '@panalo/contract/rebate';
import type { Clock } from '../../lib/clock';
import type { Database } from '../../db/database';
import type { ContractTable } from '../../db/schema';
import { audit } from '../../lib/audit';
import { DomainError } from '../../lib/domain-error';
import { uniqueViolation } from '../identity/members.repository';
import { merchantTimeZone } from '../../lib/day-range';
import { sendSystemMail } from '../mail/mail.service';
import { periodAt } from './periods';
import { contractsRepository } from './contracts.repository';
import { contractSettings } from './settlement-maths';
import { inTransaction } from '../../db/transaction';

/**
 * Agent contracts (issue 17 items 1 and 2): an upline offers a direct downline the terms of a kind; the
 * downline accepts (the terms become active, replacing the previous active ones of that kind) or refuses
 * (the old ones stay); the upline may withdraw an offer not yet answered; either side ends an active
 * contract from the next period. The operator offers top agents theirs. Nobody offers more than it has:
 * a downline's tiers never pay more than the upline's own active contract from the same figures, over a
 * scope no wider, with a cap no higher.
 */

type Row = Selectable<ContractTable>;
export type ContractDecision = 'accept' | 'refuse' | 'withdraw' | 'terminate';

const refuse = (code: string, status: number, message: string, value?: Record<string, unknown>) =>
  new DomainError(code, status, message, value);
const unknownContract = () => refuse('contract_unknown', 404, 'This contract does not exist');
const notInTeam = () => refuse('team_member_unknown', 404, 'This member is not in your team');

/** Wire tiers as minor units and basis points; a refusal for anything the schema let through but the rules do not. */
export function tiersFromWire(tiers: OfferContractRequest['tiers']): Tier[] {
  const out = tiers.map((t) => {
    const turnover = parseAmount(t.turnover);
    const rate = parseRate(t.rate);
    if (turnover === null || rate === null) throw refuse('contract_tiers_order', 400, 'A tier is not valid');
    return { turnover, active: t.active, rate };
  });
  const problem = tiersProblem(out);
  if (problem)
    throw refuse(
      problem,
      400,
      problem === 'contract_tiers_count'
        ? 'A contract has 1 to 10 tiers'
        : 'Each tier asks for more than the one before and pays more',
    );
  return out;
}

const tiersOf = (r: Row): Tier[] =>
  r.tiers.map((t) => ({ turnover: BigInt(t.turnover), active: t.active, rate: t.rate }));

function view(r: Row & { member_name: string; upline_name: string | null }): Contract {
  return {
    id: r.id.toString(),
    kind: r.kind,
    version: r.version,
    status: r.status,
    scope: r.scope,
    tiers: tiersOf(r).map((t) => ({
      turnover: formatAmount(t.turnover),
      active: t.active,
      rate: formatRate(t.rate),
    })),
    cap: r.cap === null ? null : formatAmount(r.cap),
    offeredBy: r.upline_name,
    member: r.member_name,
    offeredAt: r.offered_at.toISOString(),
    decidedAt: r.decided_at?.toISOString() ?? null,
    endsAt: r.ends_at?.toISOString() ?? null,
  };
}

interface Terms {
  kind: ContractKind;
  scope: 'all' | 'lottery';
  tiers: Tier[];
  cap: bigint | null;
}

function termsFrom(body: Pick<OfferContractRequest, 'kind' | 'scope' | 'tiers' | 'cap'>): Terms {
  const tiers = tiersFromWire(body.tiers);
  const cap = body.cap === null ? null : parseAmount(body.cap);
  if (body.kind === 'dividend' && cap !== null)
    throw refuse('contract_cap_dividend', 400, 'A dividend has no cap');
  if (cap === 0n) throw refuse('contract_cap_zero', 400, 'A cap must be above zero');
  return { kind: body.kind, scope: body.scope, tiers, cap };
}

/** The refusal when `terms` give more than the upline's active contract `own` (undefined: none). */
function exceedsOwn(terms: Terms, own: Row | undefined): DomainError | null {
  if (!own) return refuse('contract_upline_none', 409, 'You have no active contract of this kind to share');
  if (own.scope === 'lottery' && terms.scope === 'all')
    return refuse('contract_scope_wider', 409, 'Your own contract covers the lottery only');
  const tier = tierAboveUpline(terms.tiers, tiersOf(own));
  if (tier !== null)
    return refuse('contract_rate_too_high', 409, 'A tier pays more than your own contract', {
      tier: tier + 1,
    });
  if (own.cap !== null && (terms.cap === null || terms.cap > own.cap))
    return refuse('contract_cap_too_high', 409, 'The cap is above your own', { cap: formatAmount(own.cap) });
  return null;
}

export function contractService(db: Database, clock: Clock) {
  const contracts = contractsRepository(db);

  async function insertOffer(
    trx: Database,
    merchantId: number,
    memberId: bigint,
    terms: Terms,
    by: { uplineId: bigint } | { staffId: bigint },
  ): Promise<bigint> {
    const now = clock.now();
    try {
      const id = await contractsRepository(trx).insertOffer({
        merchantId,
        memberId,
        kind: terms.kind,
        uplineId: 'uplineId' in by ? by.uplineId : null,
        staffId: 'staffId' in by ? by.staffId : null,
        scope: terms.scope,
        tiers: terms.tiers.map((t) => ({ turnover: t.turnover.toString(), active: t.active, rate: t.rate })),
        cap: terms.cap,
        at: now,
      });
      await sendSystemMail(trx, {
        merchantId,
        memberId,
        template: 'contract_offered',
        params: { kind: terms.kind },
        at: now,
      });
      return id;
    } catch (e) {
      if (uniqueViolation(e))
        throw refuse(
          'contract_pending_exists',
          409,
          'An offer of this kind is already waiting for an answer',
        );
      throw e;
    }
  }

  async function one(id: bigint): Promise<Contract> {
    return view(await contracts.contractById(id));
  }

  return {
    /** An upline's offer to one of its direct downlines. */
    async offer(merchantId: number, uplineId: bigint, body: OfferContractRequest): Promise<Contract> {
      const terms = termsFrom(body);
      const id = await inTransaction(db, 'contracts.service.offer', async (trx) => {
        const repo = contractsRepository(trx);
        const member = await repo.directDownline(merchantId, uplineId, BigInt(body.memberId));
        if (!member) throw notInTeam();
        if (!hasContracts(member.type))
          throw refuse('contract_not_allowed', 409, 'This member’s type has no contracts');
        const own = await repo.activeContract(uplineId, terms.kind);
        const tooMuch = exceedsOwn(terms, own);
        if (tooMuch) throw tooMuch;
        const id = await insertOffer(trx, merchantId, member.id, terms, { uplineId });
        await audit(trx, {
          merchantId,
          actor: `member:${uplineId}`,
          action: 'contract.offer',
          target: `member:${member.id}`,
          details: { contract: id, kind: terms.kind, scope: terms.scope, tiers: terms.tiers, cap: terms.cap },
          at: clock.now(),
        });
        return id;
      });
      return one(id);
    },

    /** The operator's offer to a top agent (a member without an upline). */
    async offerAsOperator(
      merchantId: number,
      staffId: bigint,
      body: Pick<OfferContractRequest, 'kind' | 'scope' | 'tiers' | 'cap'> & {
        username: string;
        reason: string;
      },
    ): Promise<Contract> {
      const terms = termsFrom(body);
      const id = await inTransaction(db, 'contracts.service.offerAsOperator', async (trx) => {
        const member = await contractsRepository(trx).memberByUsername(merchantId, body.username);
        if (!member) throw refuse('member_not_found', 404, 'No such member');
        if (!hasContracts(member.type))
          throw refuse('contract_not_allowed', 409, 'This member’s type has no contracts');
        if (member.upline_id !== null)
          throw refuse('contract_not_top', 409, 'This member has an upline: its upline offers its contracts');
        const id = await insertOffer(trx, merchantId, member.id, terms, { staffId });
        await audit(trx, {
          merchantId,
          actor: `operator:${staffId}`,
          action: 'contract.offer',
          target: `member:${member.id}`,
          details: {
            contract: id,
            kind: terms.kind,
            scope: terms.scope,
            tiers: terms.tiers,
            cap: terms.cap,
            reason: body.reason,
          },
          at: clock.now(),
        });
        return id;
      });
      return one(id);
    },

    /**
     * accept / refuse: the member the offer is for, while it waits; withdraw: its upline, while it
     * waits; terminate: either side of an active contract (it pays until its current period ends).
     * On accept the offer is checked again against the upline's terms as they are now.
     */
    async decide(
      merchant: { id: number; settings: unknown },
      actorId: bigint,
      contractId: bigint,
      decision: ContractDecision,
    ): Promise<Contract> {
      const merchantId = merchant.id;
      await inTransaction(db, 'contracts.service.decide', async (trx) => {
        const repo = contractsRepository(trx);
        const c = await repo.lockContract(merchantId, contractId);
        const mine = c?.member_id === actorId;
        const offeredByMe = c?.upline_id === actorId;
        if (!c || !(mine || offeredByMe)) throw unknownContract();
        const now = clock.now();
        const wanted = decision === 'terminate' ? 'active' : 'pending';
        const allowed = decision === 'withdraw' ? offeredByMe : decision === 'terminate' ? true : mine;
        if (!allowed) throw refuse('contract_not_yours', 403, 'Only the other side can do this');
        if (c.status !== wanted)
          throw refuse(
            wanted === 'active' ? 'contract_not_active' : 'contract_not_pending',
            409,
            `This contract is not ${wanted}`,
            { status: c.status },
          );
        if (decision === 'accept') {
          if (c.upline_id !== null) {
            const own = await repo.activeContract(c.upline_id, c.kind);
            const stale = exceedsOwn({ kind: c.kind, scope: c.scope, tiers: tiersOf(c), cap: c.cap }, own);
            if (stale)
              throw refuse(
                'contract_offer_stale',
                409,
                'The upline’s own terms changed: ask for a new offer',
              );
          }
          await repo.replaceActive(c.member_id, c.kind, now);
        }
        const status = {
          accept: 'active',
          refuse: 'refused',
          withdraw: 'withdrawn',
          terminate: 'terminated',
        } as const;
        await repo.setDecision(c.id, {
          status: status[decision],
          decidedAt: decision === 'terminate' ? c.decided_at : now,
          endsAt:
            decision === 'terminate'
              ? new Date(
                  periodAt(
                    c.kind,
                    now.getTime(),
                    merchantTimeZone(merchant),
                    // The period the run pays by: a dividend's follows the merchant's cadence.
                    contractSettings(merchant.settings).dividendCadence,
                  ).end,
                )
              : null,
        });
        await audit(trx, {
          merchantId,
          actor: `member:${actorId}`,
          action: `contract.${decision}`,
          target: `member:${c.member_id}`,
          details: { contract: c.id, kind: c.kind, version: c.version },
          at: now,
        });
      });
      return one(contractId);
    },

    /** My contracts of every kind, newest first (what waits, what runs, what ran). */
    async mine(memberId: bigint): Promise<Contract[]> {
      const rows = await contracts.contractsOf(memberId);
      return rows.map(view);
    },

    /** A direct downline's contracts, for its upline. */
    async ofDownline(merchantId: number, uplineId: bigint, memberId: bigint): Promise<Contract[]> {
      const member = await contracts.directDownlineId(merchantId, uplineId, memberId);
      if (!member) throw notInTeam();
      return this.mine(memberId);
    },

    /** My active and waiting contracts of one kind. */
    async ofKind(
      memberId: bigint,
      kind: ContractKind,
    ): Promise<{ active: Contract | null; pending: Contract | null }> {
      const rows = await contracts.openContractsOfKind(memberId, kind);
      const of = (status: string) => {
        const r = rows.find((x) => x.status === status);
        return r ? view(r) : null;
      };
      return { active: of('active'), pending: of('pending') };
    },

    /** Spec §3 contract request reply: the waiting offer's id per kind, '' when none. */
    async requests(memberId: bigint): Promise<Record<(typeof CONTRACT_REQUEST_FIELD)[ContractKind], string>> {
      const rows = await contracts.pendingOffers(memberId);
      const out = { dailysalreqtype: '', divtypecompperiodreq: '', contracthoursalreq: '' };
      for (const kind of CONTRACT_KINDS) {
        const r = rows.find((x) => x.kind === kind);
        if (r) out[CONTRACT_REQUEST_FIELD[kind]] = r.id.toString();
      }
      return out;
    },
  };
}
export type ContractService = ReturnType<typeof contractService>;
