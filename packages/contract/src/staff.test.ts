import { describe, expect, it } from 'vitest';
import { staffCreateRequest, staffUpdateRequest } from './staff';

// The owner's staff form as the API defines it: a username of 4–32 lower-case letters, digits or
// underscores starting with a letter (typed in any case), a password of 10–64 characters with a letter
// and a digit; each refusal carries its message key.
const create = (o: { username?: string; password?: string; role?: string }) =>
  staffCreateRequest.safeParse({ username: 'anna_1', password: 'Good1password', role: 'support', ...o });
const key = (r: ReturnType<typeof create>) => (r.success ? 'ok' : r.error.issues[0]!.message);

describe('staff account rules (contract)', () => {
  it('usernames: 4 to 32 characters, a letter first, then letters, digits or underscores; upper case is folded', () => {
    const cases: Array<[string, string]> = [
      ['abcd', 'ok'],
      ['abc', 'staff_username_invalid'],
      [`a${'b'.repeat(31)}`, 'ok'],
      [`a${'b'.repeat(32)}`, 'staff_username_invalid'],
      ['a_1_', 'ok'],
      ['1abc', 'staff_username_invalid'],
      ['_abc', 'staff_username_invalid'],
      ['ab-cd', 'staff_username_invalid'],
      ['abc d', 'staff_username_invalid'],
      ['xabcd', 'ok'],
      ['abcd!', 'staff_username_invalid'],
      ['!abcd', 'staff_username_invalid'],
    ];
    for (const [username, want] of cases) expect(key(create({ username })), username).toBe(want);
    const folded = create({ username: '  Anna_Bell ' });
    expect(folded.success && folded.data.username).toBe('anna_bell');
  });

  it('passwords: 10 to 64 characters with at least one letter and one digit', () => {
    const cases: Array<[string, string]> = [
      ['abcdefgh12', 'ok'],
      ['abcdefgh1', 'staff_password_weak'],
      [`a1${'x'.repeat(62)}`, 'ok'],
      [`a1${'x'.repeat(63)}`, 'staff_password_weak'],
      ['abcdefghijkl', 'staff_password_weak'],
      ['123456789012', 'staff_password_weak'],
      ['1234567890Z', 'ok'],
      ['Z1234567890', 'ok'],
      ['!!!!!!!!a1', 'ok'],
    ];
    for (const [password, want] of cases) expect(key(create({ password })), password).toBe(want);
  });

  it('roles are the six of the table; nothing else is accepted', () => {
    for (const role of ['owner', 'finance', 'risk', 'support', 'marketing', 'content'])
      expect(key(create({ role })), role).toBe('ok');
    for (const role of ['', 'admin', 'Owner']) expect(create({ role }).success, role).toBe(false);
    expect(staffUpdateRequest.safeParse({ role: 'risk', status: 'active', reason: 'new desk' }).success).toBe(
      true,
    );
  });
});
