import { MEMBER_TYPE } from '@panalo/contract/member';
import type { StaffRole } from '@panalo/contract/staff-rules';
import type { Database } from '../database';
import type { Clock } from '../../lib/clock';
import { hashPassword } from '../../modules/identity/passwords';
import { writePersonalMail } from '../../modules/mail/mail.service';

interface AccountSeed {
  merchant: string;
  username: string;
  password: string;
  type: number;
  nickname?: string;
  mobile?: [string, string];
  email?: string;
  affiliateCode?: string;
  /** The username of the agent this account was registered under. */
  upline?: string;
  toUpline?: boolean;
  inbox?: { title: string; content: string }[];
  /** Staff: the role at the merchant (operator console). */
  role?: StaffRole;
}

/** The demo accounts the README lists (in this order: an upline before its downline). */
export const demoAccounts: AccountSeed[] = [
  {
    merchant: 'panalo',
    username: 'demo01',
    password: 'Demo1234',
    type: MEMBER_TYPE.PLAYER,
    nickname: 'Juan',
    mobile: ['+63', '9171234567'],
    email: 'demo01@panalo.localhost',
    inbox: [
      {
        title: 'Welcome to Panalo',
        content: 'Your account is ready. Visit the activity centre for this week’s promotions.',
      },
      {
        title: 'Keep your account safe',
        content: 'Panalo staff will never ask for your password or your SMS verification code.',
      },
    ],
  },
  {
    merchant: 'panalo',
    username: 'agent01',
    password: 'Agent1234',
    type: MEMBER_TYPE.AGENT,
    affiliateCode: 'PANALO88',
  },
  {
    merchant: 'panalo',
    username: 'downline01',
    password: 'Demo1234',
    type: MEMBER_TYPE.PLAYER,
    upline: 'agent01',
    toUpline: true,
  },
  { merchant: 'panalo', username: 'ops01', password: 'Staff1234', type: MEMBER_TYPE.OPERATOR, role: 'owner' },
  {
    merchant: 'panalo',
    username: 'finance01',
    password: 'Staff1234',
    type: MEMBER_TYPE.OPERATOR,
    role: 'finance',
  },
  {
    merchant: 'panalo',
    username: 'support01',
    password: 'Staff1234',
    type: MEMBER_TYPE.OPERATOR,
    role: 'support',
  },
  // The compliance officer (the risk desk): identity documents, money-laundering cases (issue 53).
  {
    merchant: 'panalo',
    username: 'compliance01',
    password: 'Staff1234',
    type: MEMBER_TYPE.OPERATOR,
    role: 'risk',
  },
  { merchant: 'luzon', username: 'luzon01', password: 'Luzon1234', type: MEMBER_TYPE.PLAYER },
];

/**
 * Seeds the demo accounts once (an account already present is left as it is). Each distinct password is
 * hashed once, and only when an account needs it, so that a re-seed costs no hashing at all.
 */
export async function seedAccounts(db: Database, clock: Clock): Promise<void> {
  const merchants = new Map(
    (await db.selectFrom('merchant').select(['id', 'code']).execute()).map((m) => [m.code, m.id]),
  );
  const hashes = new Map<string, Promise<string>>();
  const hashOf = (password: string) => {
    let h = hashes.get(password);
    if (!h) hashes.set(password, (h = hashPassword(password)));
    return h;
  };

  for (const a of demoAccounts) {
    const merchantId = merchants.get(a.merchant);
    if (merchantId === undefined) continue;
    const exists = await db
      .selectFrom('member')
      .select('id')
      .where('merchant_id', '=', merchantId)
      .where('username', '=', a.username)
      .executeTakeFirst();
    if (exists) continue;
    const upline = a.upline
      ? await db
          .selectFrom('member')
          .select('id')
          .where('merchant_id', '=', merchantId)
          .where('username', '=', a.upline)
          .executeTakeFirst()
      : undefined;
    const now = clock.now();
    const inserted = await db
      .insertInto('member')
      .values({
        merchant_id: merchantId,
        username: a.username,
        password_hash: await hashOf(a.password),
        type: a.type,
        nickname: a.nickname ?? null,
        email: a.email ?? null,
        country_dialing_code: a.mobile?.[0] ?? null,
        mobile_num: a.mobile?.[1] ?? null,
        affiliate_code: a.affiliateCode ?? null,
        upline_id: upline?.id ?? null,
        to_upline: a.toUpline ?? false,
        register_method: 'H5',
        created_at: now,
      })
      .onConflict((oc) => oc.columns(['merchant_id', 'username']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted && a.role) {
      await db
        .insertInto('staff_account')
        .values({ member_id: inserted.id, merchant_id: merchantId, role: a.role })
        .onConflict((oc) => oc.column('member_id').doNothing())
        .execute();
    }
    if (inserted && a.inbox) {
      for (const m of a.inbox) {
        await writePersonalMail(db, {
          merchantId,
          memberIds: [inserted.id],
          title: m.title,
          body: m.content,
          at: now,
        });
      }
    }
  }
}
