import { MEMBER_TYPE } from '@panalo/contract/member';
import type { StaffCreateRequest, StaffMember, StaffUpdateRequest } from '@panalo/contract/staff';
import type { Database } from '../../db/database';
import { audit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { DomainError } from '../../lib/domain-error';
import { hashPassword } from '../identity/passwords';
import type { SessionsService } from '../identity/sessions.service';
import { inTransaction } from '../../db/transaction';

const unknownStaff = () => new DomainError('staff_unknown', 404, 'No such staff member here');
const notYourself = () =>
  new DomainError('staff_not_yourself', 409, 'Ask another owner to change your own account');
const lastOwner = () =>
  new DomainError('staff_last_owner', 409, 'The site must keep at least one active owner');

/**
 * The owner's staff management (issue 20 screen 9): a merchant's staff accounts are members of the
 * operator type with a role (staff_account). An owner adds staff with a first password, changes a
 * role, disables an account, sets a new password or makes a member set up the authenticator again;
 * each of these ends the account's sessions, and each is audited with the reason (no password or secret
 * is ever written to the log). Nobody changes their own account here (an owner cannot lock themselves
 * out), and the site always keeps an active owner.
 */
export function staffAdminService(db: Database, clock: Clock, sessions: SessionsService) {
  const select = (merchantId: number) =>
    db
      .selectFrom('staff_account as s')
      .innerJoin('member as m', 'm.id', 's.member_id')
      .select([
        'm.id',
        'm.username',
        'm.status',
        'm.created_at',
        'm.last_login_at',
        's.role',
        's.totp_confirmed_at',
      ])
      .where('s.merchant_id', '=', merchantId)
      .where('m.merchant_id', '=', merchantId);
  type Row = Awaited<ReturnType<ReturnType<typeof select>['executeTakeFirstOrThrow']>>;
  const view = (r: Row): StaffMember => ({
    id: r.id.toString(),
    username: r.username,
    role: r.role,
    status: r.status === 'active' ? 'active' : 'disabled',
    secondFactor: r.totp_confirmed_at !== null,
    createdAt: new Date(r.created_at).toISOString(),
    lastLoginAt: r.last_login_at ? new Date(r.last_login_at).toISOString() : null,
  });
  async function one(merchantId: number, id: bigint) {
    const r = await select(merchantId).where('m.id', '=', id).executeTakeFirst();
    if (!r) throw unknownStaff();
    return r;
  }
  /** The other staff member to change (never oneself). */
  async function other(merchantId: number, actor: bigint, id: bigint) {
    const r = await one(merchantId, id);
    if (id === actor) throw notYourself();
    return r;
  }
  /**
   * An owner's change to another staff member: the change and its audit record in one transaction,
   * then every session of theirs ended (they sign in again as they now are). Resolves to the account.
   */
  async function changeAndSignOut(
    merchantId: number,
    actor: bigint,
    id: bigint,
    audited: { action: string; details: Record<string, unknown>; signedOutBecause: string },
    change: (trx: Database, now: Date) => Promise<void>,
  ): Promise<StaffMember> {
    const now = clock.now();
    await inTransaction(db, 'staff-admin.service.change', async (trx) => {
      await change(trx, now);
      await audit(trx, {
        merchantId,
        actor: `operator:${actor}`,
        action: audited.action,
        target: `member:${id}`,
        details: audited.details,
        at: now,
      });
    });
    await sessions.revokeAll(id, audited.signedOutBecause);
    return view(await one(merchantId, id));
  }

  return {
    async list(merchantId: number): Promise<StaffMember[]> {
      const rows = await select(merchantId).orderBy('m.username').execute();
      return rows.map(view);
    },

    async create(merchantId: number, actor: bigint, body: StaffCreateRequest): Promise<StaffMember> {
      const passwordHash = await hashPassword(body.password);
      const now = clock.now();
      const id = await inTransaction(db, 'staff-admin.service.create', async (trx) => {
        const m = await trx
          .insertInto('member')
          .values({
            merchant_id: merchantId,
            username: body.username,
            password_hash: passwordHash,
            type: MEMBER_TYPE.OPERATOR,
            register_method: 'H5',
            created_at: now,
          })
          .onConflict((oc) => oc.columns(['merchant_id', 'username']).doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!m) throw new DomainError('username_taken', 409, 'Sorry, the username already exists');
        await trx
          .insertInto('staff_account')
          .values({ member_id: m.id, merchant_id: merchantId, role: body.role })
          .execute();
        await audit(trx, {
          merchantId,
          actor: `operator:${actor}`,
          action: 'staff.create',
          target: `member:${m.id}`,
          details: { after: { username: body.username, role: body.role } },
          at: now,
        });
        return m.id;
      });
      return view(await one(merchantId, id));
    },

    async update(merchantId: number, actor: bigint, id: bigint, body: StaffUpdateRequest) {
      const before = await other(merchantId, actor, id);
      const details = {
        before: { role: before.role, status: before.status },
        after: { role: body.role, status: body.status },
        reason: body.reason,
      };
      const audited = { action: 'staff.update', details, signedOutBecause: 'staff account changed' };
      return changeAndSignOut(merchantId, actor, id, audited, async (trx, now) => {
        // The owners are locked in a stable order, so two owners demoting each other cannot both pass.
        const owners = await trx
          .selectFrom('staff_account as s')
          .innerJoin('member as m', 'm.id', 's.member_id')
          .select('m.id')
          .where('s.merchant_id', '=', merchantId)
          .where('s.role', '=', 'owner')
          .where('m.status', '=', 'active')
          .orderBy('m.id')
          .forNoKeyUpdate()
          .execute();
        const stillOwner = body.role === 'owner' && body.status === 'active';
        if (!stillOwner && owners.every((o) => o.id === id)) throw lastOwner();
        await trx
          .updateTable('staff_account')
          .set({ role: body.role, updated_at: now })
          .where('member_id', '=', id)
          .execute();
        await trx
          .updateTable('member')
          .set({ status: body.status })
          .where('id', '=', id)
          .where('merchant_id', '=', merchantId)
          .execute();
      });
    },

    async setPassword(merchantId: number, actor: bigint, id: bigint, password: string, reason: string) {
      await other(merchantId, actor, id);
      const passwordHash = await hashPassword(password);
      const audited = {
        action: 'staff.password',
        details: { reason },
        signedOutBecause: 'password set by an owner',
      };
      return changeAndSignOut(merchantId, actor, id, audited, async (trx) => {
        await trx
          .updateTable('member')
          .set({ password_hash: passwordHash })
          .where('id', '=', id)
          .where('merchant_id', '=', merchantId)
          .execute();
      });
    },

    async resetSecondFactor(merchantId: number, actor: bigint, id: bigint, reason: string) {
      await other(merchantId, actor, id);
      const audited = {
        action: 'staff.second-factor.reset',
        details: { reason },
        signedOutBecause: 'authenticator reset by an owner',
      };
      return changeAndSignOut(merchantId, actor, id, audited, async (trx, now) => {
        await trx
          .updateTable('staff_account')
          .set({ totp_secret: null, totp_confirmed_at: null, totp_last_step: null, updated_at: now })
          .where('member_id', '=', id)
          .execute();
      });
    },
  };
}
