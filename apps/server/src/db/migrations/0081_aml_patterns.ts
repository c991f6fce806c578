import { sql, type Kysely } from 'kysely';

/**
 * More anti-money-laundering rules (issue 53 items 3 and 4): money passed straight through a chain of
 * members (received by transfer, sent on within the hour), accounts sharing a device, a bank card or a
 * payee name, and a name found on a sanctions or politically-exposed-persons list (screening).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table aml_case drop constraint if exists aml_case_rule_check`.execute(db);
  await sql`alter table aml_case add constraint aml_case_rule_check check (rule in ('covered', 'structuring',
    'low_play', 'pass_through', 'shared_device', 'shared_card', 'shared_payee', 'screening'))`.execute(db);
  // The reports: covered transactions by the time they happened, filed cases by when they were decided.
  await sql`create index aml_case_rule on aml_case (merchant_id, rule, opened_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists aml_case_rule`.execute(db);
  await sql`alter table aml_case drop constraint if exists aml_case_rule_check`.execute(db);
  await sql`alter table aml_case add constraint aml_case_rule_check
    check (rule in ('covered', 'structuring', 'low_play'))`.execute(db);
}
