import type { StaffCreateRequest, StaffMember, StaffUpdateRequest } from '@panalo/contract/staff';
import type { Database } from '../../db/database';
import { audit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { DomainError } from '../../lib/domain-error';
import { hashPassword } from '../identity/passwords';
import type { SessionsService } from '../identity/sessions.service';
import { inTransaction } from '../../db/transaction';
import { staffRepository, type StaffAccountRow } from './staff.repository';

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
  const repo = staffRepository(db);
  const view = (r: StaffAccountRow): StaffMember => ({
    id: r.id.toString(),
    username: r.username,
    role: r.role,
    status: r.status === 'active' ? 'active' : 'disabled',
    secondFactor: r.totp_confirmed_at !== null,
    createdAt: new Date(r.created_at).toISOString(),
    lastLoginAt: r.last_login_at ? new Date(r.last_login_at).toISOString() : null,
  });
  async function one(merchantId: number, id: bigint) {
    const r = await repo.findAccount(merchantId, id);
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
      const rows = await repo.listAccounts(merchantId);
      return rows.map(view);
    },

    async create(merchantId: number, actor: bigint, body: StaffCreateRequest): Promise<StaffMember> {
      const passwordHash = await hashPassword(body.password);
      const now = clock.now();
      const id = await inTransaction(db, 'staff-admin.service.create', async (trx) => {
        const trxRepo = staffRepository(trx);
        const m = await trxRepo.insertStaffMember({
          merchantId,
          username: body.username,
          passwordHash,
          at: now,
        });
        if (!m) throw new DomainError('username_taken', 409, 'Sorry, the username already exists');
        await trxRepo.insertAccount(merchantId, m.id, body.role);
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
        const trxRepo = staffRepository(trx);
        const owners = await trxRepo.lockActiveOwners(merchantId);
        const stillOwner = body.role === 'owner' && body.status === 'active';
        if (!stillOwner && owners.every((o) => o.id === id)) throw lastOwner();
        await trxRepo.setRole(id, body.role, now);
        await trxRepo.setMemberStatus(merchantId, id, body.status);
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
        await staffRepository(trx).setPassword(merchantId, id, passwordHash);
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
        await staffRepository(trx).clearSecondFactor(id, now);
      });
    },
  };
}
