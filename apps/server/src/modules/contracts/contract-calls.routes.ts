import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  contractCurrentResponse,
  contractHistoryQuery,
  contractInfoResponse,
  contractMessageResponse,
  contractProcessResponse,
  contractProcessResult,
  contractRequestResponse,
  contractResponse,
  settlementsResponse,
} from '@panalo/contract/contracts';
import {
  CONTRACT_KINDS,
  callsOf,
  contractCallPath,
  hasContracts,
  type ContractKind,
} from '@panalo/contract/contract-terms';
import { formatAmount } from '@panalo/contract/money';
import { formatRate } from '@panalo/contract/rebate';
import { DomainError } from '../../lib/domain-error';
import { contractService } from './contracts.service';
import { settlingMerchants } from './settlement';
import { estimate } from './settlement-due';
import { contractSettings } from './settlement-maths';
import { settlementsService } from './settlements.service';
import { errors } from './contracts.routes';

const tags = ['agent'];
const noContracts = () => new DomainError('contract_not_allowed', 403, 'This member’s type has no contracts');

/**
 * The spec's calls per contract kind (§7 Agent and money): dividend — current, info, history, payout,
 * message, request, process; daily and hourly salary — current, info, query, apply, process, request,
 * history (AGENT-033, AGENT-034). request is a GET (API-066); process reads with GET (what I owe my
 * downlines and the last period run) and pays with POST (what I owe, from my wallet; API-067: the daily
 * salary's process is read with GET, the hourly salary's posted). All of them work on the caller's own
 * contracts and on settlements it is a side of; members of types 4, 40, 41 and 42 have none.
 */
export const contractCallsRoutes: FastifyPluginAsyncZod = async (app) => {
  const contracts = contractService(app.ctx.db, app.ctx.clock);
  const settlements = settlementsService(app.ctx.db, app.ctx.clock);
  const member = { auth: 'member' as const };

  for (const kind of CONTRACT_KINDS) {
    const calls = callsOf(kind);
    const path = (call: Parameters<typeof contractCallPath>[1]) => contractCallPath(kind, call);
    const mine = (req: { session: { memberId: bigint; type: number } | null }) => {
      if (!hasContracts(req.session!.type)) throw noContracts();
      return req.session!.memberId;
    };

    app.get(
      path('current'),
      {
        config: member,
        schema: {
          tags,
          summary: `${kind}: the running period’s figures under my contract and what it would pay now`,
          response: { 200: contractCurrentResponse, ...errors },
        },
      },
      async (req) => {
        const id = mine(req);
        const [m] = await settlingMerchants(app.ctx.db, req.merchant.id);
        const e = m ? await estimate(app.ctx.db, m, id, kind, app.ctx.clock.now()) : null;
        const version = e ? ((await contracts.ofKind(id, kind)).active?.version ?? 0) : 0;
        return {
          success: true as const,
          value: e && {
            period: e.period.key,
            periodStart: new Date(e.period.start).toISOString(),
            periodEnd: new Date(e.period.end).toISOString(),
            version,
            turnover: formatAmount(e.figures.turnover),
            active: e.figures.active,
            netLoss: formatAmount(e.figures.netLoss),
            tier: e.payout.tier,
            rate: formatRate(e.payout.rate),
            capped: e.payout.capped,
            estimate: formatAmount(e.payout.amount),
          },
        };
      },
    );

    app.get(
      path('info'),
      {
        config: member,
        schema: {
          tags,
          summary: `${kind}: my contract (active, waiting) and the merchant’s terms for it`,
          response: { 200: contractInfoResponse, ...errors },
        },
      },
      async (req) => {
        const id = mine(req);
        const mineOf = await contracts.ofKind(id, kind);
        const s = contractSettings(req.merchant.settings);
        const topLevel = mineOf.active ? mineOf.active.offeredBy === null : false;
        return {
          success: true as const,
          value: {
            ...mineOf,
            payer: topLevel ? ('platform' as const) : s.payer[kind],
            activeBets: formatAmount(s.activeBets),
            activeDeposit: formatAmount(s.activeDeposit),
            cadence: cadenceOf(kind, s.dividendCadence),
            carryOver: kind === 'dividend' && s.dividendCarryOver,
            cutoffMinutes: kind === 'hourly_salary' ? 10 : s.cutoffMinutes,
          },
        };
      },
    );

    for (const [call, side] of [
      ['history', 'mine'],
      [kind === 'dividend' ? 'payout' : 'query', 'downline'],
    ] as const)
      app.get(
        path(call),
        {
          config: member,
          schema: {
            tags,
            summary:
              side === 'mine'
                ? `${kind}: what my contract paid or owes me, period by period, with the figures`
                : `${kind}: what my direct downlines’ contracts paid or owe them`,
            querystring: contractHistoryQuery,
            response: { 200: settlementsResponse, ...errors },
          },
        },
        async (req) => ({
          success: true as const,
          value: await settlements.list(mine(req), {
            side,
            kind,
            before: req.query.before,
            limit: req.query.limit,
          }),
        }),
      );

    if (calls.includes('message'))
      app.get(
        path('message'),
        {
          config: member,
          schema: {
            tags,
            summary: `${kind}: what is owed to me and what I owe`,
            response: { 200: contractMessageResponse, ...errors },
          },
        },
        async (req) => ({ success: true as const, value: await settlements.owedSums(mine(req), kind) }),
      );

    app.get(
      path('request'),
      {
        config: member,
        schema: {
          tags,
          summary: `${kind}: the offer waiting for my answer (its id; empty when none)`,
          response: { 200: contractRequestResponse, ...errors },
        },
      },
      async (req) => {
        const id = hasContracts(req.session!.type)
          ? (await contracts.ofKind(req.session!.memberId, kind)).pending?.id
          : '';
        return { success: true as const, value: { id: id ?? '' } };
      },
    );

    if (calls.includes('apply'))
      app.post(
        path('apply'),
        {
          config: member,
          schema: {
            tags,
            summary: `${kind}: accept the offer waiting for my answer`,
            response: { 200: contractResponse, ...errors },
          },
        },
        async (req) => {
          const id = mine(req);
          const pending = (await contracts.ofKind(id, kind)).pending;
          if (!pending)
            throw new DomainError('contract_not_pending', 409, 'No offer of this kind is waiting');
          return {
            success: true as const,
            value: await contracts.decide(req.merchant, id, BigInt(pending.id), 'accept'),
          };
        },
      );

    app.get(
      path('process'),
      {
        config: member,
        schema: {
          tags,
          summary: `${kind}: the last period settled and what I still owe my downlines`,
          response: { 200: contractProcessResponse, ...errors },
        },
      },
      async (req) => {
        const id = mine(req);
        const lastPeriod = await settlements.lastPeriod(req.merchant.id, kind);
        const owed = await settlements.owedBy(id, kind);
        return {
          success: true as const,
          value: {
            lastPeriod,
            iOwe: (await settlements.owedSums(id, kind)).iOwe,
            owed,
          },
        };
      },
    );

    app.post(
      path('process'),
      {
        config: member,
        schema: {
          tags,
          summary: `${kind}: pay what I owe my downlines from my wallet, oldest first, while my balance lasts`,
          response: { 200: contractProcessResult, ...errors },
        },
      },
      async (req) => ({
        success: true as const,
        value: await settlements.payAllOwed(req.merchant, mine(req), kind),
      }),
    );
  }
};

const cadenceOf = (kind: ContractKind, dividend: 'half_month' | 'weekly' | 'monthly') =>
  kind === 'hourly_salary' ? ('hour' as const) : kind === 'daily_salary' ? ('day' as const) : dividend;
