import { sql, type Insertable } from 'kysely';
import { PREPARED, type Database } from '../../db/database';
import type { MailTable } from '../../db/schema';

/**
 * The member's mailbox as a relation (id, kind, title, template, params, created_at, read_at), deleted
 * mails left out. $1 member id, $2 merchant id. A fixed text, so the statements built on it are prepared.
 */
const MAILBOX = `
  with me as (
    select id, merchant_id, type, vip_level, path, created_at from member where id = $1 and merchant_id = $2
  ),
  box as (
    select m.id, m.kind, m.title, m.template, m.params, m.created_at
      from mail_recipient r join mail m on m.id = r.mail_id
     where r.member_id = (select id from me) and m.merchant_id = $2
    union all
    select m.id, m.kind, m.title, m.template, m.params, m.created_at
      from mail m, me
     where m.merchant_id = me.merchant_id and m.audience <> 'members' and m.created_at >= me.created_at
       and (m.audience = 'all'
         or (m.audience = 'vip' and me.vip_level = any (m.vip_levels))
         or (m.audience = 'team' and strpos(me.path, '/' || m.agent_id || '/') > 0)
         or (m.audience = 'types' and me.type = any (m.member_types)))
       -- A broadcast sent while the member was on a break (time-out, self-exclusion) is not theirs.
       and not exists (select 1 from member_exclusion x where x.member_id = me.id
         and x.starts_at <= m.created_at and (x.ends_at is null or x.ends_at > m.created_at))
  ),
  mailbox as (
    select box.*, s.read_at from box
      left join mail_state s on s.member_id = $1 and s.mail_id = box.id
     where s.deleted_at is null
  )`;

/** A mail of a member's mailbox. */
export interface BoxRow {
  id: bigint;
  kind: 'operator' | 'system';
  title: string | null;
  template: string | null;
  params: Record<string, string> | string;
  created_at: Date;
  read_at: Date | null;
}

const count = (rows: { n: number | bigint | string }[]) => Number(rows[0]?.n ?? 0);

