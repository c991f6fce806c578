import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, DatabaseHandle } from '../../db/database';
import { openTestDatabase, TEST_NOW } from '../../test-support/test-db';
import {
  accountBalance,
  expectLedgerClean,
  fundFromClearing,
  insertLedgerMember,
} from '../../test-support/ledger';
import { houseKey, ledgerAccount, memberWalletKey } from './ledger';
import { postRun } from './post-run';

// postRun, the wallet module's one call for set-based runs (settlements, rebates, promotion rebates,
// contract pay): what it writes for each transfer, the two ways the paying side is debited, and the
// refusals that roll the whole run back.
const at = new Date(TEST_NOW);

describe('postRun: a run’s transfers in one statement', () => {
  let h: DatabaseHandle;
  beforeAll(async () => {
    h = await openTestDatabase();
  });
  afterAll(async () => h.close());

  const newMember = () => insertLedgerMember(h.db, 'prun');
  const wallet = async (member: bigint, funds = 0n) =>
    funds > 0n
      ? fundFromClearing(h.db, member, funds, at)
      : ledgerAccount(h.db, memberWalletKey(1, member, 'PHP'));
  const balance = (id: bigint) => accountBalance(h.db, id);
  const entries = (transfer: bigint) =>
    h.db
      .selectFrom('ledger_entry')
      .select(['account_id', 'amount', 'balance_after'])
      .where('transfer_id', '=', transfer)
      .orderBy('amount')
      .execute();
  const nextIds = async (count: number) =>
    (
      await sql<{ id: string }>`select nextval(pg_get_serial_sequence('ledger_transfer', 'id'))::text as id
        from generate_series(1, ${count}::int)`.execute(h.db)
    ).rows.map((r) => BigInt(r.id));
  type Row = { id: bigint; credit: bigint; debit: bigint; amount: bigint; member?: bigint | null };
  /** The run's rows as postRun selects them. */
  const rows = (list: Row[], book = 'real') =>
    sql`select * from (values ${sql.join(
      list.map(
        (r, i) =>
          sql`(${r.id}::bigint, 1::int, ${book}::text, ${r.credit}::bigint, ${r.debit}::bigint, ${r.amount}::bigint,
            ${`k${r.id}`}::text, ${`ref-${i}`}::text, 'memo'::text, ${r.member ?? null}::bigint, 'bonus'::text, ''::text)`,
      ),
    )}) v (transfer_id, merchant_id, book, credit_id, debit_id, amount, key, reference, memo, figure_member,
      figure_kind, product)`;
  // An appended run here pays promotion bonuses (the ledger check then counts them in the members' days);
  // an updated one is of a kind no figure counts.
  const run = (db: Database, list: Row[], o: { debit?: 'appended' | 'updated'; book?: string } = {}) =>
    postRun(db, {
      kind: o.debit === 'updated' ? 'run_test' : 'promotion_bonus',
      scope: 'post-run-test',
      createdBy: 'system:test',
      at,
      rows: rows(list, o.book),
      ...(o.debit ? { debit: o.debit } : {}),
      also: [sql`x as (select credit_id from s)`],
      report: ['x'],
    });
  const count = async (table: 'ledger_transfer' | 'house_pending', where = sql`true`) =>
    Number(
      (
        await sql<{ n: string }>`select count(*)::text as n from ${sql.table(table)} where ${where}`.execute(
          h.db,
        )
      ).rows[0]!.n,
    );

  it('appended debit: each wallet credited with its entry and balance after; the house side queued, no house row touched', async () => {
    const [m1, m2] = [await newMember(), await newMember()];
    const [w1, w2] = [await wallet(m1, 500n), await wallet(m2)];
    const house = await ledgerAccount(h.db, houseKey(1, m1, 'PHP'));
    const houseBefore = await balance(house);
    const [t1, t2] = await nextIds(2);
    const r = await h.db.transaction().execute((trx) =>
      run(trx, [
        { id: t1!, credit: w1, debit: house, amount: 120n, member: m1 },
        { id: t2!, credit: w2, debit: house, amount: 30n, member: m2 },
      ]),
    );
    expect(r).toEqual({ transfers: 2, amount: 150n, reported: { x: 2 } });
    expect([await balance(w1), await balance(w2), await balance(house)]).toEqual([620n, 30n, houseBefore]);
    expect(await entries(t1!)).toEqual([
      { account_id: house, amount: -120n, balance_after: null },
      { account_id: w1, amount: 120n, balance_after: 620n },
    ]);
    const transfer = await h.db
      .selectFrom('ledger_transfer')
      .selectAll()
      .where('id', '=', t1!)
      .executeTakeFirstOrThrow();
    expect(transfer).toMatchObject({
      merchant_id: 1,
      book: 'real',
      kind: 'promotion_bonus',
      idempotency_scope: 'post-run-test',
      idempotency_key: `k${t1}`,
      reference: 'ref-0',
      memo: 'memo',
      created_by: 'system:test',
    });
    expect(transfer.created_at).toEqual(at);
    const pending = await h.db
      .selectFrom('house_pending')
      .select(['account_id', 'amount', 'member_id', 'kind'])
      .where('member_id', 'in', [m1, m2])
      .orderBy('amount')
      .execute();
    expect(pending).toEqual([
      { account_id: house, amount: -120n, member_id: m1, kind: 'bonus' },
      { account_id: house, amount: -30n, member_id: m2, kind: 'bonus' },
    ]);
    await expectLedgerClean(h.db);
  });

  it('updated debit: the paying account goes down once by the run’s total; each entry’s balance after follows the transfers’ order', async () => {
    const payer = await newMember();
    const source = await wallet(payer, 1_000n);
    const [a, b, c] = [await newMember(), await newMember(), await newMember()];
    const [wa, wb, wc] = [await wallet(a), await wallet(b), await wallet(c)];
    const [t1, t2, t3] = await nextIds(3);
    const r = await h.db.transaction().execute((trx) =>
      run(
        trx,
        [
          { id: t1!, credit: wa, debit: source, amount: 100n },
          { id: t2!, credit: wb, debit: source, amount: 250n },
          { id: t3!, credit: wc, debit: source, amount: 50n },
        ],
        { debit: 'updated' },
      ),
    );
    expect([r.transfers, r.amount]).toEqual([3, 400n]);
    expect([await balance(source), await balance(wa), await balance(wb), await balance(wc)]).toEqual([
      600n,
      100n,
      250n,
      50n,
    ]);
    expect((await entries(t1!))[0]).toEqual({ account_id: source, amount: -100n, balance_after: 900n });
    expect((await entries(t2!))[0]).toEqual({ account_id: source, amount: -250n, balance_after: 650n });
    expect((await entries(t3!))[0]).toEqual({ account_id: source, amount: -50n, balance_after: 600n });
    expect(await count('house_pending', sql`account_id = ${source}::bigint`)).toBe(0);
    await expectLedgerClean(h.db);
  });

  it('reads CTEs written before the rows, counts what the caller asks for (none when asked nothing)', async () => {
    const [a, b] = [await newMember(), await newMember()];
    const [wa, wb] = [await wallet(a), await wallet(b)];
    const house = await ledgerAccount(h.db, houseKey(1, a, 'PHP'));
    const [t1, t2] = await nextIds(2);
    const list = sql`select * from (values (${t1!}::bigint, ${wa}::bigint, ${a}::bigint),
      (${t2!}::bigint, ${wb}::bigint, ${b}::bigint)) v (id, credit, member)`;
    const r = await h.db.transaction().execute((trx) =>
      postRun(trx, {
        kind: 'promotion_bonus',
        scope: 'post-run-test',
        createdBy: 'system:test',
        at,
        before: [sql`pick as (${list})`],
        rows: sql`select p.id as transfer_id, 1 as merchant_id, 'real'::text as book, p.credit as credit_id,
          ${house}::bigint as debit_id, 5::bigint as amount, 'b' || p.id::text as key, null::text as reference,
          null::text as memo, p.member as figure_member, 'bonus'::text as figure_kind, ''::text as product
          from pick p`,
        also: [sql`one as (select 1 from s limit 1)`, sql`two as (select credit_id from s)`],
        report: ['one', 'two', 'pick'],
      }),
    );
    expect(r).toEqual({ transfers: 2, amount: 10n, reported: { one: 1, two: 2, pick: 2 } });
    const [t3] = await nextIds(1);
    const bare = await h.db.transaction().execute((trx) =>
      postRun(trx, {
        kind: 'promotion_bonus',
        scope: 'post-run-test',
        createdBy: 'system:test',
        at,
        rows: rows([{ id: t3!, credit: wa, debit: house, amount: 1n, member: a }]),
      }),
    );
    expect(bare).toEqual({ transfers: 1, amount: 1n, reported: {} });
    expect([await balance(wa), await balance(wb)]).toEqual([6n, 5n]);
    await expectLedgerClean(h.db);
  });

  it('refuses, writing nothing: a debit below zero, an account credited twice or credited and debited, a credit of another book', async () => {
    const payer = await newMember();
    const source = await wallet(payer, 100n);
    const [a, b] = [await newMember(), await newMember()];
    const [wa, wb] = [await wallet(a), await wallet(b)];
    const before = await count('ledger_transfer');
    const attempt = async (list: (ids: bigint[]) => Row[], o: { debit?: 'updated'; book?: string } = {}) => {
      const ids = await nextIds(2);
      return h.db
        .transaction()
        .execute((trx) => run(trx, list(ids), o))
        .then(
          () => 'posted',
          (e: Error) => e.message,
        );
    };
    expect(
      await attempt(
        ([t1, t2]) => [
          { id: t1!, credit: wa, debit: source, amount: 60n },
          { id: t2!, credit: wb, debit: source, amount: 41n },
        ],
        { debit: 'updated' },
      ),
    ).toBe('postRun: a debit would take an account below zero');
    expect(
      await attempt(([t1, t2]) => [
        { id: t1!, credit: wa, debit: source, amount: 1n },
        { id: t2!, credit: wa, debit: source, amount: 1n },
      ]),
    ).toBe('postRun: an account credited twice, or credited and debited, in one run');
    expect(
      await attempt(
        ([t1, t2]) => [
          { id: t1!, credit: wa, debit: source, amount: 1n },
          { id: t2!, credit: source, debit: wb, amount: 1n },
        ],
        { debit: 'updated' },
      ),
    ).toBe('postRun: an account credited twice, or credited and debited, in one run');
    expect(
      await attempt(([t1]) => [{ id: t1!, credit: wa, debit: source, amount: 5n }], { book: 'play' }),
    ).toBe('postRun: a credited account is missing or of another book');
    expect([
      await count('ledger_transfer'),
      await balance(source),
      await balance(wa),
      await balance(wb),
    ]).toEqual([before, 100n, 0n, 0n]);
    // Exactly to zero is allowed.
    expect(
      await attempt(([t1]) => [{ id: t1!, credit: wa, debit: source, amount: 100n }], { debit: 'updated' }),
    ).toBe('posted');
    expect([await balance(source), await balance(wa)]).toEqual([0n, 100n]);
    await expectLedgerClean(h.db);
  });
});
