import { sql, type Kysely } from 'kysely';

/**
 * Our own games, playable (issue 5): each member's commit–reveal seed pair and every round played on it.
 * Money never moves here: a round's stake and payout go through the seamless game wallet in-process,
 * as the internal vendor PNL, so rounds land in game_round (game records) and the ledger like any
 * vendor's. A round is (server seed, client seed, nonce, bet) and replays to the same outcome.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table inhouse_seed (
      id bigint generated always as identity primary key,
      merchant_id integer not null,
      member_id bigint not null references member (id),
      server_seed text not null,
      server_seed_hash text not null,
      client_seed text not null,
      nonce integer not null default 0 check (nonce >= 0),
      active boolean not null default true,
      created_at timestamptz not null,
      revealed_at timestamptz
    )`.execute(db);
  // One live pair per member: rotation ends it (reveals the seed) and opens the next.
  await sql`create unique index inhouse_seed_active on inhouse_seed (merchant_id, member_id) where active`.execute(
    db,
  );
  await sql`
    create table inhouse_round (
      id bigint generated always as identity primary key,
      merchant_id integer not null,
      member_id bigint not null references member (id),
      game text not null,
      seed_id bigint not null references inhouse_seed (id),
      nonce integer not null,
      book text not null check (book in ('real', 'play')),
      bet jsonb not null,
      stake bigint not null check (stake > 0),
      payout bigint not null check (payout >= 0),
      multiplier text not null,
      outcome jsonb not null,
      status text not null check (status in ('pending', 'settled', 'refused')),
      refusal text,
      idempotency_key text not null,
      request_hash text not null,
      created_at timestamptz not null,
      settled_at timestamptz,
      unique (merchant_id, member_id, idempotency_key),
      unique (seed_id, nonce)
    )`.execute(db);
  await sql`create index inhouse_round_member on inhouse_round (merchant_id, member_id, game, id)`.execute(
    db,
  );
  // A catalogue seeded before: our games now name their wallet integration (game records join on it).
  await sql`update vendor set wallet_vendor_code = 'PNL' where code = 'PNL' and wallet_vendor_code is null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table inhouse_round`.execute(db);
  await sql`drop table inhouse_seed`.execute(db);
}
