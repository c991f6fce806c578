import { sql, type Kysely } from 'kysely';

/**
 * One bonus per person, also at the same moment (issue 18 item 6). `linkedClaimExists` reads whether an
 * account linked to the member (member_links, 0050) holds this period's claim; two linked accounts
 * claiming at once both read "none" and both were paid. `lock_member_identities(member, scope)` takes a
 * transaction-scoped advisory lock for each identity links are made of — the registration address, each
 * device, the payee name, each bank card — under a scope (the promotion and its period), in one global
 * order (no deadlock). Two linked accounts share at least one of them, so the second waits until the
 * first has committed and its next statement reads the first's claim; unrelated members never wait.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function lock_member_identities(p_member bigint, p_scope text) returns void
    language plpgsql volatile as $$
    declare
      k bigint;
    begin
      for k in
        select distinct hashtextextended(p_scope || '|' || ids.v, 0) from (
          select 'address:' || register_ip::text as v from member
            where id = p_member and register_ip is not null
          union all
          select 'payee:' || lower(payee_name) from member where id = p_member and payee_name is not null
          union all
          select 'device:' || device from member_session where member_id = p_member and device is not null
          union all
          select 'card:' || card_hash from member_bank_card where member_id = p_member
        ) ids
        order by 1
      loop
        perform pg_advisory_xact_lock(k);
      end loop;
    end $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function if exists lock_member_identities(bigint, text)`.execute(db);
}
