import { apiRequest } from '../../../lib/api';

/**
 * API-021/022/023: sends the set-password SMS code (JSON POST naming the number mobileNum, module
 * VERIFICATION3); the answer's expiredMinutes drives the countdown.
 */
export const sendResetCode = (o: { countryDialingCode: string; mobileNum: string }) =>
  apiRequest<{ expiredMinutes: number }>('POST', '/auth/sms-code', {
    body: { ...o, module: 'VERIFICATION3', purpose: 'reset' },
  });
