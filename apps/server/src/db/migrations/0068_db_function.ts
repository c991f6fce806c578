import { sql, type Kysely } from 'kysely';

/**
 * One home for money (issue 47): each database function is kept once, in db/functions/<name>.sql, and
 * applied by the migrator when its content changes (functions.ts). This table remembers which content of
 * each file the database runs. The functions made by earlier migrations stay in them as history; the
 * files replace them on the first run after this migration.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table if not exists db_function (
      name text primary key,
      sha256 text not null,
      applied_at timestamptz not null
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists db_function`.execute(db);
}
