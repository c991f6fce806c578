import { sql, type Kysely, type Transaction } from 'kysely';
import type { MailItem, SendMailRequest } from '@panalo/contract/mail';
import type { MailTemplate } from '@panalo/contract/mail-rules';
import { isAgentType } from '@panalo/contract/member-types';
import { PREPARED, type Database } from '../../db/database';
import type { DB } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { DomainError } from '../../lib/domain-error';
import { sanitizeContentHtml } from '../../lib/sanitize';
import { runIdempotent } from '../wallet/idempotency';

/**
 * The mail centre (issue 19). A mailbox is read, never written, at send time: the member's own mails
 * (mail_recipient) and the merchant's broadcasts whose audience holds the member now (fan-out on read),
 * sent after the member registered and not while the member was on a break (a broadcast is marketing;
 * mail to a named member is service and always arrives); mail_state says what the member did with each
 * (no row: unread).
 */
const unknownMail = () => new DomainError('mail_unknown', 404, 'This mail does not exist');

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

interface BoxRow {
  id: bigint;
  kind: 'operator' | 'system';
  title: string | null;
  template: string | null;
  params: Record<string, string> | string;
  created_at: Date;
  read_at: Date | null;
}

const paramsOf = (p: BoxRow['params']): Record<string, string> =>
  typeof p === 'string' ? (JSON.parse(p) as Record<string, string>) : p;

const itemOf = (r: BoxRow): MailItem => ({
  id: r.id.toString(),
  kind: r.kind,
  title: r.title,
  template: r.template as MailItem['template'],
  params: paramsOf(r.params),
  read: r.read_at !== null,
  createdAt: r.created_at.toISOString(),
});

const count = (rows: { n: number | bigint | string }[]) => Number(rows[0]?.n ?? 0);

/** What a system mail says: a template and its parameters (amounts as decimal strings, reasons as text). */
export interface SystemMail {
  merchantId: number;
  memberId: bigint;
  template: MailTemplate;
  params?: Record<string, string>;
  at: Date;
}

/**
 * Writes a system mail to one member, inside the caller's transaction when it has one (the mail is sent
 * exactly when the event it tells of commits).
 */
export async function sendSystemMail(db: Kysely<DB> | Transaction<DB>, m: SystemMail): Promise<void> {
  await sql`
    with mail_row as (
      insert into mail (merchant_id, kind, audience, template, params, recipients, created_at)
      values (${m.merchantId}, 'system', 'members', ${m.template}, ${JSON.stringify(m.params ?? {})}::jsonb, 1, ${m.at})
      returning id
    )
    insert into mail_recipient (member_id, mail_id) select ${m.memberId}, id from mail_row`.execute(db);
}

