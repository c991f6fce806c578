import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Contract, ContractSettlement } from '@panalo/contract/contracts';
import {
  CONTRACT_KINDS,
  callsOf,
  contractCallPath,
  DIVIDEND_CALLS,
  SALARY_CALLS,
  type ContractCall,
  type ContractKind,
} from '@panalo/contract/contract-terms';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { bearer, createMember, sessionFor } from '../../test-support/members';
import { expectLedgerClean } from '../../test-support/ledger';
import { postForMember } from '../records/test-ledger';
import { contractService } from './contracts.service';

type Ok<T> = { success: true; value: T };
type Err = { success: false; code: string };
type Member = Awaited<ReturnType<typeof createMember>>;

// Spec §7 Agent and money: the calls of each contract kind, on our contracts and settlements.

describe('contract calls per kind (spec §7)', () => {
  let t: TestApp;
  let top: Member;
  let topToken: string;
  let down: Member;
  let downToken: string;

  const api = <T>(method: 'GET' | 'POST', url: string, as: string) =>
    t.request<Ok<T> | Err>({ method, url: `/api${url}`, headers: { merchant: 'panalo', ...bearer(as) } });
  const value = <T>(r: { status: number; body: Ok<T> | Err }): T => {
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return (r.body as Ok<T>).value;
  };

  beforeAll(async () => {
    t = await createTestApp();
    const staff = await createMember(t, { type: 90 });
    top = await createMember(t, { type: 1 });
    topToken = await sessionFor(t, top);
    down = await createMember(t, { type: 1, uplineId: top.id });
    downToken = await sessionFor(t, down);
    const c = contractService(t.ctx.db, t.clock);
    for (const kind of ['daily_salary', 'hourly_salary', 'dividend'] as const) {
      const o = await c.offerAsOperator(1, staff.id, {
        username: top.username,
        kind,
        scope: 'all',
        tiers: [{ turnover: '0', active: 0, rate: kind === 'dividend' ? '20' : '1.00' }],
        cap: null,
        reason: 'test terms',
      });
      await c.decide({ id: 1, settings: {} }, top.id, BigInt(o.id), 'accept');
      await c.offer(1, top.id, {
        memberId: down.id.toString(),
        kind,
        scope: 'all',
        tiers: [{ turnover: '0', active: 0, rate: kind === 'dividend' ? '10' : '0.50' }],
        cap: null,
      });
    }
    // Uplines pay their downlines' salaries and dividends here.
    await sql`update merchant set settings = settings || ${JSON.stringify({
      contracts: { payer: { daily_salary: 'upline', hourly_salary: 'upline', dividend: 'upline' } },
    })}::jsonb where id = 1`.execute(t.ctx.db);
  });
  afterAll(async () => t.close());

  it('AGENT-034 salary calls exist for current, info, query, apply, process, request and history', async () => {
    expect(SALARY_CALLS).toEqual(['current', 'info', 'query', 'apply', 'process', 'request', 'history']);
    for (const kind of ['daily_salary', 'hourly_salary'] as const) {
      const path = (call: (typeof SALARY_CALLS)[number]) => contractCallPath(kind, call);
      // request: the offer waiting; apply: accept it; info: the contract and the terms that apply.
      const waiting = value(await api<{ id: string }>('GET', path('request'), downToken));
      expect(waiting.id).toMatch(/^\d+$/);
      const applied = value(await api<Contract>('POST', path('apply'), downToken));
      expect(applied).toMatchObject({ id: waiting.id, status: 'active' });
      expect(value(await api<{ id: string }>('GET', path('request'), downToken)).id).toBe('');
      expect((await api('POST', path('apply'), downToken)).status).toBe(409);
      const info = value(
        await api<{ active: Contract; payer: string; cadence: string }>('GET', path('info'), downToken),
      );
      expect(info).toMatchObject({ active: { id: waiting.id }, pending: null, payer: 'upline' });
      expect(info.cadence).toBe(kind === 'daily_salary' ? 'day' : 'hour');
    }
    // Play in the current hour: current shows the running figures and the estimate.
    const player = await createMember(t, { uplineId: down.id });
    const at = t.clock.now();
    await postForMember(t.ctx.db, {
      merchantId: 1,
      memberId: player.id,
      kind: 'deposit',
      amount: 100_000n,
      at,
    });
    await postForMember(t.ctx.db, { merchantId: 1, memberId: player.id, kind: 'bet', amount: -100_000n, at });
    const current = value(
      await api<{ period: string; turnover: string; estimate: string; rate: string }>(
        'GET',
        contractCallPath('daily_salary', 'current'),
        downToken,
      ),
    );
    expect(current).toMatchObject({
      period: '2026-06-01',
      turnover: '1000.00',
      active: 1,
      rate: '0.50',
      estimate: '5.00',
    });
    expect(
      value(await api<{ period: string }>('GET', contractCallPath('hourly_salary', 'current'), downToken))
        .period,
    ).toBe('2026-06-01T08');
    // The day is settled: top, paid first by the platform, pays down's salary from it; history (down's)
    // and query (top's) show it, process tells top the last hour run and that it owes nothing.
    t.clock.set('2026-06-02T04:00:00Z');
    value(await api('POST', '/ops/contracts/runs', await sessionFor(t, await createMember(t, { type: 90 }))));
    const history = value(
      await api<{ list: ContractSettlement[] }>(
        'GET',
        contractCallPath('daily_salary', 'history'),
        downToken,
      ),
    );
    expect(history.list[0]).toMatchObject({
      period: '2026-06-01',
      amount: '5.00',
      status: 'paid',
      payerName: top.username,
    });
    const query = value(
      await api<{ list: ContractSettlement[] }>('GET', contractCallPath('daily_salary', 'query'), topToken),
    );
    expect(query.list.map((s) => s.member)).toEqual([down.username]);
    // Hourly: top received its hourly salary (10.00) and paid down's (5.00) from it.
    const processed = value(
      await api<{ lastPeriod: string; iOwe: string }>(
        'GET',
        contractCallPath('hourly_salary', 'process'),
        topToken,
      ),
    );
    expect(processed).toMatchObject({ lastPeriod: '2026-06-02T02', iOwe: '0.00' });
    expect(value(await api('POST', contractCallPath('hourly_salary', 'process'), topToken))).toEqual({
      paid: 0,
      left: 0,
      iOwe: '0.00',
    });
    await expectLedgerClean(t.ctx.db);
  });

  it('AGENT-033 dividend calls exist for current, info, history, payout, message, contract request and process', async () => {
    expect(DIVIDEND_CALLS).toEqual(['current', 'info', 'history', 'payout', 'message', 'request', 'process']);
    const path = (call: (typeof DIVIDEND_CALLS)[number]) => contractCallPath('dividend', call);
    expect(value(await api<{ id: string }>('GET', path('request'), downToken)).id).toMatch(/^\d+$/);
    // A dividend is accepted on its contract screen (the decide call); no apply call of its own.
    expect(callsOf('dividend')).not.toContain('apply');
    expect((await api('POST', '/api/agent/dividend/apply', downToken)).status).toBe(404);
    const offer = value(await api<{ pending: Contract }>('GET', path('info'), downToken)).pending;
    value(await api('POST', `/agent/contracts/${offer.id}/accept`, downToken));
    const info = value(await api<{ cadence: string; carryOver: boolean }>('GET', path('info'), downToken));
    expect(info).toMatchObject({ cadence: 'half_month', carryOver: false });
    // The half-month: down's team lost 1,000.00 so far (settled on the 16th).
    const current = value(
      await api<{ period: string; netLoss: string; estimate: string }>('GET', path('current'), downToken),
    );
    expect(current).toMatchObject({ period: '2026-06-01', netLoss: '1000.00', estimate: '100.00' });
    // On the 16th top receives 20 % of the team's 1,000.00 loss and pays down its 10 %.
    t.clock.set('2026-06-16T04:00:00Z');
    // Sessions idle for two weeks have ended: sign in again.
    downToken = await sessionFor(t, down);
    topToken = await sessionFor(t, top);
    const ops = await sessionFor(t, await createMember(t, { type: 90 }));
    value(await api('POST', '/ops/contracts/runs', ops));
    expect(
      value(await api<{ list: ContractSettlement[] }>('GET', path('history'), downToken)).list[0],
    ).toMatchObject({
      period: '2026-06-01',
      netLoss: '1000.00',
      amount: '100.00',
      status: 'paid',
    });
    expect(
      value(await api<{ list: ContractSettlement[] }>('GET', path('payout'), topToken)).list,
    ).toHaveLength(1);
    expect(value(await api('GET', path('message'), downToken))).toEqual({ owedToMe: '0.00', iOwe: '0.00' });
    expect(value(await api<{ lastPeriod: string }>('GET', path('process'), topToken)).lastPeriod).toBe(
      '2026-06-01',
    );
    await expectLedgerClean(t.ctx.db);
  }, 120_000);

  it('API-066 the daily salary and dividend contract request calls use GET', async () => {
    for (const kind of ['daily_salary', 'dividend'] as const) {
      expect((await api('GET', contractCallPath(kind, 'request'), downToken)).status).toBe(200);
      expect((await api('POST', contractCallPath(kind, 'request'), downToken)).status).toBe(404);
    }
  });

  it('API-067 the process daily salary call uses GET and the hourly salary call uses POST', async () => {
    expect((await api('GET', contractCallPath('daily_salary', 'process'), topToken)).status).toBe(200);
    expect((await api('POST', contractCallPath('hourly_salary', 'process'), topToken)).status).toBe(200);
  });

  it('members of types 4, 40, 41 and 42 have no contract calls; their request is empty', async () => {
    for (const type of [4, 40, 41, 42]) {
      // An offer of every kind waits for the member, made while it was still an agent (type 1): each
      // request call names it; once its type is one without contracts, each is empty all the same.
      const m = await createMember(t, { type: 1, uplineId: top.id });
      const pending = new Map<ContractKind, string>();
      for (const kind of CONTRACT_KINDS) {
        const row = await t.ctx.db
          .insertInto('contract')
          .values({
            merchant_id: m.merchant_id,
            member_id: m.id,
            kind,
            version: 1,
            upline_id: top.id,
            offered_by_staff: null,
            scope: 'all',
            tiers: JSON.stringify([{ turnover: '0', active: 0, rate: 10 }]),
            cap: null,
            status: 'pending',
            offered_at: t.clock.now(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        pending.set(kind, row.id.toString());
      }
      const agent = await sessionFor(t, m);
      for (const kind of CONTRACT_KINDS)
        expect(value(await api<{ id: string }>('GET', contractCallPath(kind, 'request'), agent)).id).toBe(
          pending.get(kind),
        );
      await t.ctx.db.updateTable('member').set({ type }).where('id', '=', m.id).execute();
      const token = await sessionFor(t, m);
      for (const kind of CONTRACT_KINDS) {
        expect(
          value(await api<{ id: string }>('GET', contractCallPath(kind, 'request'), token)).id,
          `type ${type} ${kind} request`,
        ).toBe('');
        // Every other call of the kind is refused, reads and writes alike.
        const calls: ['GET' | 'POST', ContractCall][] = [
          ...callsOf(kind)
            .filter((c) => c !== 'request' && c !== 'apply')
            .map((c) => ['GET', c] as ['GET', ContractCall]),
          ['POST', 'process'],
          ...(callsOf(kind).includes('apply') ? [['POST', 'apply'] as ['POST', ContractCall]] : []),
        ];
        for (const [method, call] of calls) {
          const r = await api(method, contractCallPath(kind, call), token);
          expect([r.status, (r.body as Err).code], `type ${type} ${method} ${kind} ${call}`).toEqual([
            403,
            'contract_not_allowed',
          ]);
        }
      }
      // The offers still wait, untouched (apply accepted none).
      const rows = await t.ctx.db
        .selectFrom('contract')
        .select('status')
        .where('member_id', '=', m.id)
        .execute();
      expect(rows.map((r) => r.status)).toEqual(['pending', 'pending', 'pending']);
    }
  });
});
