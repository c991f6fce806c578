import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Approval, ApprovalThresholds } from '@panalo/contract/staff';
import { demoMerchants } from '../../db/seed/merchants.seed';
import { insertMerchant } from '../../db/seed/seed';
import { expectLedgerClean } from '../../test-support/ledger';
import { bearer, createMember, createStaffMember, sessionFor } from '../../test-support/members';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { newKey } from '../deposits/deposits.test-helpers';
import { walletOf } from '../withdrawals/withdrawals.test-helpers';
import { approvalsService, DEFAULT_APPROVAL_THRESHOLDS } from './approvals.service';

type Answer<T = unknown> = { success: boolean; code?: string; value: T };

describe('#49 item 8: maker-checker is on from a merchant’s first day', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('#49 item 8 a merchant created as the seed creates one starts with both thresholds on: adjustments above ₱10,000.00, withdrawals above ₱20,000.00', async () => {
    expect(DEFAULT_APPROVAL_THRESHOLDS).toEqual({ adjustment: 1_000_000n, withdrawal: 2_000_000n });
    const id = await insertMerchant(t.ctx.db, {
      ...demoMerchants[0]!,
      code: 'fresh49',
      name: 'Fresh merchant',
      domains: ['fresh49.localhost'],
      mainDomain: 'fresh49.localhost',
      customerService: [],
      downloads: [],
    });
    expect(await approvalsService(t.ctx.db, t.clock).thresholds(id)).toEqual(DEFAULT_APPROVAL_THRESHOLDS);

    // The demo merchants (seeded after the migrations) too, as the console reads them.
    const owner = await sessionFor(t, await createStaffMember(t, 'owner'));
    const read = await t.request<Answer<ApprovalThresholds>>({
      method: 'GET',
      url: '/api/ops/approvals/thresholds',
      headers: bearer(owner),
    });
    expect(read.body.value).toEqual({ adjustmentAbove: '10000.00', withdrawalAbove: '20000.00' });
  });

  it('#49 item 8 the columns’ defaults (migration 0069, frozen) are DEFAULT_APPROVAL_THRESHOLDS', async () => {
    const { rows } = await sql<{ column_name: string; column_default: string | null }>`
      select column_name, column_default from information_schema.columns
      where table_name = 'merchant' and column_name in ('adjust_review_above', 'withdrawal_review_above')
      order by column_name`.execute(t.ctx.db);
    const value = (d: string | null) => (d === null ? null : BigInt(/^\(?'?(\d+)/.exec(d)![1]!));
    expect(rows.map((r) => [r.column_name, value(r.column_default)])).toEqual([
      ['adjust_review_above', DEFAULT_APPROVAL_THRESHOLDS.adjustment],
      ['withdrawal_review_above', DEFAULT_APPROVAL_THRESHOLDS.withdrawal],
    ]);
  });

  it('#49 item 8 with the defaults, an adjustment above ₱10,000.00 waits for a second staff member; one at it is applied at once', async () => {
    const maker = await sessionFor(t, await createStaffMember(t, 'owner'));
    const checker = await sessionFor(t, await createStaffMember(t, 'finance'));
    const member = await createMember(t);
    const adjust = (amount: string) =>
      t.request<Answer<{ pending?: true; approval?: Approval; sumBalance?: string }>>({
        method: 'POST',
        url: '/api/ops/adjustments',
        headers: { ...bearer(maker), 'idempotency-key': newKey() },
        payload: { username: member.username, amount, reason: 'Goodwill after an outage' },
      });

    const at = await adjust('10000.00');
    expect(at.status).toBe(200);
    expect(at.body.value.sumBalance).toBe('10000.00');

    const above = await adjust('10000.01');
    expect(above.status).toBe(202);
    expect(above.body.value.approval).toMatchObject({
      kind: 'adjustment',
      amount: '10000.01',
      status: 'pending',
    });
    expect(await walletOf(t, { member } as never)).toBe(1_000_000n);

    const approved = await t.request<Answer<Approval>>({
      method: 'POST',
      url: `/api/ops/approvals/${above.body.value.approval!.id}/approve`,
      headers: { ...bearer(checker), 'idempotency-key': newKey() },
      payload: {},
    });
    expect(approved.status).toBe(200);
    expect(await walletOf(t, { member } as never)).toBe(2_000_001n);
    await expectLedgerClean(t.ctx.db);
  });
});
