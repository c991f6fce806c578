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
  vip: z.object({ level: z.number().int(), name: z.string() }).nullable(),
  mobileNum: z.string().nullable().describe('masked'),
  email: z.string().nullable().describe('masked'),
  firstTimeLogin: z.boolean(),
});
export type MemberInfo = z.infer<typeof memberInfo>;
export const memberInfoResponse = ok(memberInfo);

/** Unread mail count: a plain number (spec §3). */
export const unreadCountResponse = ok(z.number().int().min(0));

/** Responsible gaming: the member closes their own account; every session and device credential ends. */
