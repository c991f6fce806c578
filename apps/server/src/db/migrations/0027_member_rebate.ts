import { sql, type Kysely } from 'kysely';

/**
 * Rebate rates (issue 16 item 2): one rate per member and product group, in basis points of valid
 * turnover (780 = 7.80 %). A member without a row has 0. The rules (a downline below its agent by the
 * merchant's gap, an agent only raising) are checked by the service with both rows locked; the check
 * constraint only keeps a rate a rate.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table member_rebate (
      merchant_id integer not null,
      member_id bigint not null references member(id),
      product text not null,
      rate_bp integer not null check (rate_bp between 0 and 9999),
      updated_at timestamptz not null,
      updated_by text not null,
      primary key (member_id, product)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table member_rebate`.execute(db);
}
