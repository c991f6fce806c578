import { sql, type Kysely } from 'kysely';

/**
 * Application promotions (issue 18 item 2, VALID-037…040): the member applies with a comment (≤ 140
 * characters) and up to 3 png/jpg images (≤ 5 MB each); the claim waits as 'applying' until an operator
 * approves it (issued: it waits in the reward centre) or rejects it with a reason. The application's
 * comment and review, and its images (files in the file store, checked by their bytes), hang off the claim.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table promotion drop constraint if exists promotion_kind_check`.execute(db);
  await sql`alter table promotion add constraint promotion_kind_check
    check (kind in ('checkin', 'manual', 'vip', 'referral', 'rebate', 'apply'))`.execute(db);
  await sql`
    create table promotion_application (
      claim_id bigint primary key references promotion_claim (id),
      comment text not null check (char_length(comment) <= 140),
      reviewed_by bigint references member (id),
      reviewed_at timestamptz
    )`.execute(db);
  await sql`
    create table promotion_application_image (
      claim_id bigint not null references promotion_application (claim_id),
      n integer not null check (n between 1 and 3),
      file_key text not null,
      content_type text not null,
      bytes integer not null,
      width integer not null,
      height integer not null,
      primary key (claim_id, n)
    )`.execute(db);
  // The review queue: a merchant's applications waiting, oldest first.
  await sql`create index promotion_claim_applying on promotion_claim (merchant_id, id)
    where status = 'applying'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists promotion_claim_applying`.execute(db);
  await sql`drop table if exists promotion_application_image`.execute(db);
  await sql`drop table if exists promotion_application`.execute(db);
  await sql`delete from promotion_claim where promotion_id in (select id from promotion where kind = 'apply')`.execute(
    db,
  );
  await sql`delete from promotion where kind = 'apply'`.execute(db);
  await sql`alter table promotion drop constraint if exists promotion_kind_check`.execute(db);
  await sql`alter table promotion add constraint promotion_kind_check
    check (kind in ('checkin', 'manual', 'vip', 'referral', 'rebate'))`.execute(db);
}
