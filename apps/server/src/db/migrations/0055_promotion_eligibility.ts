import { sql, type Kysely } from 'kysely';

/**
 * Who may take part in a promotion (issue 18 item 1: eligibility and mutual exclusions). A promotion's
 * `eligibility` (empty: everyone) may hold:
 * - newPlayersDays: registered within that many days;
 * - vipLevels: the member's VIP level is one of these;
 * - depositsMin / depositsMax: the member's paid deposits so far, at least / at most;
 * - agents: the member is in the team (downline) of one of these agents (a segment by agency);
 * - excludes: codes of promotions it is not combined with — while the member has a bonus of one of them
 *   whose turnover requirement is still open, neither is offered (the rule holds both ways).
 * `promotion_eligible(promotion, member, at)` answers it in one call, for one member (a claim) or in bulk
 * (the daily rebate, a leaderboard's ranking).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table promotion add column eligibility jsonb not null default '{}'`.execute(db);
  await sql`
    create function promotion_eligible(p_promotion bigint, p_member bigint, p_at timestamptz)
      returns boolean
    language plpgsql stable as $$
    declare
      e jsonb;
      v_code text;
      v_merchant integer;
      m record;
      v_deposits bigint;
    begin
      select eligibility, code, merchant_id into e, v_code, v_merchant from promotion where id = p_promotion;
      if not found then return false; end if;
      select created_at, vip_level, path into m from member where id = p_member and merchant_id = v_merchant;
      if not found then return false; end if;
      if e ? 'newPlayersDays'
        and m.created_at < p_at - make_interval(days => (e->>'newPlayersDays')::integer) then
        return false;
      end if;
      if e ? 'vipLevels' and not exists (
        select 1 from jsonb_array_elements_text(e->'vipLevels') l where l::integer = m.vip_level) then
        return false;
      end if;
      if e ? 'depositsMin' or e ? 'depositsMax' then
        select count(*) into v_deposits from deposit_order where member_id = p_member and status = 'paid';
        if v_deposits < coalesce((e->>'depositsMin')::bigint, 0)
          or v_deposits > coalesce((e->>'depositsMax')::bigint, v_deposits) then
          return false;
        end if;
      end if;
      if e ? 'agents' and not exists (
        select 1 from member a
        where a.merchant_id = v_merchant and a.username in (select jsonb_array_elements_text(e->'agents'))
          and m.path like a.path || '%' and m.path <> a.path) then
        return false;
      end if;
      -- Mutual exclusions, both ways: an open bonus of a promotion this one excludes, or of one that
      -- excludes this one.
      if exists (
        select 1 from promotion x
        join promotion_claim c on c.promotion_id = x.id and c.member_id = p_member
        join wagering_requirement w on w.merchant_id = v_merchant and w.source = 'promotion'
          and w.source_ref = c.id::text and w.completed_at is null and w.forfeited_at is null
        where x.merchant_id = v_merchant and x.id <> p_promotion
          and (x.code in (select jsonb_array_elements_text(coalesce(e->'excludes', '[]')))
            or coalesce(x.eligibility->'excludes', '[]') ? v_code)) then
        return false;
      end if;
      return true;
    end $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function if exists promotion_eligible(bigint, bigint, timestamptz)`.execute(db);
  await sql`alter table promotion drop column if exists eligibility`.execute(db);
}
