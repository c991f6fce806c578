-- A promotion claim paid (promotions: claims, check-ins, deposit bonuses, rewards): the turnover it
-- requires, the member's mail when the member did not ask for it, the money from the promotion's shard of
-- this member to the member's wallet through ledger_post (the shard's leg appended: no shared row locked),
-- and the promotion's budget last — the one row every claim of a budgeted promotion shares.
create or replace function promotion_pay(
  p_claim bigint, p_transfer bigint, p_at timestamp with time zone, p_shards integer, p_mail boolean)
  returns void
  language plpgsql
as $$
declare
  c promotion_claim%rowtype;
  v_code text;
  v_kind text;
  v_budgeted boolean;
  v_currency text;
  v_language text;
  v_title text;
  v_wallet bigint;
  v_source bigint;
  v_posted bigint;
begin
  select * into strict c from promotion_claim where id = p_claim;
  if c.amount <= 0 then return; end if;
  select p.code, p.kind, p.budget is not null, m.currency, m.default_language
    into strict v_code, v_kind, v_budgeted, v_currency, v_language
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
  -- roll-up adds it to the shard's balance and the member's bonuses to member_day — or, for a rebate
  -- promotion's claim (today's rebate so far), the member's rebates (issue 49: a rebate is no bonus).
  v_wallet := ledger_account_id(c.merchant_id, 'real', 'member_wallet', c.member_id, '', v_currency, false);
  v_source := ledger_account_id(c.merchant_id, 'real', 'promotion', null,
    v_code || '#' || (c.member_id % p_shards)::text, v_currency, true);
  select transfer_id into v_posted from ledger_post(c.merchant_id, 'real',
    case when v_kind = 'rebate' then 'rebate' else 'promotion_bonus' end,
    array[v_source, v_wallet], array[-c.amount, c.amount], 'member:' || c.member_id::text, p_at,
    p_scope => 'promotion.claim', p_key => c.id::text, p_reference => 'promotion:' || c.id::text,
    p_memo => v_code, p_transfer => p_transfer,
    p_deferred => v_source, p_figure_member => c.member_id,
    p_figure_kind => case when v_kind = 'rebate' then 'rebate' else 'bonus' end, p_product => '');
  if v_posted is null then raise exception 'promotion_pay: the wallet refused the credit'; end if;
  -- The budget last: the one row every claim of a budgeted promotion shares, locked only from here.
  if v_budgeted then
    update promotion set granted = granted + c.amount
      where id = c.promotion_id and granted + c.amount <= budget;
    if not found then raise exception 'promotion_budget_used' using errcode = 'P0001'; end if;
  end if;
end
$$
