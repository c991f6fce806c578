import { describe, expect, it } from 'vitest';
import { DomainError } from '../../lib/domain-error';
import { checkAuth, checkFeature, type AuthRule } from './auth.policy';
import type { SessionContext } from '../identity/sessions.service';

// The route rules on their own (the session plugin applies them to every call): who passes each rule,
// and the code, status and message (spec §8) of each refusal.
const session = (type: number): SessionContext => ({
  sessionId: 1n,
  memberId: 2n,
  username: 'someone',
  type,
  firstTimeLogin: false,
  expiresAt: new Date('2026-12-01T00:00:00Z'),
  token: 'x'.repeat(43),
  device: null,
});
const refusal = (fn: () => unknown): [number, string, string] | 'passed' => {
  try {
    fn();
    return 'passed';
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    return [err.status, err.code, err.message];
  }
};
const NOT_LOGGED_IN = [401, 'not_logged_in', 'You are not logged in, please login first'];
const NO_PERMISSION = [
  403,
  'no_permission',
  'Sorry, this account does not have permission or the feature is temporarily unavailable',
];
const FREE_REJECT = [403, 'free_reject', 'Please login an actual account to use this function'];

// Types: 0 player, 1 agent, 2 player-agent, 4 free trial, 40 test player, 41/42 agents without
// contracts, 90 and up staff.
const TYPES = [0, 1, 2, 4, 40, 41, 42, 90, 91];
const expected: Record<AuthRule, (type: number) => unknown> = {
  member: () => 'passed',
  realMember: (type) => (type === 4 ? FREE_REJECT : 'passed'),
  agent: (type) => ([1, 2, 41, 42].includes(type) ? 'passed' : NO_PERMISSION),
  operator: (type) => (type >= 90 ? 'passed' : NO_PERMISSION),
};

describe('route rules (auth.policy)', () => {
  it('every rule refuses a caller without a session: 401 not_logged_in', () => {
    for (const rule of Object.keys(expected) as AuthRule[]) {
      expect(
        refusal(() => checkAuth(rule, null)),
        rule,
      ).toEqual(NOT_LOGGED_IN);
    }
  });

  it('ROLE-011 each rule lets exactly its member types through and returns their session; the others get its refusal', () => {
    for (const rule of Object.keys(expected) as AuthRule[]) {
      for (const type of TYPES) {
        const s = session(type);
        const want = expected[rule](type);
        expect(
          refusal(() => checkAuth(rule, s)),
          `${rule} × type ${type}`,
        ).toEqual(want);
        if (want === 'passed') expect(checkAuth(rule, s)).toBe(s);
      }
    }
  });

  it('a merchant’s feature is open only when its flag is exactly on', () => {
    const flags = { lottery: true, rain: false } as unknown as Parameters<typeof checkFeature>[0];
    expect(refusal(() => checkFeature(flags, 'lottery' as never))).toBe('passed');
    expect(refusal(() => checkFeature(flags, 'rain' as never))).toEqual(NO_PERMISSION);
    expect(refusal(() => checkFeature(flags, 'missing' as never))).toEqual(NO_PERMISSION);
    const truthy = { lottery: 1 } as unknown as Parameters<typeof checkFeature>[0];
    expect(refusal(() => checkFeature(truthy, 'lottery' as never))).toEqual(NO_PERMISSION);
  });
});
