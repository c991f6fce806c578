import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import type { Database } from './database';
import { inTransaction } from './transaction';

/**
 * The database's functions, each kept once: `db/functions/<name>.sql` is the one current definition of
 * `<name>` (a single `create or replace function`). Migrations keep the schema; after them the migrator
 * applies each file whose content changed since it was last applied (db_function, migration 0068) and
 * drops any other overload of that name, so the database runs exactly what the files say. Listed by hand,
 * like the migrations; the order is the order they are applied in (a `language sql` function is checked
 * when it is made, so what it calls comes before it).
 */
export const FUNCTION_NAMES = [
  // Helpers the others call.
  'merchant_time_zone',
  'product_of',
  'path_ancestors',
  'member_links',
  'refuse_change',
  'ledger_entry_partitions',
  // Money: the one posting path, and the operations that post through it.
  'ledger_account_id',
  'ledger_post',
  'game_wallet_repeat',
  'game_wallet_bet',
  'lottery_place_order',
  'promotion_pay',
  'promotion_claim_reward',
  'promotion_eligible',
  'lock_member_identities',
  // Triggers: the member tree, the figures of teams and merchants, live notifications.
  'member_path_set',
  'member_path_move',
  'team_day_on_insert',
  'team_day_on_update',
  'team_day_on_delete',
  'team_day_on_register',
  'team_day_on_login',
  'merchant_day_on_insert',
  'merchant_day_on_update',
  'merchant_day_on_delete',
  'merchant_players_on_register',
  'notify_member_balance',
  'notify_member_mail',
  'notify_broadcast_mail',
] as const;

export type FunctionName = (typeof FUNCTION_NAMES)[number];

export interface FunctionSource {
  name: string;
  /** The file's whole text: comments, then one `create or replace function … as $$ … $$`. */
  text: string;
}

/** The file of a function, read from db/functions. */
export function functionSource(name: string): FunctionSource {
  return { name, text: readFileSync(new URL(`./functions/${name}.sql`, import.meta.url), 'utf8') };
}

export const allFunctionSources = (): FunctionSource[] => FUNCTION_NAMES.map(functionSource);

/** What PostgreSQL keeps as the function's source (pg_proc.prosrc): the text between the `$$`. */
export function functionBody(text: string): string {
  const m = /\bas\s+\$\$([\s\S]*)\$\$\s*;?\s*$/i.exec(text);
  if (!m) throw new Error('a function file must end with `as $$ … $$`');
  return m[1]!;
}

const digest = (text: string) => createHash('sha256').update(text).digest('hex');

/** Any fixed 64-bit number naming the lock under which one process at a time applies the files. */
const APPLY_LOCK = 0x5041_4e41_4c4f_0068n;

/**
 * Applies every function file whose content differs from what was last applied (all of them on a new
 * database); returns the names applied. Safe from several processes at once (one waits for the other,
 * then finds nothing to do). A file that defines its function with another argument list replaces it:
 * the other overloads of the name are dropped in the same transaction.
 */
export async function applyFunctions(
  db: Database,
  sources: FunctionSource[] = allFunctionSources(),
): Promise<string[]> {
  return inTransaction(db, 'functions.applyFunctions', async (trx) => {
    await sql`select pg_advisory_xact_lock(${APPLY_LOCK}::bigint)`.execute(trx);
    const applied = new Map(
      (await trx.selectFrom('db_function').select(['name', 'sha256']).execute()).map((r) => [
        r.name,
        r.sha256,
      ]),
    );
    const done: string[] = [];
    for (const f of sources) {
      const sha = digest(f.text);
      if (applied.get(f.name) === sha) continue;
      const created = new RegExp(`create\\s+or\\s+replace\\s+function\\s+${f.name}\\s*\\(`, 'i');
      if (!created.test(f.text)) throw new Error(`db/functions/${f.name}.sql does not define ${f.name}`);
      await sql.raw(f.text).execute(trx);
      // The overloads whose source is not this file's are earlier signatures of the same function.
      const body = functionBody(f.text);
      const stale = await sql<{ signature: string }>`
        select p.oid::regprocedure::text as signature from pg_proc p
        where p.pronamespace = 'public'::regnamespace and p.proname = ${f.name} and p.prosrc <> ${body}`.execute(
        trx,
      );
      for (const s of stale.rows) await sql.raw(`drop function ${s.signature}`).execute(trx);
      await trx
        .insertInto('db_function')
        .values({ name: f.name, sha256: sha, applied_at: new Date() })
        .onConflict((oc) => oc.column('name').doUpdateSet({ sha256: sha, applied_at: new Date() }))
        .execute();
      done.push(f.name);
    }
    return done;
  });
}
