import { deviceHeader, type SessionValue } from '@panalo/contract/auth';
import type { AppContext } from '../../context';
import type { MemberRow } from '../identity/members.repository';
import { membersRepository } from '../identity/members.repository';
import type { MerchantRow } from '../merchants/merchants.repository';

/** Who is asking, as the auth flows need it (taken from the request by the routes). */
export interface Caller {
  merchant: MerchantRow;
  /** The Device header (the web app's device id), when the call carried a valid one. */
  device: string | null;
  ip: string;
  userAgent: string | null;
}

export function callerOf(request: {
  merchant: MerchantRow;
  ip: string;
  headers: Record<string, string | string[] | undefined>;
}): Omit<Caller, 'device'> {
  const ua = request.headers['user-agent'];
  return {
    merchant: request.merchant,
    ip: request.ip,
    userAgent: typeof ua === 'string' ? ua.slice(0, 255) : null,
  };
}

/** The Device header of a plain (not encrypted) call, or null. */
export function deviceOf(request: { headers: Record<string, string | string[] | undefined> }): string | null {
  const parsed = deviceHeader.safeParse(request.headers['device']);
  return parsed.success ? parsed.data : null;
}

/**
 * Opens a session for a member who proved who they are (login, registration, trial): a new token every
 * time, the login stamped, and firstTimeLogin as it was BEFORE this login so that the client can still
 * show the first-login popups. With `remember`, a device credential replaces a remembered password.
 */
export async function startSession(
  ctx: AppContext,
  member: MemberRow,
  caller: Caller,
  remember: boolean,
  idleMinutes?: number,
): Promise<SessionValue> {
  const issue = {
    merchantId: caller.merchant.id,
    memberId: member.id,
    device: caller.device,
    ip: caller.ip,
    userAgent: caller.userAgent,
  };
  const { token, expiresAt } = await ctx.sessions.issue(
    idleMinutes === undefined ? issue : { ...issue, idleMinutes },
  );
  await membersRepository(ctx.db).recordLogin(caller.merchant.id, member.id, ctx.clock.now());
  const value: SessionValue = {
    token,
    userName: member.username,
    customerType: member.type,
    firstTimeLogin: member.first_time_login,
    merchantCode: caller.merchant.code,
    expiresAt: expiresAt.toISOString(),
  };
  if (remember) value.deviceToken = await ctx.sessions.issueDevice(issue);
  return value;
}
