import { sql, type Kysely } from 'kysely';

/**
 * Turnover requirements with product weights and a time limit (issue 18 item 4). A promotion may count
 * each product group's stakes at a percentage towards its bonuses' turnover (`wagering_weights`, e.g.
 * sports 0 %, lottery 50 %; a group not named counts in full) and give the member `wagering_hours` to
 * meet it. Both are copied onto each claim's terms when it is granted (turnoverWeights, turnoverHours)
 * and from there onto the requirement `promotion_pay` writes (weights, expires_at), so a later edit of
 * the promotion changes neither. A requirement past its time is closed by the promotion job as forfeited:
 * its bonus, and what the bonus won, go back to the promotion (forfeitPromotions, as a member's own
 * forfeit does).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table promotion add column wagering_weights jsonb`.execute(db);
  await sql`alter table promotion add column wagering_hours integer
    check (wagering_hours is null or wagering_hours between 1 and 8760)`.execute(db);
  await sql`alter table wagering_requirement add column weights jsonb`.execute(db);
  await sql`alter table wagering_requirement add column expires_at timestamptz`.execute(db);
  await sql`create index wagering_requirement_expiring on wagering_requirement (expires_at)
    where completed_at is null and expires_at is not null`.execute(db);
  await sql`
    create or replace function promotion_pay(p_claim bigint, p_transfer bigint, p_at timestamptz, p_shards integer,
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
      insert into wagering_requirement (merchant_id, member_id, source, source_ref, required, created_at,
          weights, expires_at)
        select c.merchant_id, c.member_id, 'promotion', c.id::text,
          c.amount * (c.terms->>'wageringTenths')::bigint / 10, p_at,
          nullif(c.terms->'turnoverWeights', 'null'::jsonb),
          p_at + make_interval(hours => (c.terms->>'turnoverHours')::integer)
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
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function promotion_pay(p_claim bigint, p_transfer bigint, p_at timestamptz, p_shards integer,
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

  await sql`drop index if exists wagering_requirement_expiring`.execute(db);
  await sql`alter table wagering_requirement drop column if exists expires_at`.execute(db);
  await sql`alter table wagering_requirement drop column if exists weights`.execute(db);
  await sql`alter table promotion drop column if exists wagering_hours`.execute(db);
  await sql`alter table promotion drop column if exists wagering_weights`.execute(db);
}
