import { sql } from 'kysely';
import type { Database } from '../../db/database';
import type { LedgerAccountKind, LedgerBook } from '../../db/schema';
import { DomainError } from '../../lib/domain-error';
import { addToMemberDay, figureLegsOf, productOfKind, type CountedLeg } from '../stats/member-day';

/** Bets on different wallets must not queue on one house row: the house is split into this many shards. */
export const HOUSE_SHARDS = 16;

export interface AccountKey {
  merchantId: number;
  book: LedgerBook;
  kind: LedgerAccountKind;
  ownerMemberId?: bigint | null;
  ref?: string;
  currency: string;
}

export interface Leg {
  accountId: bigint;
  /** Signed minor units: negative leaves the account, positive enters it. */
  amount: bigint;
}

export interface TransferSpec {
  merchantId: number;
  book: LedgerBook;
  kind: string;
  legs: Leg[];
  createdBy: string;
  reference?: string | null;
  memo?: string | null;
  idempotency?: { scope: string; key: string } | null;
  at: Date;
  /** The product group the member's figures count under (member_day); by default from the kind. */
  product?: string;
}

export interface PostedTransfer {
  transferId: bigint;
  /** Each account's balance right after the transfer. */
  balances: Map<bigint, bigint>;
}

const NEGATIVE_ALLOWED: ReadonlySet<LedgerAccountKind> = new Set([
  'house',
  'payment_clearing',
  'vendor_clearing',
  'adjustment',
  'promotion',
]);

/** The ledger account for a key, created on first use (race-safe: concurrent creators get the same row). */
export async function ledgerAccount(db: Database, k: AccountKey): Promise<bigint> {
  const owner = k.ownerMemberId ?? null;
  const ref = k.ref ?? '';
  const allowNegative = NEGATIVE_ALLOWED.has(k.kind);
  await sql`
    insert into ledger_account (merchant_id, book, kind, owner_member_id, ref, currency, allow_negative)
    values (${k.merchantId}, ${k.book}, ${k.kind}, ${owner}, ${ref}, ${k.currency}, ${allowNegative})
    on conflict (merchant_id, book, kind, coalesce(owner_member_id, 0), ref, currency) do nothing`.execute(
    db,
  );
  const id = await findAccountId(db, k);
  if (id === null) throw new Error('ledger account vanished after its insert');
  return id;
}

/** The ledger account rows of a key (at most one: the key is unique). */
const accountsOf = (db: Database, k: AccountKey) =>
  db
    .selectFrom('ledger_account')
    .where('merchant_id', '=', k.merchantId)
    .where('book', '=', k.book)
    .where('kind', '=', k.kind)
    .where(sql<bigint>`coalesce(owner_member_id, 0)`, '=', k.ownerMemberId ?? 0n)
    .where('ref', '=', k.ref ?? '')
    .where('currency', '=', k.currency);

/** A key's account id, or null when it has never been used. */
export async function findAccountId(db: Database, k: AccountKey): Promise<bigint | null> {
  return (await accountsOf(db, k).select('id').executeTakeFirst())?.id ?? null;
}

/** A ledger account's id: one read when it exists (the usual case), created race-safely when not. */
export async function accountIdFor(db: Database, k: AccountKey): Promise<bigint> {
  return (await findAccountId(db, k)) ?? ledgerAccount(db, k);
}

export const memberWalletKey = (
  merchantId: number,
  memberId: bigint,
  currency: string,
  book: LedgerBook = 'real',
): AccountKey => ({
  merchantId,
  book,
  kind: 'member_wallet',
  ownerMemberId: memberId,
  currency,
});

/** The house shard that takes the other side of this member's movements. */
export const houseKey = (
  merchantId: number,
  memberId: bigint,
  currency: string,
  book: LedgerBook = 'real',
): AccountKey => ({
  merchantId,
  book,
  kind: 'house',
  ref: String(memberId % BigInt(HOUSE_SHARDS)),
  currency,
});

/**
 * Posts a transfer inside the caller's transaction: every leg is one conditional balance update (the
 * check and the change in one statement, never read-then-write), applied in account order so that two
 * transfers on the same accounts cannot deadlock; then the transfer and its entries are written.
 * Refuses unbalanced or empty transfers, and any leg that would take a non-negative account below zero.
 */
export async function postTransfer(trx: Database, t: TransferSpec): Promise<PostedTransfer> {
  if (t.legs.length < 2) throw new Error('a transfer needs at least two legs');
  const sum = t.legs.reduce((s, l) => s + l.amount, 0n);
  if (sum !== 0n) throw new Error(`unbalanced transfer: legs sum to ${sum}`);
  if (t.legs.some((l) => l.amount === 0n)) throw new Error('a leg of zero');
  if (new Set(t.legs.map((l) => l.accountId)).size !== t.legs.length)
    throw new Error('the same account twice in one transfer');

  const balances = new Map<bigint, bigint>();
  const counted: CountedLeg[] = [];
  const ordered = [...t.legs].sort((a, b) =>
    a.accountId < b.accountId ? -1 : a.accountId > b.accountId ? 1 : 0,
  );
  for (const leg of ordered) {
    const row = await trx
      .updateTable('ledger_account')
      .set({ balance: sql<bigint>`balance + ${leg.amount}` })
      .where('id', '=', leg.accountId)
      .where('merchant_id', '=', t.merchantId)
      .where('book', '=', t.book)
      .where((eb) =>
        eb.or([eb('allow_negative', '=', true), eb(sql<bigint>`balance + ${leg.amount}`, '>=', 0n)]),
      )
      .returning(['balance', 'kind', 'owner_member_id'])
      .executeTakeFirst();
    if (!row) throw new DomainError('insufficient_balance', 409, 'Insufficient balance');
    balances.set(leg.accountId, row.balance);
    counted.push({ amount: leg.amount, kind: row.kind, ownerMemberId: row.owner_member_id });
  }

  const transfer = await trx
    .insertInto('ledger_transfer')
    .values({
      merchant_id: t.merchantId,
      book: t.book,
      kind: t.kind,
      idempotency_scope: t.idempotency?.scope ?? null,
      idempotency_key: t.idempotency?.key ?? null,
      reference: t.reference ?? null,
      memo: t.memo ?? null,
      created_by: t.createdBy,
      created_at: t.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('ledger_entry')
    .values(
      t.legs.map((l) => ({
        transfer_id: transfer.id,
        account_id: l.accountId,
        amount: l.amount,
        balance_after: balances.get(l.accountId) ?? 0n,
        created_at: t.at,
      })),
    )
    .execute();
  // The member's daily figures move with the money, in the same transaction (migration 0026).
  for (const figures of t.book === 'real' ? figureLegsOf(t.kind, counted) : []) {
    await addToMemberDay(trx, {
      merchantId: t.merchantId,
      memberId: figures.memberId,
      at: t.at,
      product: t.product ?? productOfKind(t.kind),
      figures: figures.figures,
    });
  }
  return { transferId: transfer.id, balances };
}

/** An account's current balance (0 when the account does not exist yet). */
export async function accountBalance(db: Database, k: AccountKey): Promise<bigint> {
  return (await accountsOf(db, k).select('balance').executeTakeFirst())?.balance ?? 0n;
}
