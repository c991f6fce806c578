import type { SessionValue } from '@panalo/contract/auth';
import { sealedRequest } from '../../../lib/sealed-request';
import type { SessionInfo } from '../../../lib/session';

/**
 * AUTH-043: after a password is set by SMS the product logs in with the mobile number as username and
 * the new password (the encrypted login call of the login module). The dialling code tells the server
 * which country's number it is.
 */
export async function loginWithPassword(
  username: string,
  password: string,
  countryDialingCode?: string,
): Promise<SessionInfo> {
  const v = await sealedRequest<SessionValue>('POST', '/auth/login', {
    type: 'username',
    username,
    password,
    ...(countryDialingCode ? { countryDialingCode } : {}),
  });
  return {
    token: v.token,
    merchantCode: v.merchantCode,
    userName: v.userName,
    type: v.customerType,
    firstTimeLogin: v.firstTimeLogin,
  };
}
