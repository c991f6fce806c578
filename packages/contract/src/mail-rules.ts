// Zod-free mail centre rules (issue 19, /m/webEmail), shared by the server and the web bundle.

export { MAIL_ROUTE, MESSAGE_ROUTE } from './site-routes';

export const MAIL_API = {
  /** GET: my mail, unread first, newest first within each; ?page&pageSize. */
  list: '/mail',
  /** GET: one of my mails with its body (sanitised HTML); opening it marks it read. */
  detail: '/mail/:id',
  /** DELETE: remove one of my mails from my mailbox. */
  remove: '/mail/:id',
  /** POST: mark every mail of my mailbox read. */
  readAll: '/mail/read-all',
  /** GET: the unread count, a plain number (spec §3, §7). */
  unreadCount: '/members/unread-count',
  /** GET: how many mails my mailbox holds, a plain number (spec §7 "message count"). */
  messageCount: '/members/message-count',
  /** Operator: POST send a mail to members, a VIP level, an agent's team, member types or everyone. */
  opsSend: '/ops/mail',
} as const;

export const MESSAGE_API = {
  /** GET: site messages, newest first, each with read; value.footer.unreadCount. */
  list: '/messages',
  /** POST: I opened this one; the unread count left. */
  read: '/messages/:id/read',
} as const;

export const mailPath = (path: string, id: string) => path.replace(':id', encodeURIComponent(id));

/** Who an operator's mail is for. */
export const MAIL_AUDIENCES = ['members', 'all', 'vip', 'team', 'types'] as const;
export type MailAudience = (typeof MAIL_AUDIENCES)[number];

/**
 * The mails the platform writes itself on events; the site renders them in the member's language from
 * the key and its parameters (mail.json), so a system mail is never stored in one language only.
 */
export const MAIL_TEMPLATES = [
  'deposit_credited',
  'withdrawal_paid',
  'withdrawal_rejected',
  'bonus_issued',
  'reward_issued',
  'application_rejected',
  'contract_offered',
  'settlement_paid',
  'self_excluded',
  'feedback_replied',
  'kyc_approved',
  'kyc_rejected',
  'kyc_more_needed',
] as const;
export type MailTemplate = (typeof MAIL_TEMPLATES)[number];

export const MAIL_LIMITS = {
  titleMax: 100,
  /** Characters of an operator mail's HTML body, before sanitising. */
  bodyMax: 20_000,
  /** Members one 'members' mail may name. */
  maxMembers: 1_000,
  pageSizeMax: 50,
} as const;
