import type { StaffRole } from '@panalo/contract/staff-rules';
import { hashPassword } from '../modules/identity/passwords';
import type { MemberRow } from '../modules/identity/members.repository';
import { membersRepository } from '../modules/identity/members.repository';
import type { TestApp } from './test-app';

let counter = 0;

// One argon2id hash per password for the whole test process (each costs ~15 ms, more under load, and
// tests make members by the thousand): a hash verifies its password whatever member holds it.
const hashes = new Map<string, Promise<string>>();
const hashOnce = (password: string) => {
  let h = hashes.get(password);
  if (!h) {
    h = hashPassword(password);
    hashes.set(password, h);
  }
  return h;
};

/** Writes a member straight into the database (password hashed as registration would). */
export async function createMember(
  t: TestApp,
  o: {
    merchant?: string;
    username?: string;
    password?: string;
    type?: number;
    status?: 'active' | 'disabled' | 'self_excluded';
    mobile?: [string, string];
    email?: string;
    nickname?: string;
    /** Joins this upline's team at registration (the tree's path is set on insert). */
    uplineId?: bigint;
  } = {},
): Promise<MemberRow & { password: string }> {
  const merchant = await t.ctx.db
    .selectFrom('merchant')
    .select('id')
    .where('code', '=', o.merchant ?? 'panalo')
    .executeTakeFirstOrThrow();
  const password = o.password ?? 'Secret123';
  const row = await membersRepository(t.ctx.db).insert({
    merchant_id: merchant.id,
    username: o.username ?? `player${Date.now() % 100000}${++counter}`,
    password_hash: await hashOnce(password),
    type: o.type ?? 0,
    status: o.status ?? 'active',
    nickname: o.nickname ?? null,
    email: o.email ?? null,
    country_dialing_code: o.mobile?.[0] ?? null,
    mobile_num: o.mobile?.[1] ?? null,
    created_at: t.clock.now(),
    ...(o.uplineId !== undefined ? { upline_id: o.uplineId } : {}),
  });
  return { ...row, password };
}

/**
 * A live session token for a member, as a login would give, from the member's own browser (each member
 * its own device id, as the site makes one per browser: a shared one would link every test account).
 */
export async function sessionFor(t: TestApp, m: MemberRow): Promise<string> {
  const { token } = await t.ctx.sessions.issue({
    merchantId: m.merchant_id,
    memberId: m.id,
    device: `test-device-${m.id}`,
    ip: '127.0.0.1',
    userAgent: 'vitest',
  });
  return token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A merchant's staff member (type 90) with the given role. */
export async function createStaffMember(
  t: TestApp,
  role: StaffRole,
  merchant = 'panalo',
): Promise<MemberRow & { password: string }> {
  const m = await createMember(t, { type: 90, merchant });
  await t.ctx.db.updateTable('staff_account').set({ role }).where('member_id', '=', m.id).execute();
  return m;
}
