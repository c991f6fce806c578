import { sql, type Kysely } from 'kysely';

/**
 * A promotion's credit as one database call (issue 18: a hot promotion's claims at ≥ 1,000/s). Measured
 * before: the credit was about fifteen statements, each a round trip to this process while the
 * transaction held its locks (192/s). `promotion_pay(claim, transfer, at)` does that work inside the
 * database, in the caller's transaction: the turnover requirement (once per claim), the system mail (when
 * the member did not ask for the credit), the
 * member's wallet, the transfer (idempotent per claim, under the id the caller reserved and already wrote
 * on the claim) and its entries, and the budget last (granted + amount ≤ budget, or
 * 'promotion_budget_used' and nothing is written). The promotion's side goes the way of a bet's house leg
 * (0012, 0026): its shard's amount is appended to house_pending with the member and kind 'bonus', and
 * the roll-up adds it to the shard's balance and to the member's day (bonuses). Timed on PostgreSQL, the
 * member_day upsert alone (its two statement triggers keeping team_day) cost a third of the call.
 * `promotion_claim_reward` is the reward centre's claim in one autocommitted call: issued → claimed
 * (refused with 'reward_not_claimable' when not the member's, not issued or past its window), then the pay.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // As in 0012 for the bet path: every check of these keys took a KEY SHARE lock on the one merchant row
  // for every concurrent bonus (multixacts). Merchants are never deleted; the ids come from rows just read.
  await sql`alter table mail drop constraint if exists mail_merchant_id_fkey`.execute(db);
  await sql`alter table wagering_requirement drop constraint if exists wagering_requirement_merchant_id_fkey`.execute(
    db,
  );
  // A claim's status changes in place (HOT: no index holds a column a claim's update writes, and each page
  // keeps room for the new version); the reward centre reads a member's claims newest first.
  await sql`drop index if exists promotion_claim_member`.execute(db);
  await sql`create index promotion_claim_member on promotion_claim (member_id, id)`.execute(db);
  await sql`alter table promotion_claim set (fillfactor = 85)`.execute(db);
  await sql`
    create function ledger_account_id(p_merchant integer, p_book text, p_kind text, p_owner bigint,
      p_ref text, p_currency text, p_allow_negative boolean) returns bigint
    language plpgsql volatile as $$
    declare
      v_id bigint;
    begin
      select id into v_id from ledger_account
        where merchant_id = p_merchant and book = p_book and kind = p_kind
          and coalesce(owner_member_id, 0) = coalesce(p_owner, 0) and ref = p_ref and currency = p_currency;
      if found then return v_id; end if;
      insert into ledger_account (merchant_id, book, kind, owner_member_id, ref, currency, allow_negative)
        values (p_merchant, p_book, p_kind, p_owner, p_ref, p_currency, p_allow_negative)
        on conflict (merchant_id, book, kind, coalesce(owner_member_id, 0), ref, currency) do nothing;
      select id into strict v_id from ledger_account
        where merchant_id = p_merchant and book = p_book and kind = p_kind
          and coalesce(owner_member_id, 0) = coalesce(p_owner, 0) and ref = p_ref and currency = p_currency;
      return v_id;
    end $$`.execute(db);

  await sql`
    create function promotion_pay(p_claim bigint, p_transfer bigint, p_at timestamptz, p_shards integer,
      p_mail boolean)
      returns void
    language plpgsql volatile as $$
    declare
      c promotion_claim%rowtype;
      v_code text;
      v_budgeted boolean;
      v_currency text;
      v_language text;
      v_title text;
      v_wallet bigint;
      v_source bigint;
      v_wallet_balance bigint;
    begin
      select * into strict c from promotion_claim where id = p_claim;
      if c.amount <= 0 then return; end if;
      select p.code, p.budget is not null, m.currency, m.default_language
        into strict v_code, v_budgeted, v_currency, v_language
        from promotion p join merchant m on m.id = p.merchant_id where p.id = c.promotion_id;
      -- What needs no shared row first.
      insert into wagering_requirement (merchant_id, member_id, source, source_ref, required, created_at)
        select c.merchant_id, c.member_id, 'promotion', c.id::text,
          c.amount * (c.terms->>'wageringTenths')::bigint / 10, p_at
        where c.amount * (c.terms->>'wageringTenths')::bigint / 10 > 0
        on conflict (merchant_id, source, source_ref) do nothing;
      -- A credit the member did not ask for is announced by mail; a claim or a check-in is answered on
      -- the spot (the reward centre said it was waiting: its grant's mail).
      if p_mail then
        v_title := coalesce(c.terms->'title'->v_language->>'title',
          (select t.value->>'title' from jsonb_each(c.terms->'title') t limit 1), '');
        with mail_row as (
          insert into mail (merchant_id, kind, audience, template, params, recipients, created_at)
          values (c.merchant_id, 'system', 'members', 'bonus_issued',
            jsonb_build_object('amount', (c.amount / 100)::text || '.' || lpad((c.amount % 100)::text, 2, '0'),
              'promotion', v_title), 1, p_at)
          returning id)
        insert into mail_recipient (member_id, mail_id) select c.member_id, id from mail_row;
      end if;
      -- The money: from the promotion's shard of this member to the member's wallet. The shard's leg is
      -- appended to house_pending, as a bet's house leg is (no row of it locked or updated here); the
      -- roll-up adds it to the shard's balance and the member's bonuses to member_day.
      v_wallet := ledger_account_id(c.merchant_id, 'real', 'member_wallet', c.member_id, '', v_currency, false);
      v_source := ledger_account_id(c.merchant_id, 'real', 'promotion', null,
        v_code || '#' || (c.member_id % p_shards)::text, v_currency, true);
      update ledger_account set balance = balance + c.amount where id = v_wallet
        returning balance into v_wallet_balance;
      insert into ledger_transfer (id, merchant_id, book, kind, idempotency_scope, idempotency_key, reference,
        memo, created_by, created_at) overriding system value
      values (p_transfer, c.merchant_id, 'real', 'promotion_bonus', 'promotion.claim', c.id::text,
        'promotion:' || c.id::text, v_code, 'member:' || c.member_id::text, p_at);
      insert into ledger_entry (transfer_id, account_id, amount, balance_after, created_at)
      values (p_transfer, v_source, -c.amount, null, p_at),
             (p_transfer, v_wallet, c.amount, v_wallet_balance, p_at);
      insert into house_pending (account_id, amount, member_id, kind, product, at)
      values (v_source, -c.amount, c.member_id, 'bonus', '', p_at);
      -- The budget last: the one row every claim of a budgeted promotion shares, locked only from here.
      if v_budgeted then
        update promotion set granted = granted + c.amount
          where id = c.promotion_id and granted + c.amount <= budget;
        if not found then raise exception 'promotion_budget_used' using errcode = 'P0001'; end if;
      end if;
    end $$`.execute(db);

  await sql`
    create function promotion_claim_reward(p_merchant integer, p_member bigint, p_claim bigint,
      p_at timestamptz, p_shards integer) returns setof promotion_claim
    language plpgsql volatile as $$
    declare
      v_transfer bigint := nextval('ledger_transfer_id_seq');
    begin
      -- One update of the claim (a second would re-check its foreign keys: row locks on shared rows).
      update promotion_claim set status = 'claimed', transfer_id = v_transfer, updated_at = p_at
        where id = p_claim and merchant_id = p_merchant and member_id = p_member and status = 'issued'
          and (expires_at is null or expires_at > p_at);
      if not found then raise exception 'reward_not_claimable' using errcode = 'P0001'; end if;
      perform promotion_pay(p_claim, v_transfer, p_at, p_shards, false);
      return query select * from promotion_claim where id = p_claim;
    end $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists promotion_claim_member`.execute(db);
  await sql`create index promotion_claim_member on promotion_claim (member_id, status, id)`.execute(db);
  await sql`alter table promotion_claim reset (fillfactor)`.execute(db);
  await sql`alter table mail add foreign key (merchant_id) references merchant (id)`.execute(db);
  await sql`alter table wagering_requirement add foreign key (merchant_id) references merchant (id)`.execute(
    db,
  );
  await sql`drop function if exists promotion_claim_reward(integer, bigint, bigint, timestamptz, integer)`.execute(
    db,
  );
  await sql`drop function if exists promotion_pay(bigint, bigint, timestamptz, integer, boolean)`.execute(db);
  await sql`drop function if exists ledger_account_id(integer, text, text, bigint, text, text, boolean)`.execute(
    db,
  );
}
