import { sql, type Kysely } from 'kysely';

/**
 * Lottery (issue 6). Periods are the draws of a game, shared by every merchant that sells the game (one
 * seed, one result, like a real lottery); what a merchant sells, its odds and limits, and every bet are
 * the merchant's own rows. A period's seed is generated when the row is created (ahead of time) and only
 * its hash is shown, from open_at on; the seed itself is revealed at the draw. States: scheduled → open →
 * locked → drawn → settled, or cancelled → refunded. Settlement is set-based per period (see
 * modules/lottery/settlement.ts), against the winning rows and tiers snapshotted at the draw.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table lottery_group (
      merchant_id integer not null references merchant(id),
      code text not null,
      sort integer not null default 0,
      names jsonb not null default '{}',
      primary key (merchant_id, code)
    )`.execute(db);

  await sql`
    create table lottery_merchant_game (
      id integer primary key generated always as identity,
      merchant_id integer not null references merchant(id),
      game_code text not null,
      group_code text not null,
      names jsonb not null default '{}',
      icon_url text not null default '',
      tags jsonb not null default '[]',
      sort integer not null default 0,
      enabled boolean not null default true,
      config jsonb not null default '{}',
      unique (merchant_id, game_code)
    )`.execute(db);

  await sql`
    create table lottery_period (
      id bigint primary key generated always as identity,
      game_code text not null,
      numero text not null,
      open_at timestamptz not null,
      lock_at timestamptz not null,
      draw_at timestamptz not null,
      seed text not null,
      seed_hash text not null,
      state text not null default 'scheduled'
        check (state in ('scheduled', 'open', 'locked', 'drawn', 'settled', 'cancelled', 'refunded')),
      result text,
      created_at timestamptz not null default now(),
      drawn_at timestamptz,
      settled_at timestamptz,
      unique (game_code, numero),
      check (open_at <= lock_at and lock_at <= draw_at),
      check ((state in ('drawn', 'settled')) = (result is not null))
    )`.execute(db);
  // The scheduler's look-ups: what is due (by state and time) and the lobby's latest result per game.
  await sql`create index lottery_period_due on lottery_period (state, draw_at)`.execute(db);
  await sql`create index lottery_period_game_draw on lottery_period (game_code, draw_at)`.execute(db);

  await sql`
    create table lottery_order (
      id bigint primary key generated always as identity,
      merchant_id integer not null,
      member_id bigint not null references member(id),
      book text not null check (book in ('real', 'play')),
      game_code text not null,
      idempotency_key text not null,
      request_hash text not null,
      total_stake bigint not null check (total_stake > 0),
      transfer_id bigint not null,
      created_at timestamptz not null,
      unique (merchant_id, member_id, idempotency_key)
    )`.execute(db);

  await sql`
    create table lottery_bet (
      id bigint primary key generated always as identity,
      order_id bigint not null references lottery_order(id),
      merchant_id integer not null,
      member_id bigint not null,
      book text not null check (book in ('real', 'play')),
      period_id bigint not null references lottery_period(id),
      game_code text not null,
      numero text not null,
      bet_type text not null,
      selection text not null,
      amount bigint not null check (amount > 0),
      units integer not null check (units > 0),
      stake bigint not null check (stake = amount * units),
      status text not null default 'accepted' check (status in ('accepted', 'won', 'lost', 'refunded')),
      payout bigint not null default 0 check (payout >= 0),
      wallet_account_id bigint not null,
      house_account_id bigint not null,
      created_at timestamptz not null,
      settled_at timestamptz
    )`.execute(db);
  await sql`create index lottery_bet_period on lottery_bet (period_id, status)`.execute(db);
  await sql`create index lottery_bet_member on lottery_bet (merchant_id, member_id, id)`.execute(db);
  await sql`create index lottery_bet_order on lottery_bet (order_id)`.execute(db);
  await sql`create index lottery_bet_winners on lottery_bet (merchant_id, settled_at) where status = 'won'`.execute(
    db,
  );

  await sql`
    create table lottery_winning (
      period_id bigint not null references lottery_period(id),
      merchant_id integer not null,
      bet_type text not null,
      selection text not null,
      odds bigint not null,
      hits integer not null,
      primary key (period_id, merchant_id, bet_type, selection)
    )`.execute(db);
  await sql`
    create table lottery_tier (
      period_id bigint not null references lottery_period(id),
      merchant_id integer not null,
      bet_type text not null,
      matches integer not null,
      odds bigint not null,
      primary key (period_id, merchant_id, bet_type, matches)
    )`.execute(db);

  await sql`
    create table lottery_jackpot (
      merchant_id integer not null references merchant(id),
      game_code text not null,
      carry bigint not null,
      primary key (merchant_id, game_code)
    )`.execute(db);
  await sql`
    create table lottery_jackpot_period (
      period_id bigint not null references lottery_period(id),
      merchant_id integer not null,
      carry_in bigint not null,
      sales bigint not null,
      pool bigint not null,
      paid bigint not null,
      carry_out bigint not null,
      primary key (period_id, merchant_id)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'lottery_jackpot_period',
    'lottery_jackpot',
    'lottery_tier',
    'lottery_winning',
    'lottery_bet',
    'lottery_order',
    'lottery_period',
    'lottery_merchant_game',
    'lottery_group',
  ]) {
    await sql.raw(`drop table if exists ${t}`).execute(db);
  }
}