/** Mail SQL: the mailbox (fan-out on read), what the member did with a mail, and the mails written. */
export function mailRepository(db: Database) {
  const run = async <R>(text: string, params: unknown[]): Promise<R[]> => {
    const compiled = sql.raw(text).compile(db);
    const r = await db.executeQuery<R>({ ...compiled, parameters: params });
    return r.rows;
  };

  return {
    /** One system mail to one member: the mail and its recipient in one statement. */
    async insertSystemMail(m: {
      merchantId: number;
      memberId: bigint;
      template: string;
      params?: Record<string, string> | undefined;
      at: Date;
    }): Promise<void> {
      await sql`
    with mail_row as (
      insert into mail (merchant_id, kind, audience, template, params, recipients, created_at)
      values (${m.merchantId}, 'system', 'members', ${m.template}, ${JSON.stringify(m.params ?? {})}::jsonb, 1, ${m.at})
      returning id
    )
    insert into mail_recipient (member_id, mail_id) select ${m.memberId}, id from mail_row`.execute(db);
    },

    async insertMail(values: Insertable<MailTable>): Promise<bigint> {
      const mail = await db.insertInto('mail').values(values).returning('id').executeTakeFirstOrThrow();
      return mail.id;
    },

    /** One recipient row per named member (`memberIds` not empty). */
    async insertRecipients(mailId: bigint, memberIds: bigint[]): Promise<void> {
      await db
        .insertInto('mail_recipient')
        .values(memberIds.map((member_id) => ({ member_id, mail_id: mailId })))
        .execute();
    },

    async setRecipients(mailId: bigint, recipients: number): Promise<void> {
      await db.updateTable('mail').set({ recipients }).where('id', '=', mailId).execute();
    },

    /** How many mails of the member's mailbox are unread. */
    async unreadCount(merchantId: number, memberId: bigint): Promise<number> {
      return count(
        await run<{ n: string }>(
          `${PREPARED}${MAILBOX} select count(*) as n from mailbox where read_at is null`,
          [memberId, merchantId],
        ),
      );
    },

    /** How many mails the member's mailbox holds. */
    async mailboxCount(merchantId: number, memberId: bigint): Promise<number> {
      return count(
        await run<{ n: string }>(`${PREPARED}${MAILBOX} select count(*) as n from mailbox`, [
          memberId,
          merchantId,
        ]),
      );
    },

    /** The mail if it is in the member's mailbox (not deleted). */
    async mailboxMail(merchantId: number, memberId: bigint, id: bigint): Promise<BoxRow | undefined> {
      const rows = await run<BoxRow>(`${PREPARED}${MAILBOX} select * from mailbox where id = $3`, [
        memberId,
        merchantId,
        id,
      ]);
      return rows[0];
    },

    /** A page of the mailbox, unread first, then newest; each row with the mailbox's total and unread. */
    mailboxPage(merchantId: number, memberId: bigint, limit: number, offset: number) {
      return run<BoxRow & { total: string; unread: string }>(
        `${PREPARED}${MAILBOX}
         select mailbox.*, count(*) over () as total,
                count(*) filter (where read_at is null) over () as unread
           from mailbox
          order by (read_at is null) desc, created_at desc, id desc
          limit $3 offset $4`,
        [memberId, merchantId, limit, offset],
      );
    },

    mailBody(id: bigint) {
      return db.selectFrom('mail').select('body').where('id', '=', id).executeTakeFirstOrThrow();
    },

    /** The member read the mail (the first read time is kept). */
    async markRead(memberId: bigint, mailId: bigint, at: Date): Promise<void> {
      await db
        .insertInto('mail_state')
        .values({ member_id: memberId, mail_id: mailId, read_at: at })
        .onConflict((oc) =>
          oc
            .columns(['member_id', 'mail_id'])
            .doUpdateSet({ read_at: sql`coalesce(mail_state.read_at, excluded.read_at)` }),
        )
        .execute();
    },

    /** The member deleted the mail (read then too, if it was not). */
    async markDeleted(memberId: bigint, mailId: bigint, at: Date): Promise<void> {
      await db
        .insertInto('mail_state')
        .values({ member_id: memberId, mail_id: mailId, read_at: at, deleted_at: at })
        .onConflict((oc) =>
          oc.columns(['member_id', 'mail_id']).doUpdateSet({
            deleted_at: at,
            read_at: sql`coalesce(mail_state.read_at, excluded.read_at)`,
          }),
        )
        .execute();
    },

    /** Marks every unread mail of the member's mailbox read (one row for each, this mailbox only). */
    async markAllRead(merchantId: number, memberId: bigint, at: Date): Promise<void> {
      await run(
        `${MAILBOX}
         insert into mail_state (member_id, mail_id, read_at)
         select $1, id, $3 from mailbox where read_at is null
         on conflict (member_id, mail_id) do update set read_at = coalesce(mail_state.read_at, excluded.read_at)`,
        [memberId, merchantId, at],
      );
    },

    /** The merchant's players and agents of these usernames (staff left out). */
    membersByUsername(merchantId: number, usernames: string[]) {
      return db
        .selectFrom('member')
        .select(['id', 'username'])
        .where('merchant_id', '=', merchantId)
        .where('username', 'in', usernames)
        .where('type', '<', 90)
        .execute();
    },

    /** The merchant's member of this username, any type. */
    memberByUsername(merchantId: number, username: string) {
      return db
        .selectFrom('member')
        .select(['id', 'type'])
        .where('merchant_id', '=', merchantId)
        .where('username', '=', username)
        .executeTakeFirst();
    },

    /**
     * How many members a broadcast's audience holds now by the mailbox's own rule: active players and
     * agents registered by the time it was sent, not on a break then.
     */
    async audienceCount(mailId: bigint, merchantId: number): Promise<number> {
      const r = await sql<{ n: string }>`
            select count(*) as n from member me, mail m
             where m.id = ${mailId} and me.merchant_id = ${merchantId} and me.type < 90
               and me.created_at <= m.created_at and me.status = 'active'
               and (m.audience = 'all'
                 or (m.audience = 'vip' and me.vip_level = any (m.vip_levels))
                 or (m.audience = 'team' and strpos(me.path, '/' || m.agent_id || '/') > 0)
                 or (m.audience = 'types' and me.type = any (m.member_types)))
               -- The mailbox's own rule (MAILBOX): a member on a break when it is sent never holds it.
               and not exists (select 1 from member_exclusion x where x.member_id = me.id
                 and x.starts_at <= m.created_at and (x.ends_at is null or x.ends_at > m.created_at))`.execute(
        db,
      );
      return Number(r.rows[0]?.n ?? 0);
    },
  };
}
export type MailRepository = ReturnType<typeof mailRepository>;
