import { sql, type Kysely } from 'kysely';

/**
 * Proof of liabilities (issue 52 item 5): each daily close's Merkle sum tree over the members' closing
 * balances — its root and total, published, and its leaves (position, member, balance, hash) from which
 * a member's inclusion proof is rebuilt. The salts are not stored: each is derived from a key kept in
 * app_secret, the merchant, the day and the member.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table liability_tree (
    merchant_id integer not null references merchant(id),
    day date not null,
    currency text not null,
    root text not null,
    total bigint not null check (total >= 0),
    members integer not null,
    created_at timestamptz not null,
    primary key (merchant_id, day, currency)
  )`.execute(db);
  await sql`create table liability_leaf (
    merchant_id integer not null,
    day date not null,
    currency text not null,
    position integer not null,
    member_id bigint not null,
    balance bigint not null check (balance >= 0),
    hash text not null,
    primary key (merchant_id, day, currency, position),
    foreign key (merchant_id, day, currency) references liability_tree (merchant_id, day, currency)
  )`.execute(db);
  await sql`create unique index liability_leaf_member on liability_leaf (merchant_id, day, currency, member_id)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists liability_leaf`.execute(db);
  await sql`drop table if exists liability_tree`.execute(db);
}
