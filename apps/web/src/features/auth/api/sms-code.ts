import type { z } from 'zod';
import type { smsCodeRequest, smsCodeResponse } from '@panalo/contract/auth';
import { apiRequest } from '../../../lib/api';
import { deviceId } from '../../../lib/sealed-request';

export type SmsCodeRequest = z.infer<typeof smsCodeRequest>;
export type SmsCodeValue = z.infer<typeof smsCodeResponse>['value'];
export type SmsPurpose = SmsCodeRequest['purpose'];

/**
 * POST /api/auth/sms-code with a JSON body (API-021..023). The number travels as mobileNo for
 * registration and as mobileNum for login and set-password, as the spec names them.
 */
export function sendSmsCode(purpose: SmsPurpose, countryDialingCode: string, mobile: string) {
  const body: SmsCodeRequest = {
    countryDialingCode,
    ...(purpose === 'register' ? { mobileNo: mobile } : { mobileNum: mobile }),
    module: 'VERIFICATION3',
    purpose,
  };
  return apiRequest<SmsCodeValue>('POST', '/auth/sms-code', { body, headers: { device: deviceId() } });
}
