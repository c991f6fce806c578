import type { Kysely, Transaction } from 'kysely';
import type { MailItem, SendMailRequest } from '@panalo/contract/mail';
import type { MailTemplate } from '@panalo/contract/mail-rules';
import { isAgentType } from '@panalo/contract/member-types';
import type { Database } from '../../db/database';
import type { DB } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { DomainError } from '../../lib/domain-error';
import { sanitizeContentHtml } from '../../lib/sanitize';
import { runIdempotent } from '../wallet/idempotency';
import { mailRepository, type BoxRow } from './mail.repository';

/**
 * The mail centre (issue 19). A mailbox is read, never written, at send time: the member's own mails
 * (mail_recipient) and the merchant's broadcasts whose audience holds the member now (fan-out on read),
 * sent after the member registered and not while the member was on a break (a broadcast is marketing;
 * mail to a named member is service and always arrives); mail_state says what the member did with each
 * (no row: unread).
 */
const unknownMail = () => new DomainError('mail_unknown', 404, 'This mail does not exist');

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
  await mailRepository(db).insertSystemMail(m);
}

/** Writes an operator's mail to named members (demo data and tests use it as the send does). */
export async function writePersonalMail(
  db: Kysely<DB> | Transaction<DB>,
  m: { merchantId: number; memberIds: bigint[]; title: string; body: string; at: Date; sentBy?: bigint },
): Promise<bigint> {
  const repo = mailRepository(db);
  const mailId = await repo.insertMail({
    merchant_id: m.merchantId,
    kind: 'operator',
    audience: 'members',
    title: m.title,
    body: sanitizeContentHtml(m.body),
    sent_by: m.sentBy ?? null,
    recipients: m.memberIds.length,
    created_at: m.at,
  });
  if (m.memberIds.length > 0) {
    await repo.insertRecipients(mailId, m.memberIds);
  }
  return mailId;
}

export function mailService(db: Database, clock: Clock) {
  const repo = mailRepository(db);
  const unread = (merchantId: number, memberId: bigint) => repo.unreadCount(merchantId, memberId);

  /** The mail if it is in the member's mailbox (not deleted), else mail_unknown. */
  const mine = async (merchantId: number, memberId: bigint, id: bigint): Promise<BoxRow> => {
    const row = await repo.mailboxMail(merchantId, memberId, id);
    if (!row) throw unknownMail();
    return row;
  };

  return {
    unreadCount: unread,

    async messageCount(merchantId: number, memberId: bigint): Promise<number> {
      return repo.mailboxCount(merchantId, memberId);
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
      const rows = await repo.mailboxPage(merchantId, memberId, pageSize, (page - 1) * pageSize);
      if (rows.length === 0 && page > 1) {
        const total = await repo.mailboxCount(merchantId, memberId);
        return paged([], total, await unread(merchantId, memberId));
      }
      return paged(rows.map(itemOf), Number(rows[0]?.total ?? 0), Number(rows[0]?.unread ?? 0));
    },

    /** Opens one of the member's mails (with its body) and marks it read. */
    async open(merchantId: number, memberId: bigint, id: bigint) {
      const row = await mine(merchantId, memberId, id);
      const body = await repo.mailBody(id);
      if (row.read_at === null) {
        await repo.markRead(memberId, id, clock.now());
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
      await repo.markDeleted(memberId, id, now);
      return { unread: await unread(merchantId, memberId) };
    },

    /** Marks every unread mail of the member's mailbox read (one row for each, this mailbox only). */
    async readAll(merchantId: number, memberId: bigint) {
      await repo.markAllRead(merchantId, memberId, clock.now());
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
        const tx = mailRepository(trx);
        let memberIds: bigint[] = [];
        let agentId: bigint | null = null;
        if (req.audience === 'members') {
          const names = [...new Set(req.usernames ?? [])];
          const found = await tx.membersByUsername(merchantId, names);
          if (found.length !== names.length) {
            const known = new Set(found.map((f) => f.username));
            throw new DomainError('member_not_found', 404, 'Sorry, the user does not exist', {
              usernames: names.filter((n) => !known.has(n)),
            });
          }
          memberIds = found.map((f) => f.id);
        }
        if (req.audience === 'team') {
          const agent = await tx.memberByUsername(merchantId, req.agent ?? '');
          if (!agent || !isAgentType(agent.type)) {
            throw new DomainError('member_not_found', 404, 'Sorry, the user does not exist', {
              usernames: [req.agent ?? ''],
            });
          }
          agentId = agent.id;
        }
        const mailId = await tx.insertMail({
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
        });
        let recipients: number;
        if (req.audience === 'members') {
          await tx.insertRecipients(mailId, memberIds);
          recipients = memberIds.length;
        } else {
          recipients = await tx.audienceCount(mailId, merchantId);
        }
        await tx.setRecipients(mailId, recipients);
        return {
          status: 200,
          body: { success: true as const, value: { id: mailId.toString(), recipients } },
        };
      });
    },
  };
}
export type MailService = ReturnType<typeof mailService>;
