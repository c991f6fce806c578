import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import { DomainError } from '../../lib/domain-error';
import { expectLedgerClean, fundFromClearing, insertLedgerMember } from '../../test-support/ledger';
import { openTestDatabase, TEST_NOW } from '../../test-support/test-db';
import {
  createWallets,
  findAccountId,
  ledgerAccount,
  memberWalletKey,
  openMemberWallet,
  postTransfer,
  type TransferSpec,
} from './ledger';

// postTransfer's own checks and what it writes besides the balances: the refusals before any SQL, the
// transfer's key, reference and memo, the member's first deposit and daily figures (real book only),
// and the accounts it opens (which may go below zero, which wallets are made for a run).
const at = new Date(TEST_NOW);

describe('posting one transfer', () => {
  let h: DatabaseHandle;
  beforeAll(async () => {
    h = await openTestDatabase();
  });
  afterAll(async () => h.close());

  const newMember = () => insertLedgerMember(h.db, 'ltx');
  const clearing = () =>
    ledgerAccount(h.db, {
      merchantId: 1,
      book: 'real',
      kind: 'payment_clearing',
      ref: 'LTX',
      currency: 'PHP',
    });
  const post = (t: Partial<TransferSpec> & Pick<TransferSpec, 'legs'>) =>
    h.db
      .transaction()
      .execute((trx) =>
        postTransfer(trx, { merchantId: 1, book: 'real', kind: 'deposit', createdBy: 'test', at, ...t }),
      );
  const refusal = (p: Promise<unknown>) =>
    p.then(
      () => 'posted',
      (e: Error) => (e instanceof DomainError ? `${e.status} ${e.code} ${e.message}` : e.message),
    );
  const day = async (member: bigint) =>
    (
      await sql<{ deposits: string; deposit_count: string; first_deposits: string; bonuses: string }>`
        select coalesce(sum(deposits), 0)::text as deposits, coalesce(sum(deposit_count), 0)::text as deposit_count,
          coalesce(sum(first_deposits), 0)::text as first_deposits, coalesce(sum(bonuses), 0)::text as bonuses
        from member_day where member_id = ${member}::bigint`.execute(h.db)
    ).rows[0]!;
  const firstDepositAt = async (member: bigint) =>
    (
      await h.db
        .selectFrom('member')
        .select('first_deposit_at')
        .where('id', '=', member)
        .executeTakeFirstOrThrow()
    ).first_deposit_at;

  it('refuses before anything is written: one leg, legs not summing to zero, a zero leg, one account twice', async () => {
    const w = await ledgerAccount(h.db, memberWalletKey(1, await newMember(), 'PHP'));
    const c = await clearing();
    const before = await h.db
      .selectFrom('ledger_transfer')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    expect(await refusal(post({ legs: [{ accountId: w, amount: 0n }] }))).toBe(
      'a transfer needs at least two legs',
    );
    expect(
      await refusal(
        post({
          legs: [
            { accountId: c, amount: -100n },
            { accountId: w, amount: 99n },
          ],
        }),
      ),
    ).toBe('unbalanced transfer: legs sum to -1');
    const third = await ledgerAccount(h.db, memberWalletKey(1, await newMember(), 'PHP'));
    expect(
      await refusal(
        post({
          legs: [
            { accountId: c, amount: -100n },
            { accountId: w, amount: 100n },
            { accountId: third, amount: 0n },
          ],
        }),
      ),
    ).toBe('a leg of zero');
    expect(
      await refusal(
        post({
          legs: [
            { accountId: w, amount: -100n },
            { accountId: w, amount: 100n },
          ],
        }),
      ),
    ).toBe('the same account twice in one transfer');
    const after = await h.db
      .selectFrom('ledger_transfer')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    expect(after).toEqual(before);
  });

  it('a wallet that cannot pay: 409 insufficient_balance with its message, nothing moved', async () => {
    const m = await newMember();
    const w = await fundFromClearing(h.db, m, 50n, at);
    const c = await clearing();
    expect(
      await refusal(
        post({
          kind: 'withdrawal',
          legs: [
            { accountId: w, amount: -51n },
            { accountId: c, amount: 51n },
          ],
        }),
      ),
    ).toBe('409 insufficient_balance Insufficient balance');
    expect(
      (
        await h.db
          .selectFrom('ledger_account')
          .select('balance')
          .where('id', '=', w)
          .executeTakeFirstOrThrow()
      ).balance,
    ).toBe(50n);
  });

  it('writes the transfer’s idempotency key, reference and memo', async () => {
    const w = await ledgerAccount(h.db, memberWalletKey(1, await newMember(), 'PHP'));
    const posted = await post({
      kind: 'adjustment_test',
      legs: [
        { accountId: await clearing(), amount: -7n },
        { accountId: w, amount: 7n },
      ],
      idempotency: { scope: 'ltx-scope', key: 'ltx-key-1' },
      reference: 'ref-1',
      memo: 'a memo',
    });
    const t = await h.db
      .selectFrom('ledger_transfer')
      .selectAll()
      .where('id', '=', posted.transferId)
      .executeTakeFirstOrThrow();
    expect(t).toMatchObject({
      idempotency_scope: 'ltx-scope',
      idempotency_key: 'ltx-key-1',
      reference: 'ref-1',
      memo: 'a memo',
      kind: 'adjustment_test',
    });
    expect(posted.balances.get(w)).toBe(7n);
  });

  it('a member’s first real deposit marks the member once and counts as a first deposit; later ones do not', async () => {
    const m = await newMember();
    const w = await ledgerAccount(h.db, memberWalletKey(1, m, 'PHP'));
    const c = await clearing();
    const deposit = (amount: bigint) =>
      post({
        legs: [
          { accountId: c, amount: -amount },
          { accountId: w, amount },
        ],
      });
    await deposit(100n);
    expect(await firstDepositAt(m)).toEqual(at);
    expect(await day(m)).toEqual({ deposits: '100', deposit_count: '1', first_deposits: '1', bonuses: '0' });
    await deposit(200n);
    expect(await day(m)).toEqual({ deposits: '300', deposit_count: '2', first_deposits: '1', bonuses: '0' });
    await expectLedgerClean(h.db);
  });

  it('the house and the clearing, adjustment and promotion accounts may go below zero; wallets may not', async () => {
    const allowsNegative = async (id: bigint) =>
      (
        await h.db
          .selectFrom('ledger_account')
          .select('allow_negative')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).allow_negative;
    const kinds = ['house', 'payment_clearing', 'vendor_clearing', 'adjustment', 'promotion'] as const;
    for (const kind of kinds) {
      const id = await ledgerAccount(h.db, {
        merchantId: 1,
        book: 'real',
        kind,
        ref: 'LTX-NEG',
        currency: 'PHP',
      });
      expect(await allowsNegative(id), kind).toBe(true);
    }
    const w = await ledgerAccount(h.db, memberWalletKey(1, await newMember(), 'PHP'));
    expect(await allowsNegative(w)).toBe(false);
  });

  it('a run’s wallets are made in one statement (again: no change); a new member’s wallet opens in its merchant’s currency', async () => {
    const [a, b] = [await newMember(), await newMember()];
    const members = sql`select * from (values (${a}::bigint), (${b}::bigint), (${a}::bigint)) v (member_id)`;
    await createWallets(h.db, { merchantId: 1, currency: 'PHP', members });
    await createWallets(h.db, { merchantId: 1, currency: 'PHP', members });
    const rows = await h.db
      .selectFrom('ledger_account')
      .select(['owner_member_id', 'kind', 'book', 'allow_negative', 'balance'])
      .where('owner_member_id', 'in', [a, b])
      .orderBy('owner_member_id')
      .execute();
    expect(rows).toEqual([
      { owner_member_id: a, kind: 'member_wallet', book: 'real', allow_negative: false, balance: 0n },
      { owner_member_id: b, kind: 'member_wallet', book: 'real', allow_negative: false, balance: 0n },
    ]);
    const c = await newMember();
    const currency = (
      await h.db.selectFrom('merchant').select('currency').where('id', '=', 1).executeTakeFirstOrThrow()
    ).currency;
    await openMemberWallet(h.db, { merchantId: 1, memberId: c, book: 'play' });
    await openMemberWallet(h.db, { merchantId: 1, memberId: c, book: 'play' });
    expect(await findAccountId(h.db, memberWalletKey(1, c, currency, 'play'))).not.toBeNull();
    expect(await findAccountId(h.db, memberWalletKey(1, c, currency, 'real'))).toBeNull();
  });

  it('only a deposit into a wallet marks a first deposit: not the wallet it comes from, not another kind, not the play book', async () => {
    // A "deposit" moving money from one member's wallet to another's (no real flow does this, so the
    // ledger's figure check is not run after it: this test stays the file's last) marks only the one credited.
    const [payer, payee] = [await newMember(), await newMember()];
    const from = await fundFromClearing(h.db, payer, 500n, at);
    await h.db.updateTable('member').set({ first_deposit_at: null }).where('id', '=', payer).execute();
    const to = await ledgerAccount(h.db, memberWalletKey(1, payee, 'PHP'));
    await post({
      legs: [
        { accountId: from, amount: -100n },
        { accountId: to, amount: 100n },
      ],
    });
    expect([await firstDepositAt(payer), await firstDepositAt(payee)]).toEqual([null, at]);
    // A bonus is no deposit.
    const b = await newMember();
    const bw = await ledgerAccount(h.db, memberWalletKey(1, b, 'PHP'));
    const promo = await ledgerAccount(h.db, {
      merchantId: 1,
      book: 'real',
      kind: 'promotion',
      ref: 'LTX',
      currency: 'PHP',
    });
    await post({
      kind: 'deposit_bonus',
      legs: [
        { accountId: promo, amount: -30n },
        { accountId: bw, amount: 30n },
      ],
    });
    expect(await firstDepositAt(b)).toBeNull();
    expect((await day(b)).bonuses).toBe('30');
    // Play money: no first deposit, no daily figures.
    const p = await newMember();
    const pw = await ledgerAccount(h.db, memberWalletKey(1, p, 'PHP', 'play'));
    const playSource = await ledgerAccount(h.db, {
      merchantId: 1,
      book: 'play',
      kind: 'house',
      ref: 'LTX',
      currency: 'PHP',
    });
    await post({
      book: 'play',
      legs: [
        { accountId: playSource, amount: -40n },
        { accountId: pw, amount: 40n },
      ],
    });
    expect(await firstDepositAt(p)).toBeNull();
    expect(await day(p)).toEqual({ deposits: '0', deposit_count: '0', first_deposits: '0', bonuses: '0' });
  });
});
