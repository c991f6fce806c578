import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { DEFAULT_APPROVAL_THRESHOLDS } from '../../modules/approvals/approvals.service';
import * as m0069 from './0069_approval_thresholds_default';

// Migration 0069 turns maker-checker on for merchants that never set a threshold (null: off).
describe('migration 0069: default maker-checker thresholds', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const thresholds = async (code: string) =>
    t.ctx.db
      .selectFrom('merchant')
      .select(['adjust_review_above as adjustment', 'withdrawal_review_above as withdrawal'])
      .where('code', '=', code)
      .executeTakeFirstOrThrow();

  it('#49 item 8 down and up again: a threshold left null gets the default, one an owner set keeps its value', async () => {
    await m0069.down(t.ctx.db as unknown as Kysely<unknown>);
    await t.ctx.db
      .updateTable('merchant')
      .set({ adjust_review_above: null, withdrawal_review_above: null })
      .where('code', '=', 'panalo')
      .execute();
    await t.ctx.db
      .updateTable('merchant')
      .set({ adjust_review_above: null, withdrawal_review_above: 12_345n })
      .where('code', '=', 'luzon')
      .execute();

    await m0069.up(t.ctx.db as unknown as Kysely<unknown>);
    const big = (r: { adjustment: unknown; withdrawal: unknown }) => ({
      adjustment: BigInt(r.adjustment as bigint),
      withdrawal: BigInt(r.withdrawal as bigint),
    });
    expect(big(await thresholds('panalo'))).toEqual(DEFAULT_APPROVAL_THRESHOLDS);
    expect(big(await thresholds('luzon'))).toEqual({
      adjustment: DEFAULT_APPROVAL_THRESHOLDS.adjustment,
      withdrawal: 12_345n,
    });
  });
});
