import { useEffect } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/react';
import type { MemberInfo } from '@panalo/contract/member';
import { ApiError, apiGet } from '../../lib/api';
import { logoutLocally } from '../../lib/logout';
import { session, useSession } from '../../lib/session';
import { storage } from '../../lib/storage';
import { TOAST_MS, toast } from '../../lib/toast';

/** Query keys of the member's own data; a new token (a new login) is a new cache entry. */
export const memberKeys = {
  all: ['member'] as const,
  info: (token: string) => ['member', 'info', token] as const,
};

/**
 * The cached member info (spec §3 key memberInfo, API-031) when it has the shape the API gives and
 * belongs to this session's user (never another account's name after a change of user).
 */
export function storedMemberInfo(userName: string): MemberInfo | undefined {
  const v = storage.getJson<Partial<MemberInfo>>('memberInfo');
  if (!v || typeof v !== 'object') return undefined;
  const ok =
    typeof v.id === 'string' &&
    typeof v.account === 'string' &&
    v.account.toLowerCase() === userName.toLowerCase() &&
    typeof v.type === 'number' &&
    typeof v.regDate === 'number' &&
    typeof v.toUpline === 'boolean';
  return ok ? (v as MemberInfo) : undefined;
}

/**
 * The session ended on the server (expired, revoked elsewhere, password changed): sign out here without
 * calling the server, tell the user (ERR-015 'The account has been logged out, please log in again') and
 * reload at home once the toast has been read.
 */
export async function expireSession(message: string): Promise<void> {
  void toast.show(message, TOAST_MS.info);
  await logoutLocally({ reload: (url) => setTimeout(() => window.location.assign(url), TOAST_MS.info) });
}

async function fetchMemberInfo(signal: AbortSignal): Promise<MemberInfo> {
  const info = await apiGet<MemberInfo>('/members/me', { signal });
  storage.setJson('memberInfo', info);
  return info;
}

// Several components read member info; the expiry is handled once per token, not once per reader.
const expiredTokens = new Set<string>();

export const memberInfoQueryOptions = (token: string, userName: string) =>
  queryOptions({
    queryKey: memberKeys.info(token),
    queryFn: ({ signal }) => fetchMemberInfo(signal),
    // The cached copy shows at once (no flash of the bare user name) and is refreshed in the background.
    initialData: () => storedMemberInfo(userName),
    initialDataUpdatedAt: 0,
    retry: (count, err) => !(err instanceof ApiError && err.status === 401) && count < 1,
  });

/**
 * The logged-in member's info (spec §3) from GET /api/members/me, cached under memberInfo (API-031).
 * Null for a visitor. A 401 with a stored session means the session expired (see expireSession).
 */
export function useMemberInfo(): { info: MemberInfo | null; refetch: () => Promise<void> } {
  const { t } = useTranslation();
  const current = useSession();
  const client = useQueryClient();
  const query = useQuery({
    ...memberInfoQueryOptions(current?.token ?? '', current?.userName ?? ''),
    enabled: current !== null,
  });
  // The server ended the session: it expired, or the member's session limit ended it (issue 22).
  const endedCode =
    query.error instanceof ApiError &&
    query.error.status === 401 &&
    (query.error.code === 'not_logged_in' || query.error.code === 'session_limit_ended')
      ? query.error.code
      : null;
  const expired = endedCode !== null;
  const token = current?.token;
  useEffect(() => {
    // Only while the refused token is still the stored one: a refusal of an older token that raced a
    // new login must not sign the new session out.
    if (!expired || !token || session.get()?.token !== token || expiredTokens.has(token)) return;
    expiredTokens.add(token);
    void expireSession(
      t(endedCode === 'session_limit_ended' ? 'errors.session_limit_ended' : 'errors.logged_out'),
    );
  }, [expired, endedCode, token, t]);
  return {
    info: current ? (query.data ?? null) : null,
    refetch: async () => {
      await client.refetchQueries({ queryKey: memberKeys.all, type: 'active' });
    },
  };
}
