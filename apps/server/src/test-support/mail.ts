import { sql } from 'kysely';
import type { Database } from '../db/database';

/** The system mails a member has received, oldest first: their template and parameters. */
export async function systemMailsOf(
  db: Database,
  memberId: bigint,
): Promise<{ template: string; params: Record<string, string> }[]> {
  const r = await sql<{ template: string; params: Record<string, string> | string }>`
    select m.template, m.params from mail_recipient r join mail m on m.id = r.mail_id
    where r.member_id = ${memberId} and m.kind = 'system' order by m.id`.execute(db);
  return r.rows.map((x) => ({
    template: x.template,
    params: typeof x.params === 'string' ? (JSON.parse(x.params) as Record<string, string>) : x.params,
  }));
}
