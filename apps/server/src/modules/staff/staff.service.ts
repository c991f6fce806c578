import { roleAllows, type StaffPermission, type StaffRole } from '@panalo/contract/staff-rules';
import type { Clock } from '../../lib/clock';
import { DomainError } from '../../lib/domain-error';
import type { Database } from '../../db/database';
import { newOtpSecret, otpStep, otpUri } from './staff-otp';
import { staffRepository } from './staff.repository';

const noPermission = () =>
  new DomainError(
    'no_permission',
    403,
    'Sorry, this account does not have permission or the feature is temporarily unavailable',
  );

/** Staff of a merchant: their role's permissions and their second factor at sign-in. */
export function staffService(db: Database, clock: Clock) {
  const repo = staffRepository(db);
  return {
    /** The staff member's role at this merchant; null for a staff-type member without a staff account. */
    async roleOf(merchantId: number, memberId: bigint): Promise<StaffRole | null> {
      return (await repo.find(merchantId, memberId))?.role ?? null;
    },

    /** Refuses (403 no_permission) unless the staff member's role grants the permission. */
    async require(
      merchantId: number,
      memberId: bigint,
      permission: StaffPermission | 'self',
    ): Promise<StaffRole> {
      const role = await this.roleOf(merchantId, memberId);
      if (!role || (permission !== 'self' && !roleAllows(role, permission))) throw noPermission();
      return role;
    },

    /**
     * The second factor of a staff sign-in, after the password was right. The first sign-in sets up the
     * authenticator (401 otp_setup_required with the secret and its otpauth URI, until a code from it is
     * given); then every sign-in needs the current code (401 otp_required, otp_wrong), each code once.
     */
    async secondFactor(
      merchant: { id: number; code: string },
      member: { id: bigint; username: string },
      otp: string | undefined,
    ): Promise<void> {
      const now = clock.now();
      const account = await repo.find(merchant.id, member.id);
      if (!account) throw new DomainError('non_operator_login', 403, 'Only staff can sign in here');
      let secret = account.totp_secret;
      if (!account.totp_confirmed_at) {
        secret = await repo.pendingSecret(member.id, secret ?? newOtpSecret(), now);
        if (!otp) {
          throw new DomainError('otp_setup_required', 401, 'Set up two-step verification', {
            otpSecret: secret,
            otpUri: otpUri(secret, `Panalo ${merchant.code}`, member.username),
          });
        }
      }
      if (!otp)
        throw new DomainError('otp_required', 401, 'Enter the code from your authenticator app', {
          otp: true,
        });
      const step = otpStep(secret!, otp, now);
      if (step === null || !(await repo.acceptStep(member.id, step, now))) {
        throw new DomainError('otp_wrong', 401, 'The code is wrong or was already used', { otp: true });
      }
    },
  };
}
export type StaffService = ReturnType<typeof staffService>;
