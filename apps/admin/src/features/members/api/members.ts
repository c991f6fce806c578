import type { z } from 'zod';
import type { okEmpty } from '@panalo/contract/auth';
import type {
  MemberLimitRequest,
  MemberNote,
  MemberSearchBy,
  OpsMemberActivity,
  OpsMemberDetail,
  memberPasswordResetResponse,
  memberSearchResponse,
} from '@panalo/contract/ops-members';
import type { ExclusionPeriod, ExclusionValue, Limits } from '@panalo/contract/protection';
import { api } from '../../../lib/api';

export type MemberSearchPage = z.infer<typeof memberSearchResponse>['value'];
export type PasswordResetAnswer = z.infer<typeof memberPasswordResetResponse>['value'];
type Empty = z.infer<typeof okEmpty>['value'];

export const PAGE_SIZE = 20;

/** Member search (`by`, `q`), paged by 20. */
export const searchMembers = (by: MemberSearchBy, q: string, page: number) =>
  api<MemberSearchPage>('GET', '/ops/members', { query: { by, q, page, pageSize: PAGE_SIZE } });

export const getMember = (id: string) => api<OpsMemberDetail>('GET', `/ops/members/${id}`);

/** The latest 50 of each: lottery bets, game rounds, bonuses, turnover requirements. */
export const getMemberActivity = (id: string) => api<OpsMemberActivity>('GET', `/ops/members/${id}/activity`);

export const getMemberNotes = (id: string) => api<MemberNote[]>('GET', `/ops/members/${id}/notes`);

export const addMemberNote = (id: string, body: string) =>
  api<MemberNote>('POST', `/ops/members/${id}/notes`, { body: { body } });

export const lockMember = (id: string, locked: boolean, reason: string) =>
  api<Empty>('POST', `/ops/members/${id}/lock`, { body: { locked, reason } });

export const endMemberSessions = (id: string, reason: string) =>
  api<Empty>('POST', `/ops/members/${id}/sessions/end`, { body: { reason } });

/** A temporary password, shown once; the member changes it at the next sign-in. */
export const resetMemberPassword = (id: string, reason: string) =>
  api<PasswordResetAnswer>('POST', `/ops/members/${id}/password/reset`, { body: { reason } });

export const getMemberLimits = (id: string) => api<Limits>('GET', `/ops/members/${id}/limits`);

/** Set or lower one of the member's limits (`protection`); the answer is the member's limits. */
export const setMemberLimit = (id: string, body: MemberLimitRequest) =>
  api<Limits>('PUT', `/ops/members/${id}/limits`, { body });

/** Exclude the member for a period (`protection`); `until` null: permanent. */
export const excludeMember = (username: string, period: ExclusionPeriod, reason: string) =>
  api<ExclusionValue>('POST', '/ops/exclusions', { body: { username, period, reason } });
