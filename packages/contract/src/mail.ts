import { z } from 'zod';
import { ok } from './common';
import { MAIL_AUDIENCES, MAIL_LIMITS, MAIL_TEMPLATES } from './mail-rules';

/** The mail centre (issue 19, /m/webEmail): a member's mailbox and the operator's send. */
const idString = z.string().regex(/^\d{1,18}$/);

export const mailIdParams = z.object({ id: idString });

export const mailListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAIL_LIMITS.pageSizeMax).default(20),
});

/** One mail as its member sees it: an operator's (title and body) or the platform's (template and params). */
export const mailItem = z.object({
  id: z.string(),
  kind: z.enum(['operator', 'system']),
  /** An operator mail's title; null for a system mail (the site writes it from the template). */
  title: z.string().nullable(),
  template: z.enum(MAIL_TEMPLATES).nullable(),
  params: z.record(z.string(), z.string()),
  read: z.boolean(),
  createdAt: z.string(),
});
export type MailItem = z.infer<typeof mailItem>;

export const mailListResponse = ok(
  z.object({
    list: z.array(mailItem),
    pageNum: z.number().int(),
    totalPages: z.number().int(),
    total: z.number().int(),
    unread: z.number().int(),
  }),
);
export type MailList = z.infer<typeof mailListResponse>['value'];

/** The mail opened: its body is HTML sanitised on the server when it was sent (null for a system mail). */
export const mailDetailResponse = ok(
  mailItem.extend({ body: z.string().nullable(), unread: z.number().int() }),
);
export type MailDetail = z.infer<typeof mailDetailResponse>['value'];

export const mailUnreadResponse = ok(z.object({ unread: z.number().int() }));
export const messageCountResponse = ok(z.number().int().min(0));

const username = z.string().min(1).max(32);

/** An operator's mail: who it is for, its title and HTML body (sanitised when stored). */
export const sendMailRequest = z
  .object({
    audience: z.enum(MAIL_AUDIENCES),
    /** 'members': the usernames it is for. */
    usernames: z.array(username).max(MAIL_LIMITS.maxMembers).default([]),
    /** 'vip': the VIP levels it is for. */
    vipLevels: z.array(z.number().int().min(0).max(100)).max(101).default([]),
    /** 'team': the agent whose whole team (the agent included) it is for. */
    agent: username.optional(),
    /** 'types': the member types it is for. */
    memberTypes: z.array(z.number().int().min(0).max(99)).max(100).default([]),
    title: z.string().trim().min(1).max(MAIL_LIMITS.titleMax),
    body: z.string().min(1).max(MAIL_LIMITS.bodyMax),
  })
  .superRefine((v, ctx) => {
    const missing =
      (v.audience === 'members' && v.usernames.length === 0) ||
      (v.audience === 'vip' && v.vipLevels.length === 0) ||
      (v.audience === 'team' && !v.agent) ||
      (v.audience === 'types' && v.memberTypes.length === 0);
    if (missing) ctx.addIssue({ code: 'custom', message: `audience ${v.audience} names nobody` });
  });
export type SendMailRequest = z.input<typeof sendMailRequest>;

export const sendMailResponse = ok(
  z.object({
    id: z.string(),
    /** How many members its audience held when it was sent. */
    recipients: z.number().int(),
  }),
);
