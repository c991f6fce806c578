import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import { openTestDatabase, TEST_NOW } from '../../test-support/test-db';
import {
  accountBalance,
  expectLedgerClean,
  fundFromClearing,
  insertLedgerMember,
} from '../../test-support/ledger';
import { houseKey, ledgerAccount } from './ledger';

// The database's one posting function (db/functions/ledger_post.sql), called as the money functions call
// it: its refusals leave nothing behind, its deferred leg is appended, its checks hold for any number of
// legs.
const at = new Date(TEST_NOW);

describe('ledger_post, the one posting function', () => {
  let h: DatabaseHandle;
  beforeAll(async () => {
    h = await openTestDatabase();
  });
  afterAll(async () => h.close());

  const newWallet = async (funds: bigint) => {
    const member = await insertLedgerMember(h.db, 'lpost');
    return { member, wallet: await fundFromClearing(h.db, member, funds, at) };
  };
  type Posted = {
    transfer_id: bigint | null;
    balances: (bigint | string | null)[] | null;
    kinds: string[] | null;
  };
  const post = async (accounts: bigint[], amounts: bigint[], o: { deferred?: bigint; key?: string } = {}) =>
    (
      await sql<Posted>`select transfer_id, balances, kinds from ledger_post(1, 'real', 'test',
        ${accounts.map(String)}::bigint[], ${amounts.map(String)}::bigint[], 'test', ${at}::timestamptz,
        p_scope => 'ledger-post-test', p_key => ${o.key ?? null}::text, p_deferred => ${o.deferred ?? null}::bigint,
        p_figure_kind => 'bet', p_describe => true)`.execute(h.db)
    ).rows[0]!;
  const balance = (id: bigint) => accountBalance(h.db, id);
  const transfers = async () =>
    Number(
      (
        await sql<{ n: string }>`select count(*)::text as n from ledger_transfer
          where idempotency_scope = 'ledger-post-test'`.execute(h.db)
      ).rows[0]!.n,
    );

  it('a refused leg leaves every balance as it was and writes nothing, whichever leg comes first in id order', async () => {
    const a = await newWallet(1_000n);
    const b = await newWallet(50n);
    const before = await transfers();
    // a's leg moves first (a's id is lower), then b cannot give 300: a's moves back.
    const r = await post([a.wallet, b.wallet], [300n, -300n]);
    expect(r).toEqual({ transfer_id: null, balances: null, kinds: null });
    expect([await balance(a.wallet), await balance(b.wallet), await transfers()]).toEqual([
      1_000n,
      50n,
      before,
    ]);
    // The other way round (the refused leg first in id order) too.
    const r2 = await post([b.wallet, a.wallet], [-300n, 300n]);
    expect(r2.transfer_id).toBeNull();
    expect([await balance(a.wallet), await balance(b.wallet)]).toEqual([1_000n, 50n]);
    await expectLedgerClean(h.db);
  });

  it('a deferred leg is appended to house_pending, not updated; refused, nothing is appended either', async () => {
    const a = await newWallet(500n);
    const house = await ledgerAccount(h.db, houseKey(1, a.member, 'PHP'));
    const houseBefore = await balance(house);
    const pending = async () =>
      (
        await sql<{
          s: string | null;
        }>`select sum(amount)::text as s from house_pending where account_id = ${house}`.execute(h.db)
      ).rows[0]!.s;
    const pendingBefore = await pending();
    const ok = await post([a.wallet, house], [-200n, 200n], { deferred: house });
    expect(ok.transfer_id).not.toBeNull();
    expect(ok.balances!.map((x) => (x === null ? null : String(x)))).toEqual(['300', null]);
    expect(ok.kinds).toEqual(['member_wallet', null]);
    expect(await balance(house)).toBe(houseBefore);
    expect(BigInt((await pending()) ?? 0) - BigInt(pendingBefore ?? 0)).toBe(200n);
    const no = await post([a.wallet, house], [-301n, 301n], { deferred: house });
    expect(no.transfer_id).toBeNull();
    expect(BigInt((await pending()) ?? 0) - BigInt(pendingBefore ?? 0)).toBe(200n);
    expect(await balance(a.wallet)).toBe(300n);
    await expectLedgerClean(h.db);
  });

  it('three legs or more: sorted by account id, refused whole, and checked like two', async () => {
    const a = await newWallet(1_000n);
    const b = await newWallet(1_000n);
    const c = await newWallet(10n);
    const ok = await post([c.wallet, a.wallet, b.wallet], [200n, -100n, -100n]);
    expect(ok.balances!.map(String)).toEqual(['210', '900', '900']);
    const no = await post([a.wallet, b.wallet, c.wallet], [150n, 150n, -300n]);
    expect(no.transfer_id).toBeNull();
    expect([await balance(a.wallet), await balance(b.wallet), await balance(c.wallet)]).toEqual([
      900n,
      900n,
      210n,
    ]);
    for (const [accounts, amounts, why] of [
      [[a.wallet, b.wallet, c.wallet], [1n, 1n, -1n], /unbalanced/],
      [[a.wallet, b.wallet, a.wallet], [1n, 1n, -2n], /same account twice/],
      [[a.wallet, b.wallet, c.wallet], [1n, 0n, -1n], /leg of zero/],
      [[a.wallet, b.wallet], [1n, 1n], /unbalanced/],
      [[a.wallet, a.wallet], [1n, -1n], /same account twice/],
      [[a.wallet], [0n], /two legs or more/],
    ] as const)
      await expect(post([...accounts], [...amounts])).rejects.toThrow(why);
    await expectLedgerClean(h.db);
  });
});
