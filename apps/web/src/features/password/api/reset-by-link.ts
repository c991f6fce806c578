import { apiRequest } from '../../../lib/api';

/** Sets a new password with the token of a reset link (single use; the server revokes all sessions). */
export const resetByLink = (body: { token: string; newPassword: string }) =>
  apiRequest<Record<string, never>>('POST', '/auth/forgot/reset', { body });
