import { sql, type Kysely } from 'kysely';

const merchantRef = 'merchant.id';

/**
 * The seamless game wallet: vendors (game studios) call us to authenticate a launch token and to debit,
 * credit and refund the member's wallet. Each vendor call is recorded once by (vendor, vendor tx id);
 * a rollback of a bet we never saw leaves a tombstone under the bet's id so the late bet is refused.
 * Rounds are kept for game records and reports.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('game_vendor')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references(merchantRef).onDelete('cascade'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    // The shared HMAC-SHA256 key the vendor signs its requests with (server-side only, never sent out).
    .addColumn('hmac_secret', 'text', (c) => c.notNull())
    // IP addresses or CIDR ranges the vendor calls from; an empty list refuses every caller.
    .addColumn('allowed_ips', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('game_vendor_code', ['merchant_id', 'code'])
    .execute();

  // A launch token: what the vendor presents to authenticate the player. The wallet and the house shard
  // are resolved at launch so that a callback needs no account lookup.
  await db.schema
    .createTable('game_session')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references(merchantRef))
    .addColumn('vendor_id', 'integer', (c) => c.notNull().references('game_vendor.id').onDelete('cascade'))
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('member.id'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('book', 'text', (c) => c.notNull().check(sql`book in ('real', 'play')`))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('game_code', 'text')
    .addColumn('wallet_account_id', 'bigint', (c) => c.notNull().references('ledger_account.id'))
    .addColumn('house_account_id', 'bigint', (c) => c.notNull().references('ledger_account.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('game_session_member')
    .on('game_session')
    .columns(['merchant_id', 'member_id'])
    .execute();

  await db.schema
    .createTable('game_round')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references(merchantRef))
    .addColumn('vendor_id', 'integer', (c) => c.notNull().references('game_vendor.id').onDelete('cascade'))
    .addColumn('round_id', 'text', (c) => c.notNull())
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('member.id'))
    .addColumn('book', 'text', (c) => c.notNull())
    .addColumn('game_code', 'text')
    .addColumn('bet_total', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('win_total', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('refund_total', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('open')
        .check(sql`status in ('open', 'closed')`),
    )
    .addColumn('started_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ended_at', 'timestamptz')
    .addUniqueConstraint('game_round_vendor_round', ['vendor_id', 'round_id'])
    .execute();
  await db.schema
    .createIndex('game_round_member')
    .on('game_round')
    .columns(['merchant_id', 'member_id', 'id'])
    .execute();

  await db.schema
    .createTable('vendor_transaction')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references(merchantRef))
    .addColumn('vendor_id', 'integer', (c) => c.notNull().references('game_vendor.id').onDelete('cascade'))
    .addColumn('vendor_tx_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('bet', 'win', 'rollback', 'end')`))
    .addColumn('round_id', 'text')
    .addColumn('game_code', 'text')
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('member.id'))
    .addColumn('book', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull().defaultTo(0))
    // applied: done (money moved when amount > 0); tombstone: a bet id rolled back before we saw the bet.
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('applied', 'tombstone')`))
    // What the call asked for, so that a replay with other content is told apart from a true repeat.
    .addColumn('request_hash', 'text', (c) => c.notNull())
    // A rollback names the bet it refunds; a refunded bet names the rollback that refunded it.
    .addColumn('original_tx_id', 'text')
    .addColumn('rolled_back_by', 'text')
    .addColumn('transfer_id', 'bigint', (c) => c.references('ledger_transfer.id'))
    // The first answer, returned unchanged to every repeat.
    .addColumn('answer', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('vendor_transaction_id', ['vendor_id', 'vendor_tx_id'])
    .execute();
  // The hot path of the seamless wallet: a whole bet in one call, so the member's wallet row is locked
  // only inside the database (never across a round trip to the API) and the plans are cached per
  // connection. Same rules as postTransfer: conditional updates in account-id order, entries summing to
  // zero with balance_after, and a refusal aborts everything (SQLSTATE P0001, message = the reason).
  await sql`
    create function game_wallet_bet(
      p_merchant integer, p_vendor integer, p_vendor_code text, p_tx text, p_round text, p_game text,
      p_member bigint, p_book text, p_amount bigint, p_hash text, p_wallet bigint, p_house bigint,
      p_at timestamptz, out transfer_id bigint, out wallet_balance bigint)
    language plpgsql volatile as $$
    declare
      v_house_balance bigint;
    begin
      if p_book = 'real' and exists (select 1 from wagering_requirement
          where merchant_id = p_merchant and member_id = p_member and completed_at is null) then
        raise exception 'wagering' using errcode = 'P0001';
      end if;
      -- Everything that does not need the balances comes before the wallet is locked, so its lock is
      -- held for as little as possible. A repeated tx id fails right here (the transfer's unique key).
      insert into ledger_transfer (merchant_id, book, kind, idempotency_scope, idempotency_key, reference,
        created_by, created_at)
      values (p_merchant, p_book, 'bet', 'vendor:' || p_vendor_code, p_tx,
        'round:' || p_vendor_code || ':' || p_round, 'vendor:' || p_vendor_code, p_at)
      returning id into transfer_id;
      -- Lock order everywhere in the game wallet: round, then the accounts in id order.
      insert into game_round (merchant_id, vendor_id, round_id, member_id, book, game_code, bet_total,
        win_total, refund_total, status, started_at, updated_at)
      values (p_merchant, p_vendor, p_round, p_member, p_book, p_game, p_amount, 0, 0, 'open', p_at, p_at)
      on conflict (vendor_id, round_id) do update set
        bet_total = game_round.bet_total + excluded.bet_total,
        game_code = coalesce(game_round.game_code, excluded.game_code),
        updated_at = excluded.updated_at
      where game_round.member_id = excluded.member_id and game_round.status = 'open';
      if not found then raise exception 'round_closed' using errcode = 'P0001'; end if;
      if p_wallet < p_house then
        update ledger_account set balance = balance - p_amount
          where id = p_wallet and book = p_book and balance >= p_amount returning balance into wallet_balance;
        if not found then raise exception 'insufficient_funds' using errcode = 'P0001'; end if;
        update ledger_account set balance = balance + p_amount
          where id = p_house and book = p_book returning balance into v_house_balance;
      else
        update ledger_account set balance = balance + p_amount
          where id = p_house and book = p_book returning balance into v_house_balance;
        update ledger_account set balance = balance - p_amount
          where id = p_wallet and book = p_book and balance >= p_amount returning balance into wallet_balance;
        if not found then raise exception 'insufficient_funds' using errcode = 'P0001'; end if;
      end if;
      if v_house_balance is null then raise exception 'house account missing'; end if;
      insert into ledger_entry (transfer_id, account_id, amount, balance_after, created_at)
      values (transfer_id, p_wallet, -p_amount, wallet_balance, p_at),
             (transfer_id, p_house, p_amount, v_house_balance, p_at);
      -- A bet id tombstoned by an early rollback fails here with unique_violation; all above is undone.
      insert into vendor_transaction (merchant_id, vendor_id, vendor_tx_id, kind, round_id, game_code,
        member_id, book, amount, status, request_hash, transfer_id, answer, created_at)
      values (p_merchant, p_vendor, p_tx, 'bet', p_round, p_game, p_member, p_book, p_amount, 'applied',
        p_hash, transfer_id,
        jsonb_build_object('balance', wallet_balance::text, 'transactionId', transfer_id::text), p_at);
    end $$`.execute(db);

  await db.schema
    .createIndex('vendor_transaction_round')
    .on('vendor_transaction')
    .columns(['vendor_id', 'round_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function game_wallet_bet`.execute(db);
  for (const t of ['vendor_transaction', 'game_round', 'game_session', 'game_vendor']) {
    await db.schema.dropTable(t).execute();
  }
}
