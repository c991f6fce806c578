import { sql, type RawBuilder } from 'kysely';
import { PREPARED, type Database } from '../../db/database';
import type { LedgerAccountKind, LedgerBook } from '../../db/schema';
import { DomainError } from '../../lib/domain-error';
import { addToMemberDay, figureLegsOf, productOfKind, type CountedLeg } from '../stats/member-day';

/** Bets on different wallets must not queue on one house row: the house is split into this many shards. */
export const HOUSE_SHARDS = 16;

/**
 * The accounts that hold players' money — what a merchant owes its players at any moment: wallets,
 * withdrawals being paid, holds. A brand is closed only when they sum to 0; the daily close and the
 * proof of liabilities count them.
 */
export const PLAYERS_MONEY_KINDS = [
  'member_wallet',
  'pending_withdrawal',
  'held',
] as const satisfies readonly LedgerAccountKind[];
/** The same, as a SQL list (`kind in (${playersMoneyKinds})`). */
export const playersMoneyKinds = sql.join(PLAYERS_MONEY_KINDS.map((k) => sql`${k}`));

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
  /**
   * The instant whose reporting day the member's figures count on, when it is not `at`: a commission
   * or a rebate counts on the day of the play it pays for (contract figures.ts), whenever it is paid.
   */
  figuresAt?: Date;
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
  // Stryker disable next-line ConditionalExpression,StringLiteral: the row was inserted or found just above; accounts are never deleted
  if (id === null) throw new Error('ledger account vanished after its insert');
  return id;
}

/**
 * The real wallets of a set of members (`members` selects a member_id column) in one currency, created
 * where missing (race-safe: concurrent creators get the same rows): a run makes its wallets before it
 * posts, in one statement.
 */
export async function createWallets(
  db: Database,
  o: { merchantId: number; currency: string; members: RawBuilder<unknown> },
): Promise<void> {
  await sql`
    insert into ledger_account (merchant_id, book, kind, owner_member_id, ref, currency, allow_negative)
    select distinct ${o.merchantId}::int, 'real', 'member_wallet', x.member_id, '', ${o.currency}, false
    from (${o.members}) x
    order by 4
    on conflict (merchant_id, book, kind, coalesce(owner_member_id, 0), ref, currency) do nothing`.execute(
    db,
  );
}

/** A new member's wallet, opened in its merchant's currency (the first credit then only updates it). */
export async function openMemberWallet(
  db: Database,
  o: { merchantId: number; memberId: bigint; book: LedgerBook },
): Promise<void> {
  await sql`
    insert into ledger_account (merchant_id, book, kind, owner_member_id, ref, currency, allow_negative)
    select id, ${o.book}, 'member_wallet', ${o.memberId}, '', currency, false
    from merchant where id = ${o.merchantId}
    on conflict do nothing`.execute(db);
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
 * Posts a transfer inside the caller's transaction, through the database's one posting function
 * (db/functions/ledger_post.sql): every leg one conditional balance update (the check and the change in
 * one statement, never read-then-write), in account-id order — the one lock order for wallets — then the
 * transfer and its entries. Refuses unbalanced or empty transfers, and (409 insufficient_balance, nothing
 * moved) any leg that would take a non-negative account below zero. The member's daily figures move with
 * the money; a member's first deposit takes the member's row before any wallet (the lock order: member,
 * then wallets, then the rest).
 */
export async function postTransfer(trx: Database, t: TransferSpec): Promise<PostedTransfer> {
  if (t.legs.length < 2) throw new Error('a transfer needs at least two legs');
  const sum = t.legs.reduce((s, l) => s + l.amount, 0n);
  if (sum !== 0n) throw new Error(`unbalanced transfer: legs sum to ${sum}`);
  if (t.legs.some((l) => l.amount === 0n)) throw new Error('a leg of zero');
  if (new Set(t.legs.map((l) => l.accountId)).size !== t.legs.length)
    throw new Error('the same account twice in one transfer');

  const firstDeposit = t.book === 'real' && t.kind === 'deposit' && (await markFirstDeposit(trx, t));
  const r = await sql<{
    transfer_id: bigint | null;
    balances: (bigint | string | null)[] | null;
    kinds: LedgerAccountKind[] | null;
    owners: (bigint | string | null)[] | null;
  }>`${sql.raw(PREPARED)}select transfer_id, balances, kinds, owners from ledger_post(
      ${t.merchantId}::integer, ${t.book}::text, ${t.kind}::text,
      ${t.legs.map((l) => l.accountId.toString())}::bigint[], ${t.legs.map((l) => l.amount.toString())}::bigint[],
      ${t.createdBy}::text, ${t.at}::timestamptz, ${t.idempotency?.scope ?? null}::text,
      ${t.idempotency?.key ?? null}::text, ${t.reference ?? null}::text, ${t.memo ?? null}::text,
      p_describe => true)`.execute(trx);
  // ledger_post answers one row: a refused leg makes all of it null (nothing moved), else none of it is.
  const row = r.rows[0]!;
  if (row.transfer_id === null) throw new DomainError('insufficient_balance', 409, 'Insufficient balance');
  const balances = new Map<bigint, bigint>();
  const counted: CountedLeg[] = t.legs.map((leg, i) => {
    balances.set(leg.accountId, BigInt(row.balances![i]!));
    const owner = row.owners![i];
    return { amount: leg.amount, kind: row.kinds![i]!, ownerMemberId: owner == null ? null : BigInt(owner) };
  });
  // The member's daily figures move with the money, in the same transaction (migration 0026).
  for (const figures of t.book === 'real' ? figureLegsOf(t.kind, counted) : []) {
    await addToMemberDay(trx, {
      merchantId: t.merchantId,
      memberId: figures.memberId,
      at: t.figuresAt ?? t.at,
      product: t.product ?? productOfKind(t.kind),
      figures: figures.figures,
      firstDeposit,
    });
  }
  return { transferId: BigInt(row.transfer_id), balances };
}

/**
 * A deposit into a member's wallet that is the member's first: marks the member (first_deposit_at) and
 * says so. Runs before the transfer's balances, so the member's row is taken before its wallet.
 */
async function markFirstDeposit(trx: Database, t: TransferSpec): Promise<boolean> {
  // Stryker disable next-line EqualityOperator: `>= 0n` is equivalent, a leg of zero is refused above
  const credited = t.legs.filter((l) => l.amount > 0n).map((l) => l.accountId.toString());
  const r = await sql`
    update member set first_deposit_at = ${t.at}::timestamptz
    where id = (select owner_member_id from ledger_account
                where id = any(${credited}::bigint[])
                  and kind = 'member_wallet' limit 1)
      and first_deposit_at is null`.execute(trx);
  return Number(r.numAffectedRows ?? 0n) > 0;
}

/** An account's current balance (0 when the account does not exist yet). */
export async function accountBalance(db: Database, k: AccountKey): Promise<bigint> {
  return (await accountsOf(db, k).select('balance').executeTakeFirst())?.balance ?? 0n;
}
