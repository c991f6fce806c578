import { sql, type Kysely } from 'kysely';

/**
 * The deposit bonus moves onto the promotion engine (issue 18 item 2): a promotion of kind 'deposit'
 * (reward `{type:'deposit', percentBp, max, minDeposit, firstDeposit}`, minor units as text) replaces the
 * cashier's own deposit_promotion table. Its period may be 'every' (a bonus on every deposit, each claim
 * keyed by its order) or once / daily / weekly / monthly (one bonus per member and period; a first-deposit
 * bonus is 'once'). A deposit order keeps the promotion the member accepted and the turnover multiplier of
 * that moment; when the order is paid, the bonus is one claim of the engine (budget, claim key, turnover
 * requirement, one transaction with the deposit's credit).
 *
 * Orders paid before this migration keep what they were paid with: no promotion_id (their bonus came
 * from the promotion's own account, and a forfeit returns it there).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table promotion drop constraint if exists promotion_kind_check`.execute(db);
  await sql`alter table promotion add constraint promotion_kind_check
    check (kind in ('checkin', 'manual', 'vip', 'referral', 'rebate', 'apply', 'mission', 'leaderboard',
      'deposit'))`.execute(db);
  await sql`alter table promotion drop constraint if exists promotion_period_check`.execute(db);
  await sql`alter table promotion add constraint promotion_period_check
    check (period in ('once', 'daily', 'weekly', 'monthly', 'every'))`.execute(db);
  await sql`alter table deposit_order add column promotion_id bigint references promotion (id)`.execute(db);
  await sql`alter table deposit_order add column wagering_tenths integer`.execute(db);

  // Each deposit promotion becomes an engine promotion under the same code (or CODE-DEP when taken);
  // orders still open take the accepted promotion and its multiplier with them.
  const old = await sql<{ id: number }>`select id from deposit_promotion order by id`.execute(db);
  for (const { id } of old.rows) {
    const moved = await sql<{ id: string }>`
      insert into promotion (merchant_id, code, kind, category, texts, period, reward,
        wagering_multiplier_tenths, starts_at, enabled, sort, created_at)
      select d.merchant_id,
        case when exists (select 1 from promotion p where p.merchant_id = d.merchant_id and p.code = d.code)
          then left(d.code, 27) || '-DEP' else d.code end,
        'deposit', 'deposit',
        jsonb_build_object(m.default_language, jsonb_build_object('title', d.name, 'terms', '')),
        'every',
        jsonb_build_object('type', 'deposit', 'percentBp', d.percent_bp, 'max', d.max_bonus::text,
          'minDeposit', d.min_deposit::text, 'firstDeposit', false),
        d.wagering_multiplier_tenths, now(), d.enabled, 50, now()
      from deposit_promotion d join merchant m on m.id = d.merchant_id
      where d.id = ${id}
      returning id`.execute(db);
    await sql`
      update deposit_order o set promotion_id = ${moved.rows[0]!.id}::bigint,
        wagering_tenths = d.wagering_multiplier_tenths
      from deposit_promotion d
      where d.id = ${id} and o.status = 'pending' and o.merchant_id = d.merchant_id
        and o.promotion_code = d.code`.execute(db);
  }
  await sql`drop table deposit_promotion`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table deposit_promotion (
      id integer generated always as identity primary key,
      merchant_id integer not null references merchant (id) on delete cascade,
      code text not null,
      name text not null,
      percent_bp integer not null check (percent_bp between 0 and 10000),
      max_bonus bigint not null,
      min_deposit bigint not null,
      wagering_multiplier_tenths integer not null,
      enabled boolean not null default true,
      constraint deposit_promotion_code unique (merchant_id, code)
    )`.execute(db);
  await sql`
    insert into deposit_promotion (merchant_id, code, name, percent_bp, max_bonus, min_deposit,
      wagering_multiplier_tenths, enabled)
    select p.merchant_id, p.code, coalesce(p.texts->m.default_language->>'title', p.code),
      (p.reward->>'percentBp')::integer, (p.reward->>'max')::bigint, (p.reward->>'minDeposit')::bigint,
      p.wagering_multiplier_tenths, p.enabled
    from promotion p join merchant m on m.id = p.merchant_id
    where p.kind = 'deposit' and p.period = 'every'`.execute(db);
  await sql`alter table deposit_order drop column wagering_tenths`.execute(db);
  await sql`alter table deposit_order drop column promotion_id`.execute(db);
  await sql`delete from promotion_claim where promotion_id in (select id from promotion where kind = 'deposit')`.execute(
    db,
  );
  await sql`delete from promotion where kind = 'deposit'`.execute(db);
  await sql`alter table promotion drop constraint if exists promotion_period_check`.execute(db);
  await sql`alter table promotion add constraint promotion_period_check
    check (period in ('once', 'daily', 'weekly', 'monthly'))`.execute(db);
  await sql`alter table promotion drop constraint if exists promotion_kind_check`.execute(db);
  await sql`alter table promotion add constraint promotion_kind_check
    check (kind in ('checkin', 'manual', 'vip', 'referral', 'rebate', 'apply', 'mission', 'leaderboard'))`.execute(
    db,
  );
}
