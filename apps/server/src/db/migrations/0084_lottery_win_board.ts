import { sql, type Kysely } from 'kysely';

/**
 * Settling a period updates every one of its bets once (accepted → won or lost); at 1,000,000 bets that
 * update was most of the settlement's 51 s (issue 54 item 6, bench-scale-plans/lottery-settle.txt), because
 * none of it was HOT: the status, payout and settled_at it writes were in two indexes (lottery_bet_period's
 * second column, lottery_bet_winners' key and predicate), so each row's new version went into every index.
 * Now no index of lottery_bet names a column settlement writes, and its pages are left half free
 * (fillfactor 50, for new pages) so each settled version fits beside its first: the update stays on the
 * page and touches no index.
 *
 * The boards that read the winners index — the lobby's winner board and home's recent wins — read
 * lottery_win_board instead: the WINNER_BOARD_DEPTH (50) biggest real-money wins of each period per site,
 * written by the settlement in the same transaction. 50 is the board's largest page, so its top over any
 * window of periods is the top of these rows, in the same order (payout, then bet id). Won bets never
 * change again (a cancel or refund takes accepted bets only), so the rows stay true.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table lottery_win_board (
      merchant_id integer not null,
      period_id bigint not null references lottery_period(id),
      bet_id bigint not null references lottery_bet(id),
      member_id bigint not null references member(id),
      game_code text not null,
      numero text not null,
      stake bigint not null,
      payout bigint not null,
      settled_at timestamptz not null,
      primary key (merchant_id, period_id, bet_id)
    )`.execute(db);
  await sql`create index lottery_win_board_recent on lottery_win_board (merchant_id, settled_at)`.execute(db);
  await sql`
    insert into lottery_win_board (merchant_id, period_id, bet_id, member_id, game_code, numero, stake, payout,
      settled_at)
    select merchant_id, period_id, id, member_id, game_code, numero, stake, payout, settled_at
    from (
      select b.*, row_number() over (partition by merchant_id, period_id order by payout desc, id) as place
      from lottery_bet b
      where status = 'won' and book = 'real' and settled_at is not null
    ) r
    where place <= 50`.execute(db);

  await sql`drop index lottery_bet_winners`.execute(db);
  await sql`drop index lottery_bet_period`.execute(db);
  await sql`create index lottery_bet_period on lottery_bet (period_id)`.execute(db);
  await sql`alter table lottery_bet set (fillfactor = 50)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table lottery_bet reset (fillfactor)`.execute(db);
  await sql`drop index lottery_bet_period`.execute(db);
  await sql`create index lottery_bet_period on lottery_bet (period_id, status)`.execute(db);
  await sql`create index lottery_bet_winners on lottery_bet (merchant_id, settled_at) where status = 'won'`.execute(
    db,
  );
  await sql`drop table lottery_win_board`.execute(db);
}
