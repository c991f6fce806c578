import { sql, type Kysely } from 'kysely';

/**
 * Per-member daily figures (issue 16 item 4; DESIGN: "per-member activity aggregates"): team reports,
 * the agent's counters and the rebate run read `member_day`, never a scan of bets or of the ledger.
 *
 * How it is kept, without a write more on the bet's hot path:
 * - A bet, win or refund of the game wallet and of the lottery already appends its house leg to
 *   `house_pending` (migration 0012). That row now also says whose it is (member_id, real book only),
 *   what it was (kind bet / win / refund), the game (vendor_id, game, or the product directly) and when.
 *   The house roll-up that deletes those rows adds them to member_day in the same statement: what leaves
 *   the queue is exactly what is counted, once. A win or a rollback (`move`) now appends its house leg
 *   too, instead of updating the shard's row (one row update less on those paths).
 * - Every other movement goes through postTransfer, which adds to member_day in the transfer's own
 *   transaction (deposits, withdrawals paid, bonuses, rebates, agent commission, lottery cancellations).
 * checkLedger proves it: for every member, member_day plus what is still queued equals the ledger.
 *
 * The day is the merchant's reporting day (settings.timeZone, UTC when absent or unknown). `product` is
 * the rebate's product group ('' for money that is not play). member.first_deposit_at marks first
 * deposits. No foreign keys on member_day: the roll-up must never wait on a member's row lock.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table house_pending
    add column member_id bigint, add column kind text, add column vendor_id integer, add column game text,
    add column product text, add column at timestamptz`.execute(db);
  await sql`alter table member add column first_deposit_at timestamptz`.execute(db);
  await sql`
    create table member_day (
      merchant_id integer not null,
      member_id bigint not null,
      day date not null,
      product text not null default '',
      bets bigint not null default 0,
      bet_count integer not null default 0,
      wins bigint not null default 0,
      refunds bigint not null default 0,
      deposits bigint not null default 0,
      deposit_count integer not null default 0,
      first_deposits integer not null default 0,
      withdrawals bigint not null default 0,
      withdrawal_count integer not null default 0,
      bonuses bigint not null default 0,
      rebates bigint not null default 0,
      commissions bigint not null default 0,
      primary key (member_id, day, product)
    )`.execute(db);
  await sql`create index member_day_merchant_day on member_day (merchant_id, day)`.execute(db);
  // The agent's counters look up the range's registrations, logins (sessions created) and sessions seen
  // of a merchant, then keep the team's.
  await sql`create index member_last_login on member (merchant_id, last_login_at)`.execute(db);
  await sql`create index member_created on member (merchant_id, created_at)`.execute(db);
  await sql`create index member_session_seen on member_session (merchant_id, last_seen_at)`.execute(db);
  await sql`create index member_session_created on member_session (merchant_id, created_at)`.execute(db);

  // The merchant's reporting zone; one PostgreSQL does not know is UTC. Tried rather than looked up in
  // pg_timezone_names, which reads the whole zone database on every call (half a second on PGlite).
  await sql`
    create function merchant_time_zone(p_settings jsonb) returns text
    language plpgsql stable as $$
    declare
      v_zone text := p_settings->>'timeZone';
    begin
      if v_zone is null or v_zone = '' then return 'UTC'; end if;
      perform now() at time zone v_zone;
      return v_zone;
    exception when others then
      return 'UTC';
    end $$`.execute(db);
  // The product group of a wallet game: its catalogue vendor's category (the simulator runs several
  // catalogue vendors on one wallet vendor, so the game code decides).
  await sql`
    create function product_of(p_vendor integer, p_game text) returns text
    language sql stable as $$
      select coalesce((
        select case v.category
                 when 'LIVE' then 'live' when 'SPORTS' then 'sports' when 'FISH' then 'fishing'
                 when 'PVP' then 'cards' when 'COCKFIGHT' then 'cockfight' when 'ESPORTS' then 'esports'
                 when 'LOTT' then 'lottery' else 'slots' end
        from game g join vendor v on v.code = g.vendor_code
        left join game_vendor gv on gv.id = p_vendor
        where g.game_id = p_game
        order by (v.wallet_vendor_code is not distinct from gv.code) desc
        limit 1), 'slots')
    $$`.execute(db);

  // As in 0023, with the house leg saying whose bet it is.
  await sql`
    create or replace function game_wallet_bet(
      p_merchant integer, p_vendor integer, p_vendor_code text, p_tx text, p_round text, p_game text,
      p_member bigint, p_book text, p_amount bigint, p_hash text, p_wallet bigint, p_house bigint,
      p_at timestamptz, out transfer_id bigint, out wallet_balance bigint)
    language plpgsql volatile as $$
    begin
      if p_book = 'real' and (
          exists (select 1 from wagering_requirement
            where merchant_id = p_merchant and member_id = p_member and completed_at is null)
          or exists (select 1 from protection_limit
            where member_id = p_member and kind in ('loss', 'wager', 'session') and amount is not null)) then
        raise exception 'bet_checks' using errcode = 'P0001';
      end if;
      insert into ledger_transfer (merchant_id, book, kind, idempotency_scope, idempotency_key, reference,
        created_by, created_at)
      values (p_merchant, p_book, 'bet', 'vendor:' || p_vendor_code, p_tx,
        'round:' || p_vendor_code || ':' || p_round, 'vendor:' || p_vendor_code, p_at)
      returning id into transfer_id;
      insert into game_round (merchant_id, vendor_id, round_id, member_id, book, game_code, bet_total,
        win_total, refund_total, status, started_at, updated_at)
      values (p_merchant, p_vendor, p_round, p_member, p_book, p_game, p_amount, 0, 0, 'open', p_at, p_at)
      on conflict (vendor_id, round_id) do update set
        bet_total = game_round.bet_total + excluded.bet_total,
        game_code = coalesce(game_round.game_code, excluded.game_code),
        updated_at = excluded.updated_at
      where game_round.member_id = excluded.member_id and game_round.status = 'open';
      if not found then raise exception 'round_closed' using errcode = 'P0001'; end if;
      update ledger_account set balance = balance - p_amount
        where id = p_wallet and book = p_book and balance >= p_amount returning balance into wallet_balance;
      if not found then raise exception 'insufficient_funds' using errcode = 'P0001'; end if;
      insert into house_pending (account_id, amount, member_id, kind, vendor_id, game, at)
      values (p_house, p_amount, case when p_book = 'real' then p_member end, 'bet', p_vendor, p_game, p_at);
      insert into ledger_entry (transfer_id, account_id, amount, balance_after, created_at)
      values (transfer_id, p_wallet, -p_amount, wallet_balance, p_at),
             (transfer_id, p_house, p_amount, null, p_at);
      insert into vendor_transaction (merchant_id, vendor_id, vendor_tx_id, kind, round_id, game_code,
        member_id, book, amount, status, request_hash, transfer_id, answer, created_at)
      values (p_merchant, p_vendor, p_tx, 'bet', p_round, p_game, p_member, p_book, p_amount, 'applied',
        p_hash, transfer_id,
        jsonb_build_object('balance', wallet_balance::text, 'transactionId', transfer_id::text), p_at);
    end $$`.execute(db);

  // As in 0023, with the house leg saying whose order it is.
  await sql`
    create or replace function lottery_place_order(
      p_merchant integer, p_member bigint, p_book text, p_game text, p_key text, p_hash text,
      p_wallet bigint, p_house bigint, p_at timestamptz, p_lock_ns integer, p_numeros text[],
      p_bet_types text[], p_selections text[], p_amounts bigint[], p_units integer[],
      p_fast boolean,
      out order_id bigint, out wallet_balance bigint, out bet_ids bigint[])
    language plpgsql volatile as $$
    declare
      v_sold boolean;
      v_checks boolean;
      v_ids bigint[];
      v_open integer;
      v_total bigint;
      v_transfer bigint;
    begin
      select exists (select 1 from lottery_merchant_game
               where merchant_id = p_merchant and game_code = p_game and enabled),
             p_fast and p_book = 'real' and (
               exists (select 1 from wagering_requirement
                 where merchant_id = p_merchant and member_id = p_member and completed_at is null)
               or exists (select 1 from protection_limit
                 where member_id = p_member and kind in ('loss', 'wager', 'session') and amount is not null))
        into v_sold, v_checks;
      if not v_sold then raise exception 'lottery_game_unknown' using errcode = 'P0001'; end if;
      if v_checks then raise exception 'bet_checks' using errcode = 'P0001'; end if;
      insert into idempotency_record (merchant_id, scope, key, request_hash, status_code, response, created_at)
      values (p_merchant, 'lottery.bet:' || p_member::text, p_key, p_hash, 200, 'null'::jsonb, p_at)
      on conflict do nothing;
      if not found then raise exception 'idempotency_replay' using errcode = 'P0001'; end if;
      perform pg_advisory_xact_lock_shared(p_lock_ns, (select (id % 2147483647)::integer from lottery_period
        where game_code = p_game and numero = p_numeros[1]));
      select array_agg(p.id order by n.ord),
             count(*) filter (where p.state in ('scheduled', 'open') and p.lock_at > p_at
               and (n.ord > 1 or p.open_at <= p_at))
        into v_ids, v_open
        from unnest(p_numeros) with ordinality as n(numero, ord)
        join lottery_period p on p.game_code = p_game and p.numero = n.numero;
      if coalesce(array_length(v_ids, 1), 0) <> array_length(p_numeros, 1) then
        raise exception 'lottery_period_missing' using errcode = 'P0001';
      end if;
      if v_open <> array_length(v_ids, 1) then
        raise exception 'lottery_period_closed' using errcode = 'P0001';
      end if;
      select sum(a * u) * array_length(v_ids, 1) into v_total
        from unnest(p_amounts, p_units) as i(a, u);
      update ledger_account set balance = balance - v_total
        where id = p_wallet and book = p_book and balance >= v_total returning balance into wallet_balance;
      if not found then
        update idempotency_record set status_code = 409,
          response = '{"success":false,"code":"insufficient_balance","message":"Insufficient balance"}'::jsonb
          where merchant_id = p_merchant and scope = 'lottery.bet:' || p_member::text and key = p_key;
        return;
      end if;
      insert into ledger_transfer (merchant_id, book, kind, idempotency_scope, idempotency_key, reference,
        created_by, created_at)
      values (p_merchant, p_book, 'lottery_bet', 'lottery_bet', p_member::text || ':' || p_key,
        'lottery:' || p_game || ':' || p_numeros[1], 'member:' || p_member::text, p_at)
      returning id into v_transfer;
      insert into lottery_order (merchant_id, member_id, book, game_code, idempotency_key, request_hash,
        total_stake, transfer_id, created_at)
      values (p_merchant, p_member, p_book, p_game, p_key, p_hash, v_total, v_transfer, p_at)
      returning id into order_id;
      with bets as (
        insert into lottery_bet (order_id, merchant_id, member_id, book, period_id, game_code, numero,
          bet_type, selection, amount, units, stake, wallet_account_id, house_account_id, created_at)
        select order_id, p_merchant, p_member, p_book, v_ids[n.ord], p_game, n.numero, i.bet_type,
          i.selection, i.amount, i.units, i.amount * i.units, p_wallet, p_house, p_at
        from unnest(p_numeros) with ordinality as n(numero, ord)
        cross join unnest(p_bet_types, p_selections, p_amounts, p_units) with ordinality
          as i(bet_type, selection, amount, units, ord)
        order by n.ord, i.ord
        returning id
      )
      select array_agg(id order by id) into bet_ids from bets;
      insert into house_pending (account_id, amount, member_id, kind, product, at)
      values (p_house, v_total, case when p_book = 'real' then p_member end, 'bet', 'lottery', p_at);
      insert into ledger_entry (transfer_id, account_id, amount, balance_after, created_at)
      values (v_transfer, p_wallet, -v_total, wallet_balance, p_at),
             (v_transfer, p_house, v_total, null, p_at);
    end $$`.execute(db);

  await backfill(db);
}

/**
 * What the ledger already holds, counted into member_day (a database that had money before this
 * migration; promotion credits, which came later, are counted as the live counting counts them); rows still queued in house_pending carry no member and are not counted twice. Exported so
 * a test can prove that it rebuilds what the live counting keeps.
 */
