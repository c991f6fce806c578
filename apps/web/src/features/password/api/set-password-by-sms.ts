import { apiRequest } from '../../../lib/api';

export interface SetBySmsBody {
  countryDialingCode: string;
  mobileNum: string;
  verificationCode: string;
  newPassword: string;
}

/** API-026: set password by phone with newPassword, mobileNum and verificationCode. */
export const setPasswordBySms = (body: SetBySmsBody) =>
  apiRequest<Record<string, never>>('POST', '/auth/forgot/sms', { body });
