import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PersonalInfo, PersonalInfoUpdate } from '@panalo/contract/member';
import { HEAD_ICON_FIELD, PROFILE_API } from '@panalo/contract/profile-rules';
import { apiGet, apiRequest } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { memberKeys } from '../../../app/layout/use-member-info';

export const profileKeys = { info: (token: string) => ['member', 'personal-info', token] as const };

/** My personal info (API-071). Under the member keys, so a change refreshes member info as well. */
export function usePersonalInfo() {
  const token = useSession()?.token ?? '';
  return useQuery({
    queryKey: profileKeys.info(token),
    queryFn: ({ signal }) => apiGet<PersonalInfo>(PROFILE_API.personalInfo, { signal }),
    enabled: token !== '',
  });
}

/** After a change: member info (header name, head icon) and personal info read again. */
function useRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: memberKeys.all });
}

/** The head icon's form-encoded POST (API-027): the cropped picture as a data URL. */
export function useSetHeadIcon() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (dataUrl: string) =>
      apiRequest<string>('POST', PROFILE_API.headIcon, {
        body: new URLSearchParams({ [HEAD_ICON_FIELD]: dataUrl }),
      }),
    onSuccess: refresh,
  });
}

export function useSetNickname() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (nickname: string) =>
      apiRequest<string>('POST', PROFILE_API.nickname, { body: { nickname } }),
    onSuccess: refresh,
  });
}

export function useUpdatePersonalInfo() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (change: PersonalInfoUpdate) =>
      apiRequest<PersonalInfo>('PUT', PROFILE_API.personalInfo, { body: change }),
    onSuccess: refresh,
  });
}