export async function backfill(db: Kysely<unknown>): Promise<void> {
  await sql`
    update member m set first_deposit_at = f.at
    from (select a.owner_member_id as member_id, min(t.created_at) as at
          from ledger_transfer t join ledger_entry e on e.transfer_id = t.id
          join ledger_account a on a.id = e.account_id
          where t.kind = 'deposit' and a.kind = 'member_wallet' and a.book = 'real'
          group by a.owner_member_id) f
    where m.id = f.member_id`.execute(db);
  await sql`
    insert into member_day (merchant_id, member_id, day, product, bets, bet_count, wins, refunds, deposits,
      deposit_count, first_deposits, withdrawals, withdrawal_count, bonuses)
    select x.merchant_id, x.member_id, x.day, x.product,
      coalesce(sum(-x.amount) filter (where x.kind in ('bet', 'lottery_bet')), 0),
      count(*) filter (where x.kind in ('bet', 'lottery_bet')),
      coalesce(sum(x.amount) filter (where x.kind in ('win', 'lottery_win')), 0),
      coalesce(sum(x.amount) filter (where x.kind in ('rollback', 'lottery_refund')), 0),
      coalesce(sum(x.amount) filter (where x.kind = 'deposit'), 0),
      count(*) filter (where x.kind = 'deposit'),
      count(*) filter (where x.kind = 'deposit' and x.nth = 1),
      coalesce(sum(-x.amount) filter (where x.kind = 'withdrawal_paid'), 0),
      count(*) filter (where x.kind = 'withdrawal_paid'),
      coalesce(sum(x.amount) filter (where x.kind in ('deposit_bonus', 'promotion_bonus', 'bonus_forfeit')), 0)
    from (
      select a.merchant_id, a.owner_member_id as member_id, t.kind, e.amount,
        -- The member's first deposit (by transfer order: two may share an instant).
        row_number() over (partition by a.owner_member_id, t.kind = 'deposit' order by t.id) as nth,
        (t.created_at at time zone z.tz)::date as day,
        case when t.kind like 'lottery%' then 'lottery'
             when t.kind in ('bet', 'win', 'rollback') then coalesce(vt.product, '')
             else '' end as product
      from ledger_entry e
      join ledger_account a on a.id = e.account_id
      join ledger_transfer t on t.id = e.transfer_id
      join (select id, merchant_time_zone(settings) as tz from merchant) z on z.id = a.merchant_id
      -- A wallet transfer's game (a rollback's is its bet's) and its product.
      left join (
        select v.transfer_id, product_of(v.vendor_id, v.game_code) as product
        from (select distinct on (x.transfer_id) x.transfer_id, x.vendor_id,
                coalesce(x.game_code, ob.game_code) as game_code
              from vendor_transaction x
              left join vendor_transaction ob
                on x.original_tx_id is not null and ob.vendor_id = x.vendor_id and ob.vendor_tx_id = x.original_tx_id
              where x.transfer_id is not null) v
      ) vt on vt.transfer_id = t.id
      where a.book = 'real'
        and ((a.kind = 'member_wallet' and t.kind in ('bet', 'lottery_bet', 'win', 'lottery_win', 'rollback',
               'lottery_refund', 'deposit', 'deposit_bonus', 'promotion_bonus', 'bonus_forfeit'))
          or (a.kind = 'pending_withdrawal' and t.kind = 'withdrawal_paid'))
    ) x
    group by x.merchant_id, x.member_id, x.day, x.product`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table member_day`.execute(db);
  await sql`drop function product_of(integer, text)`.execute(db);
  await sql`drop function merchant_time_zone(jsonb)`.execute(db);
  await sql`alter table member drop column first_deposit_at`.execute(db);
  await sql`alter table house_pending drop column member_id, drop column kind, drop column vendor_id,
    drop column game, drop column product, drop column at`.execute(db);
}
