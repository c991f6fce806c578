import { apiRequest } from '../../../lib/api';

export interface ChangePasswordBody {
  oldPassword: string;
  newPassword: string;
  confirmNewPassword: string;
}

/** API-020: change the caller's password; the server revokes every other session. */
export const changePassword = (body: ChangePasswordBody) =>
  apiRequest<Record<string, never>>('POST', '/auth/password', { body });
