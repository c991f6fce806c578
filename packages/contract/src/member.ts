import { z } from 'zod';
import { ok } from './common';

export { MEMBER_TYPE, isAgentType, isTrialType, isStaffType } from './member-types';

/** Member info (spec §3): id, account, nickname, type, regDate (ms timestamp), toUpline. */
export const memberInfo = z.object({
  id: z.string().describe('member id (decimal string)'),
  account: z.string(),
  nickname: z.string().nullable(),
  type: z.number().int(),
  regDate: z.number().int().describe('registration time, ms since epoch'),
  toUpline: z.boolean(),
  /** The VIP club level: its name in the merchant's language and, to show another, in each language. */
  vip: z
    .object({
      level: z.number().int(),
      name: z.string(),
      names: z.record(z.string(), z.string()).optional(),
    })
    .nullable(),
  mobileNum: z.string().nullable().describe('masked'),
  email: z.string().nullable().describe('masked'),
  firstTimeLogin: z.boolean(),
  /** Where the head icon is served (a path under /api), or null: show the initial. */
  headIcon: z.string().nullable(),
});
export type MemberInfo = z.infer<typeof memberInfo>;
export const memberInfoResponse = ok(memberInfo);

/** Unread mail count: a plain number (spec §3). */
export const unreadCountResponse = ok(z.number().int().min(0));

/** Responsible gaming: the member closes their own account; every session and device credential ends. */

// ---------------------------------------------------------------------------------------------
// Member profile (issue 19 item 5, /m/member/home): head icon, nickname, personal info (API-027, API-071).
// ---------------------------------------------------------------------------------------------
/** The head icon's path (GET /api/head-icons/<file>), or null when none was uploaded. */
export const headIconResponse = ok(z.string().nullable());
/** The form-encoded POST: the cropped picture as a data URL (png, jpg or webp, ≤ 2 MB once decoded). */
export const headIconUpload = z.object({
  headIcon: z
    .string()
    .max(3_000_000)
    .regex(/^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/]+={0,2}$/, 'data URL'),
});
export const headIconFileParams = z.object({
  file: z.string().regex(/^[0-9a-f-]{36}\.(png|jpg|webp)$/),
});

const contact = z.string().max(64).nullable();
export const personalInfo = z.object({
  account: z.string(),
  nickname: z.string().nullable(),
  /** 'YYYY-MM-DD' as registered (age-checked, not changed here). */
  birthDate: z.string().nullable(),
  regDate: z.number().int(),
  vip: memberInfo.shape.vip,
  headIcon: z.string().nullable(),
  mobileNum: z.string().nullable().describe('masked'),
  email: z.string().nullable().describe('masked'),
  payeeName: z.string().nullable().describe('masked'),
  qqNum: contact,
  facebook: contact,
  wechat: contact,
  line: contact,
  whatsapp: contact,
  zalo: contact,
});
export type PersonalInfo = z.infer<typeof personalInfo>;
export const personalInfoResponse = ok(personalInfo);

const contactInput = z.string().max(64).optional().describe('empty clears it; absent leaves it');
/** PUT personal info: the contact fields to change (each checked against the merchant's registration rule). */
export const personalInfoUpdate = z.strictObject({
  qqNum: contactInput,
  facebook: contactInput,
  wechat: contactInput,
  line: contactInput,
  whatsapp: contactInput,
  zalo: contactInput,
});
export type PersonalInfoUpdate = z.infer<typeof personalInfoUpdate>;

export const nicknameUpdate = z.object({ nickname: z.string().max(64) });
