import type { RebateView } from '@panalo/contract/agent';
import {
  agentRateRange,
  formatRate,
  parseRate,
  PRODUCT_GROUPS,
  zeroRates,
  type ProductGroup,
  type Rates,
} from '@panalo/contract/rebate';
import type { Database } from '../../db/database';
import { audit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { DomainError } from '../../lib/domain-error';
import { inTransaction } from '../../db/transaction';
import { agencyRepository } from './agency.repository';
import { rebateRepository } from './rebate.repository';

/** The agency's rebate terms of a merchant (settings.agency), with these defaults when it sets none. */
export interface AgencyTerms {
  maxRates: Rates;
  minGap: number;
  freeThreshold: number;
  payPlayerRebate: boolean;
}
export const AGENCY_DEFAULTS: AgencyTerms = {
  maxRates: {
    ...zeroRates(),
    lottery: 780,
    slots: 200,
    live: 100,
    sports: 150,
    fishing: 200,
    cards: 150,
    cockfight: 100,
    esports: 150,
  },
  minGap: 10,
  freeThreshold: 100,
  payPlayerRebate: false,
};

export function agencyTerms(settings: unknown): AgencyTerms {
  const a = (settings as { agency?: Partial<AgencyTerms> } | null)?.agency;
  return {
    maxRates: { ...AGENCY_DEFAULTS.maxRates, ...(a?.maxRates ?? {}) },
    minGap: a?.minGap ?? AGENCY_DEFAULTS.minGap,
    freeThreshold: a?.freeThreshold ?? AGENCY_DEFAULTS.freeThreshold,
    payPlayerRebate: a?.payPlayerRebate ?? AGENCY_DEFAULTS.payPlayerRebate,
  };
}

const wire = (r: Rates) =>
  Object.fromEntries(PRODUCT_GROUPS.map((g) => [g, formatRate(r[g])])) as Record<ProductGroup, string>;

/** A member's rates (0 where none is set); `lock` takes its rows for update. */
export async function ratesOf(db: Database, memberId: bigint, lock = false): Promise<Rates> {
  const rows = await rebateRepository(db).memberRates(memberId, lock);
  const rates = zeroRates();
  for (const r of rows)
    if ((PRODUCT_GROUPS as readonly string[]).includes(r.product))
      rates[r.product as ProductGroup] = r.rate_bp;
  return rates;
}

/**
 * Writes changed rates of one member and their audit record in the caller's transaction (the agent's
 * rebate settings and the operator's calls share it): who, before → after per product, and any details.
 */
export async function writeRates(
  trx: Database,
  o: {
    merchantId: number;
    memberId: bigint;
    actor: string;
    changes: { product: ProductGroup; from: number; to: number }[];
    details: Record<string, unknown>;
    at: Date;
  },
): Promise<void> {
  if (o.changes.length === 0) return;
  await rebateRepository(trx).upsertRates({
    merchantId: o.merchantId,
    memberId: o.memberId,
    rates: o.changes.map((c) => ({ product: c.product, rate_bp: c.to })),
    by: o.actor,
    at: o.at,
  });
  await audit(trx, {
    merchantId: o.merchantId,
    actor: o.actor,
    action: 'rebate.set',
    target: `member:${o.memberId}`,
    details: {
      ...o.details,
      ...Object.fromEntries(o.changes.map((c) => [c.product, { from: c.from, to: c.to }])),
    },
    at: o.at,
  });
}

const notDirect = () =>
  new DomainError('team_member_unknown', 404, 'Sorry, the user does not exist or is disabled');

/**
 * Rebate settings (issue 16 item 2): an agent reads its own rates and sets its direct downlines', only
 * upwards and never closer to its own than the merchant's gap. Both members' rows are locked in the
 * transaction, the agent's first (the tree's order), so that two changes of one branch follow each other.
 */
export function rebateService(db: Database, clock: Clock) {
  async function direct(q: Database, merchantId: number, agentId: bigint, memberId: bigint) {
    const m = await agencyRepository(q).directDownline(merchantId, agentId, memberId);
    if (!m) throw notDirect();
    return m;
  }

  async function view(
    a: { merchantId: number; agentId: bigint; settings: unknown },
    memberId?: bigint,
  ): Promise<RebateView> {
    const terms = agencyTerms(a.settings);
    const own = await ratesOf(db, a.agentId);
    let member: RebateView['member'] = null;
    if (memberId !== undefined) {
      const m = await direct(db, a.merchantId, a.agentId, memberId);
      const rates = await ratesOf(db, m.id);
      const ranges = Object.fromEntries(
        PRODUCT_GROUPS.map((g) => {
          const r = agentRateRange(own[g], rates[g], terms.minGap);
          return [g, r ? { min: formatRate(r.min), max: formatRate(r.max) } : null];
        }),
      ) as NonNullable<RebateView['member']>['ranges'];
      member = { id: m.id.toString(), username: m.username, rates: wire(rates), ranges };
    }
    return { rates: wire(own), minGap: formatRate(terms.minGap), member };
  }

  return {
    view,

    async set(
      a: { merchantId: number; agentId: bigint; settings: unknown },
      memberId: bigint,
      changes: Partial<Record<ProductGroup, string>>,
    ): Promise<RebateView> {
      const terms = agencyTerms(a.settings);
      const wanted = Object.entries(changes).map(([g, text]) => {
        const bp = parseRate(text);
        if (bp === null) throw new DomainError('rebate_rate_invalid', 400, 'Please enter a valid rate');
        return [g as ProductGroup, bp] as const;
      });
      await inTransaction(db, 'rebate.service.set', async (trx) => {
        const m = await direct(trx, a.merchantId, a.agentId, memberId);
        const own = await ratesOf(trx, a.agentId, true);
        const current = await ratesOf(trx, m.id, true);
        const now = clock.now();
        for (const [g, bp] of wanted) {
          if (bp < current[g]) {
            throw new DomainError('rebate_rate_lower', 409, 'A downline’s rate can only be raised', {
              product: g,
              current: formatRate(current[g]),
            });
          }
          if (bp > own[g] - terms.minGap) {
            throw new DomainError(
              'rebate_rate_too_high',
              409,
              'The rate must stay below your own by the gap',
              {
                product: g,
                max: formatRate(Math.max(0, own[g] - terms.minGap)),
              },
            );
          }
        }
        const changed = wanted.filter(([g, bp]) => bp !== current[g]);
        if (changed.length === 0) return;
        await writeRates(trx, {
          merchantId: a.merchantId,
          memberId: m.id,
          actor: `member:${a.agentId}`,
          changes: changed.map(([g, bp]) => ({ product: g, from: current[g], to: bp })),
          details: {},
          at: now,
        });
      });
      return view(a, memberId);
    },
  };
}
