import { isAgentType, isStaffType, isTrialType } from '@panalo/contract/member';
import type { Whitelabel, WhitelabelFlag } from '@panalo/contract/merchant';
import { DomainError } from '../../lib/domain-error';
import type { SessionContext } from '../identity/sessions.service';

/** Who may call a route (declared per route as `config.auth`; checked on the server for every call). */
export type AuthRule = 'member' | 'realMember' | 'agent' | 'operator';

const noPermission = () =>
  new DomainError(
    'no_permission',
    403,
    'Sorry, this account does not have permission or the feature is temporarily unavailable',
  );

/** A feature the merchant has turned off (its white-label flag) is refused like a missing right. */
export function checkFeature(flags: Whitelabel, flag: WhitelabelFlag): void {
  if (flags[flag] !== true) throw noPermission();
}

/** Spec §8 messages: not logged in; free trial on a member page (free_reject); no permission. */
export function checkAuth(rule: AuthRule, session: SessionContext | null): SessionContext {
  if (!session) throw new DomainError('not_logged_in', 401, 'You are not logged in, please login first');
  switch (rule) {
    case 'member':
      return session;
    case 'realMember':
      if (isTrialType(session.type)) {
        throw new DomainError('free_reject', 403, 'Please login an actual account to use this function');
      }
      return session;
    case 'operator':
      // Staff of this merchant (sessions are merchant-scoped, so never another merchant's staff).
      if (!isStaffType(session.type)) throw noPermission();
      return session;
    case 'agent':
      if (!isAgentType(session.type)) throw noPermission();
      return session;
  }
}