/** Writes an operator's mail to named members (demo data and tests use it as the send does). */
export async function writePersonalMail(
  db: Kysely<DB> | Transaction<DB>,
  m: { merchantId: number; memberIds: bigint[]; title: string; body: string; at: Date; sentBy?: bigint },
): Promise<bigint> {
  const mail = await db
    .insertInto('mail')
    .values({
      merchant_id: m.merchantId,
      kind: 'operator',
      audience: 'members',
      title: m.title,
      body: sanitizeContentHtml(m.body),
      sent_by: m.sentBy ?? null,
      recipients: m.memberIds.length,
      created_at: m.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (m.memberIds.length > 0) {
    await db
      .insertInto('mail_recipient')
      .values(m.memberIds.map((member_id) => ({ member_id, mail_id: mail.id })))
      .execute();
  }
  return mail.id;
}

export function mailService(db: Database, clock: Clock) {
  const run = async <R>(text: string, params: unknown[]): Promise<R[]> => {
    const compiled = sql.raw(text).compile(db);
    const r = await db.executeQuery<R>({ ...compiled, parameters: params });
    return r.rows;
  };

  const unread = async (merchantId: number, memberId: bigint) =>
    count(
      await run<{ n: string }>(
        `${PREPARED}${MAILBOX} select count(*) as n from mailbox where read_at is null`,
        [memberId, merchantId],
      ),
    );

  /** The mail if it is in the member's mailbox (not deleted), else mail_unknown. */
  const mine = async (merchantId: number, memberId: bigint, id: bigint): Promise<BoxRow> => {
    const rows = await run<BoxRow>(`${PREPARED}${MAILBOX} select * from mailbox where id = $3`, [
      memberId,
      merchantId,
      id,
    ]);
    if (!rows[0]) throw unknownMail();
    return rows[0];
  };

  return {
    unreadCount: unread,

    async messageCount(merchantId: number, memberId: bigint): Promise<number> {
      return count(
        await run<{ n: string }>(`${PREPARED}${MAILBOX} select count(*) as n from mailbox`, [
          memberId,
          merchantId,
        ]),
      );
    },

    /** Unread first, newest first within each. */
    async list(merchantId: number, memberId: bigint, page: number, pageSize: number) {
      const paged = (list: MailItem[], total: number, unreadNow: number) => ({
        list,
        pageNum: page,
        totalPages: Math.ceil(total / pageSize),
        total,
        unread: unreadNow,
      });
      const rows = await run<BoxRow & { total: string; unread: string }>(
        `${PREPARED}${MAILBOX}
         select mailbox.*, count(*) over () as total,
                count(*) filter (where read_at is null) over () as unread
           from mailbox
          order by (read_at is null) desc, created_at desc, id desc
          limit $3 offset $4`,
        [memberId, merchantId, pageSize, (page - 1) * pageSize],
      );
      if (rows.length === 0 && page > 1) {
        const total = count(
          await run<{ n: string }>(`${PREPARED}${MAILBOX} select count(*) as n from mailbox`, [
            memberId,
            merchantId,
          ]),
        );
        return paged([], total, await unread(merchantId, memberId));
      }
      return paged(rows.map(itemOf), Number(rows[0]?.total ?? 0), Number(rows[0]?.unread ?? 0));
    },

    /** Opens one of the member's mails (with its body) and marks it read. */
    async open(merchantId: number, memberId: bigint, id: bigint) {
      const row = await mine(merchantId, memberId, id);
      const body = await db.selectFrom('mail').select('body').where('id', '=', id).executeTakeFirstOrThrow();
      if (row.read_at === null) {
        await db
          .insertInto('mail_state')
          .values({ member_id: memberId, mail_id: id, read_at: clock.now() })
          .onConflict((oc) =>
            oc
              .columns(['member_id', 'mail_id'])
              .doUpdateSet({ read_at: sql`coalesce(mail_state.read_at, excluded.read_at)` }),
          )
          .execute();
      }
      return {
        ...itemOf({ ...row, read_at: row.read_at ?? clock.now() }),
        body: body.body,
        unread: await unread(merchantId, memberId),
      };
    },

    /** Takes one mail out of the member's mailbox (a broadcast stays for the others). */
    async remove(merchantId: number, memberId: bigint, id: bigint) {
      await mine(merchantId, memberId, id);
      const now = clock.now();
      await db
        .insertInto('mail_state')
        .values({ member_id: memberId, mail_id: id, read_at: now, deleted_at: now })
        .onConflict((oc) =>
          oc.columns(['member_id', 'mail_id']).doUpdateSet({
            deleted_at: now,
            read_at: sql`coalesce(mail_state.read_at, excluded.read_at)`,
          }),
        )
        .execute();
      return { unread: await unread(merchantId, memberId) };
    },

    /** Marks every unread mail of the member's mailbox read (one row for each, this mailbox only). */
    async readAll(merchantId: number, memberId: bigint) {
      await run(
        `${MAILBOX}
         insert into mail_state (member_id, mail_id, read_at)
         select $1, id, $3 from mailbox where read_at is null
         on conflict (member_id, mail_id) do update set read_at = coalesce(mail_state.read_at, excluded.read_at)`,
        [memberId, merchantId, clock.now()],
      );
      return { unread: 0 };
    },

    /**
     * An operator's mail: named members (one recipient row each) or a broadcast (one row, read by its
     * audience). The body is sanitised once, here. Answers how many members the audience holds now.
     */
    async send(merchantId: number, operatorId: bigint, req: SendMailRequest, key: string) {
      const body = sanitizeContentHtml(req.body);
      if (body.trim() === '') {
        throw new DomainError('mail_body_empty', 400, 'The mail says nothing once unsafe markup is removed');
      }
      const now = clock.now();
      const scope = { merchantId, scope: `mail:${operatorId}`, key, request: req };
      return runIdempotent(db, scope, async (trx) => {
        let memberIds: bigint[] = [];
        let agentId: bigint | null = null;
        if (req.audience === 'members') {
          const names = [...new Set(req.usernames ?? [])];
          const found = await trx
            .selectFrom('member')
            .select(['id', 'username'])
            .where('merchant_id', '=', merchantId)
            .where('username', 'in', names)
            .where('type', '<', 90)
            .execute();
          if (found.length !== names.length) {
            const known = new Set(found.map((f) => f.username));
            throw new DomainError('member_not_found', 404, 'Sorry, the user does not exist', {
              usernames: names.filter((n) => !known.has(n)),
            });
          }
          memberIds = found.map((f) => f.id);
        }
        if (req.audience === 'team') {
          const agent = await trx
            .selectFrom('member')
            .select(['id', 'type'])
            .where('merchant_id', '=', merchantId)
            .where('username', '=', req.agent ?? '')
            .executeTakeFirst();
          if (!agent || !isAgentType(agent.type)) {
            throw new DomainError('member_not_found', 404, 'Sorry, the user does not exist', {
              usernames: [req.agent ?? ''],
            });
          }
          agentId = agent.id;
        }
        const mail = await trx
          .insertInto('mail')
          .values({
            merchant_id: merchantId,
            kind: 'operator',
            audience: req.audience,
            vip_levels: req.audience === 'vip' ? [...new Set(req.vipLevels ?? [])] : null,
            agent_id: agentId,
            member_types: req.audience === 'types' ? [...new Set(req.memberTypes ?? [])] : null,
            title: req.title.trim(),
            body,
            sent_by: operatorId,
            created_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        let recipients: number;
        if (req.audience === 'members') {
          await trx
            .insertInto('mail_recipient')
            .values(memberIds.map((member_id) => ({ member_id, mail_id: mail.id })))
            .execute();
          recipients = memberIds.length;
        } else {
          const r = await sql<{ n: string }>`
            select count(*) as n from member me, mail m
             where m.id = ${mail.id} and me.merchant_id = ${merchantId} and me.type < 90
               and me.created_at <= m.created_at and me.status = 'active'
               and (m.audience = 'all'
                 or (m.audience = 'vip' and me.vip_level = any (m.vip_levels))
                 or (m.audience = 'team' and strpos(me.path, '/' || m.agent_id || '/') > 0)
                 or (m.audience = 'types' and me.type = any (m.member_types)))
               -- The mailbox's own rule (MAILBOX): a member on a break when it is sent never holds it.
               and not exists (select 1 from member_exclusion x where x.member_id = me.id
                 and x.starts_at <= m.created_at and (x.ends_at is null or x.ends_at > m.created_at))`.execute(
            trx,
          );
          recipients = Number(r.rows[0]?.n ?? 0);
        }
        await trx.updateTable('mail').set({ recipients }).where('id', '=', mail.id).execute();
        return {
          status: 200,
          body: { success: true as const, value: { id: mail.id.toString(), recipients } },
        };
      });
    },
  };
}
export type MailService = ReturnType<typeof mailService>;
