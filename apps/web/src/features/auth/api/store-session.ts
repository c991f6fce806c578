import type { SessionValue } from '@panalo/contract/auth';
import { session } from '../../../lib/session';

/** Keeps a login or registration answer as MC_SESSION_INFO (API-005, AUTH-031). */
export function storeSession(value: SessionValue): void {
  session.set({
    token: value.token,
    merchantCode: value.merchantCode,
    userName: value.userName,
    type: value.customerType,
    firstTimeLogin: value.firstTimeLogin,
  });
}
