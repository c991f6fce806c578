import type {
  OpsAgencyTerms,
  OpsAgentRates,
  OpsAgentTree,
  OpsRebateRun,
  OpsTreeMember,
} from '@panalo/contract/agent';
import { formatAmount } from '@panalo/contract/money';
import {
  formatRate,
  operatorRateRange,
  parseRate,
  PRODUCT_GROUPS,
  type ProductGroup,
} from '@panalo/contract/rebate';
import type { Database } from '../../db/database';
import { audit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { DomainError } from '../../lib/domain-error';
import { agencyRepository } from './agency.repository';
import { rebateRepository } from './rebate.repository';
import { agencyTerms, ratesOf, writeRates, type AgencyTerms } from './rebate.service';
import { runDueRebates } from './rebate-run';
import { inTransaction } from '../../db/transaction';

interface Operator {
  merchantId: number;
  operatorId: bigint;
}

const notFound = () => new DomainError('member_not_found', 404, 'Sorry, the user does not exist');
const rate = (text: string) => {
  const bp = parseRate(text);
  if (bp === null) throw new DomainError('rebate_rate_invalid', 400, 'Please enter a valid rate');
  return bp;
};

const termsView = (t: AgencyTerms): OpsAgencyTerms => ({
  maxRates: Object.fromEntries(PRODUCT_GROUPS.map((g) => [g, formatRate(t.maxRates[g])])) as Record<
    ProductGroup,
    string
  >,
  minGap: formatRate(t.minGap),
  freeThreshold: formatRate(t.freeThreshold),
  payPlayerRebate: t.payPlayerRebate,
});

/**
 * The operator's side of the agency (issue 16 item 9): the merchant's agency terms, an agent's rates and
 * quotas, moving a member to another upline, and the rebate runs with their results. Every change is
 * audited with the operator, the reason and before → after, in the change's own transaction.
 */
export function agencyOpsService(db: Database, clock: Clock) {
  const agency = agencyRepository(db);

  async function member(q: Database, merchantId: number, username: string) {
    const m = await agencyRepository(q).lockMember(merchantId, username);
    if (!m) throw notFound();
    return m;
  }

  const settingsOf = (q: Database, merchantId: number, lock = false) =>
    agencyRepository(q).merchantSettings(merchantId, lock);

  /**
   * A member's rates and, per product, what an operator may set it to: at most its upline's rate less
   * the gap (the merchant's ceiling for a top agent), at least its highest child's rate plus the gap.
   * Locked (upline first, the tree's order, then the member's own rates) when about to change them.
   */
  async function room(
    q: Database,
    merchantId: number,
    m: { id: bigint; upline_id: bigint | null },
    lock: boolean,
  ) {
    const terms = agencyTerms(await settingsOf(q, merchantId));
    const upline = m.upline_id === null ? null : await ratesOf(q, m.upline_id, lock);
    const current = await ratesOf(q, m.id, lock);
    const children = await rebateRepository(q).highestChildRates(m.id);
    const highestChild = new Map(children.map((c) => [c.product, c.top]));
    const ranges = Object.fromEntries(
      PRODUCT_GROUPS.map((g) => {
        const ceiling = upline === null ? terms.maxRates[g] : Math.max(0, upline[g] - terms.minGap);
        return [g, operatorRateRange(ceiling, highestChild.get(g) ?? null, terms.minGap)];
      }),
    ) as Record<ProductGroup, { min: number; max: number } | null>;
    return { current, ranges };
  }

  return {
    async terms(merchantId: number): Promise<OpsAgencyTerms> {
      return termsView(agencyTerms(await settingsOf(db, merchantId)));
    },

    /** Changes the merchant's agency terms (ceilings, gap, free threshold, player rebate). */
    async setTerms(
      o: Operator,
      change: {
        maxRates?: Partial<Record<ProductGroup, string>> | undefined;
        minGap?: string | undefined;
        freeThreshold?: string | undefined;
        payPlayerRebate?: boolean | undefined;
        reason: string;
      },
    ): Promise<OpsAgencyTerms> {
      const next = await inTransaction(db, 'agency.ops.service.setTerms', async (trx) => {
        const settings = (await settingsOf(trx, o.merchantId, true)) as Record<string, unknown> | null;
        const before = agencyTerms(settings);
        const after: AgencyTerms = {
          maxRates: { ...before.maxRates },
          minGap: change.minGap === undefined ? before.minGap : rate(change.minGap),
          freeThreshold:
            change.freeThreshold === undefined ? before.freeThreshold : rate(change.freeThreshold),
          payPlayerRebate: change.payPlayerRebate ?? before.payPlayerRebate,
        };
        for (const [g, text] of Object.entries(change.maxRates ?? {}))
          after.maxRates[g as ProductGroup] = rate(text);
        // A ceiling below a top agent's rate would leave that agent above what the merchant allows.
        const above = await rebateRepository(trx).topAgentRates(o.merchantId);
        const over = above.find((r) => r.rate_bp > (after.maxRates[r.product as ProductGroup] ?? 0));
        if (over)
          throw new DomainError(
            'agency_ceiling_below_agent',
            409,
            'A top agent holds a higher rate than this ceiling: lower its rate first',
            { username: over.username, product: over.product, rate: formatRate(over.rate_bp) },
          );
        const stored = { ...(settings ?? {}), agency: after };
        await agencyRepository(trx).setMerchantSettings(o.merchantId, stored);
        await audit(trx, {
          merchantId: o.merchantId,
          actor: `operator:${o.operatorId}`,
          action: 'agency.terms',
          target: `merchant:${o.merchantId}`,
          details: { reason: change.reason, before: termsView(before), after: termsView(after) },
          at: clock.now(),
        });
        return after;
      });
      return termsView(next);
    },

    /** A member's rates and the range an operator may set each to (the console's rate editor). */
    async rates(merchantId: number, username: string): Promise<OpsAgentRates> {
      const m = await agency.memberByUsername(merchantId, username);
      if (!m) throw notFound();
      const { current, ranges } = await room(db, merchantId, m, false);
      return {
        username: m.username,
        rates: Object.fromEntries(PRODUCT_GROUPS.map((g) => [g, formatRate(current[g])])) as Record<
          ProductGroup,
          string
        >,
        ranges: Object.fromEntries(
          PRODUCT_GROUPS.map((g) => {
            const r = ranges[g];
            return [g, r ? { min: formatRate(r.min), max: formatRate(r.max) } : null];
          }),
        ) as OpsAgentRates['ranges'],
      };
    },

    /**
     * Sets a member's rates: at most its upline's rate less the gap (the merchant's ceiling for a top
     * agent), at least its highest child's rate plus the gap — so an operator may lower a rate, never
     * under a downline's. Rows locked upline first (the tree's order), then the member, then its children.
     */
    async setRates(
      o: Operator,
      username: string,
      changes: Partial<Record<ProductGroup, string>>,
      reason: string,
    ) {
      const wanted = Object.entries(changes).map(([g, text]) => [g as ProductGroup, rate(text)] as const);
      return inTransaction(db, 'agency.ops.service.setRates', async (trx) => {
        const m = await member(trx, o.merchantId, username);
        const { current, ranges } = await room(trx, o.merchantId, m, true);
        for (const [g, bp] of wanted) {
          const range = ranges[g];
          if (range === null || bp < range.min || bp > range.max)
            throw new DomainError(
              'rebate_rate_out_of_range',
              409,
              'The rate is outside what this member may hold',
              {
                product: g,
                min: range ? formatRate(range.min) : null,
                max: range ? formatRate(range.max) : null,
              },
            );
        }
        const changed = wanted.filter(([g, bp]) => bp !== current[g]);
        const now = clock.now();
        await writeRates(trx, {
          merchantId: o.merchantId,
          memberId: m.id,
          actor: `operator:${o.operatorId}`,
          changes: changed.map(([g, bp]) => ({ product: g, from: current[g], to: bp })),
          details: { reason },
          at: now,
        });
        const rates = await ratesOf(trx, m.id);
        return Object.fromEntries(PRODUCT_GROUPS.map((g) => [g, formatRate(rates[g])])) as Record<
          ProductGroup,
          string
        >;
      });
    },

    /** Sets how many openings an agent has left at a rate (a grant or a withdrawal of quota). */
    async setQuota(o: Operator, username: string, rateText: string, remaining: number, reason: string) {
      const bp = rate(rateText);
      return inTransaction(db, 'agency.ops.service.setQuota', async (trx) => {
        const m = await member(trx, o.merchantId, username);
        const quotas = rebateRepository(trx);
        const before = await quotas.lockQuota(m.id, bp);
        await quotas.setQuota(o.merchantId, m.id, bp, remaining);
        await audit(trx, {
          merchantId: o.merchantId,
          actor: `operator:${o.operatorId}`,
          action: 'agency.quota',
          target: `member:${m.id}`,
          details: { reason, rate: formatRate(bp), from: before?.remaining ?? 0, to: remaining },
          at: clock.now(),
        });
        return { rate: formatRate(bp), remaining };
      });
    },

    /**
     * Moves a member (and its whole subtree) under another upline, or makes it a top agent (null). The
     * database refuses a cycle or another merchant's upline; the member's rates must fit under the new
     * upline (its rate less the gap), or the move is refused — rates are never changed silently.
     */
    async move(o: Operator, username: string, uplineName: string | null, reason: string) {
      return inTransaction(db, 'agency.ops.service.move', async (trx) => {
        const m = await member(trx, o.merchantId, username);
        const up = uplineName === null ? null : await member(trx, o.merchantId, uplineName);
        if (up && up.type !== 1 && up.type !== 2 && up.type !== 41 && up.type !== 42)
          throw new DomainError('agency_upline_not_agent', 409, 'The new upline is not an agent');
        const terms = agencyTerms(await settingsOf(trx, o.merchantId));
        const own = await ratesOf(trx, m.id, true);
        const ceiling = up ? await ratesOf(trx, up.id, true) : terms.maxRates;
        const gap = up ? terms.minGap : 0;
        const over = PRODUCT_GROUPS.find((g) => own[g] > 0 && own[g] > ceiling[g] - gap);
        if (over)
          throw new DomainError(
            'agency_move_rate',
            409,
            'The member’s rate is above what the new upline can give',
            {
              product: over,
              rate: formatRate(own[over]),
              max: formatRate(Math.max(0, ceiling[over] - gap)),
            },
          );
        try {
          await agencyRepository(trx).setUpline(m.id, up?.id ?? null);
        } catch (err) {
          if (String((err as Error).message).includes('member_upline_cycle'))
            throw new DomainError('agency_move_cycle', 409, 'The new upline is inside the member’s own team');
          throw err;
        }
        await audit(trx, {
          merchantId: o.merchantId,
          actor: `operator:${o.operatorId}`,
          action: 'agency.move',
          target: `member:${m.id}`,
          details: { reason, from: m.upline_id, to: up?.id ?? null },
          at: clock.now(),
        });
        return { username: m.username, upline: up?.username ?? null };
      });
    },

    /**
     * The agents' tree for the operator: a node's direct downline page by page in username order (the
     * top agents — agent types without an upline — when no node is given), each with its direct
     * downline, its whole team, the team's turnover over the last 30 days, its rates and quotas; and the
     * node itself with its uplines from the top, read from its path. Another merchant's member, or staff,
     * is not found.
     */
    async tree(
      merchantId: number,
      q: { under?: string | undefined; agentsOnly: boolean; page: number; pageSize: number },
    ): Promise<OpsAgentTree> {
      const node = q.under === undefined ? null : await agency.treeNode(merchantId, q.under);
      if (q.under !== undefined && !node) throw notFound();
      const page = await agency.treePage(merchantId, {
        nodeId: node ? node.id : null,
        agentsOnly: q.agentsOnly,
        limit: q.pageSize,
        offset: (q.page - 1) * q.pageSize,
      });
      const total = page.total;
      const ancestorIds = node ? node.path.split('/').filter(Boolean).slice(0, -1) : [];
      const ids = [...(node ? [node.id] : []), ...page.ids];
      const [rows, ancestors] = await Promise.all([
        treeMembers(db, merchantId, ids, clock.now()),
        ancestorIds.length === 0 ? Promise.resolve([]) : agency.ancestors(merchantId, ancestorIds),
      ]);
      const byId = new Map(rows.map((r) => [r.id, r]));
      return {
        node: node ? byId.get(node.id.toString())! : null,
        ancestors: ancestors.map((a) => ({ id: a.id.toString(), username: a.username })),
        list: page.ids.map((id) => byId.get(id.toString())!),
        pageNum: q.page,
        totalPages: Math.ceil(total / q.pageSize),
        total,
      };
    },

    /** The merchant's rebate runs, newest day first, with what each paid. */
    async runs(merchantId: number, page: number, pageSize: number) {
      const rows = await agency.rebateRuns(merchantId, pageSize, (page - 1) * pageSize);
      const total = Number(rows[0]?.count ?? 0);
      const list: OpsRebateRun[] = rows.map((x) => ({
        day: x.day,
        lines: x.lines,
        beneficiaries: x.beneficiaries,
        turnover: formatAmount(BigInt(x.turnover)),
        amount: formatAmount(BigInt(x.amount)),
        paid: formatAmount(BigInt(x.paid ?? 0)),
        computedAt: new Date(x.computed_at).toISOString(),
        paidAt: x.paid_at ? new Date(x.paid_at).toISOString() : null,
      }));
      return { list, pageNum: page, totalPages: Math.max(1, Math.ceil(total / pageSize)), total };
    },

    /** Runs what is due now for this merchant (what the job does every few minutes). */
    async runNow(o: Operator) {
      const reports = await runDueRebates(db, clock, { merchantId: o.merchantId });
      return {
        runs: reports.map((r) => ({ day: r.day, computed: r.computed, settled: r.settled, busy: r.busy })),
      };
    },
  };
}

/**
 * The tree's figures of the given members in one statement: direct downline (upline index), team (the
 * path range), the team's last 30 days of turnover from team_day (the merchant's days), rates and quotas.
 */
async function treeMembers(
  db: Database,
  merchantId: number,
  ids: bigint[],
  now: Date,
): Promise<OpsTreeMember[]> {
  if (ids.length === 0) return [];
  const rows = await agencyRepository(db).treeMembers(merchantId, ids, now);
  return rows.map((m) => {
    const rates = Object.fromEntries(PRODUCT_GROUPS.map((g) => [g, formatRate(0)])) as Record<
      ProductGroup,
      string
    >;
    for (const x of m.rates ?? [])
      if ((PRODUCT_GROUPS as readonly string[]).includes(x.product))
        rates[x.product as ProductGroup] = formatRate(x.rate_bp);
    return {
      id: m.id.toString(),
      username: m.username,
      type: m.type,
      status: m.status,
      createdAt: new Date(m.created_at).toISOString(),
      direct: m.direct,
      team: m.team,
      teamTurnover30: formatAmount(BigInt(m.turnover)),
      rates,
      quotas: (m.quotas ?? []).map((x) => ({ rate: formatRate(x.rate_bp), remaining: x.remaining })),
    };
  });
}
