import { OWNER_SETUP_HOURS } from '@panalo/contract/provider-rules';
import { STAFF_PASSWORD } from '@panalo/contract/staff-rules';
import type { Database } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { audit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { randomToken, sha256Hex } from '../../lib/crypto';
import { DomainError } from '../../lib/domain-error';
import { hashPassword } from '../identity/passwords';
import { staffRepository } from './staff.repository';

const HOUR = 3600_000;

/**
 * A staff member's one-time set-up link (issue 51: a new brand's first owner): the provider makes it, the
 * staff member opens it at the brand's console and chooses a password; the first sign-in then enrols the
 * authenticator as every staff sign-in does. Only the token's hash is stored.
 */
export function staffSetupService(db: Database, clock: Clock) {
  return {
    /** A new link for the staff member (earlier unused ones expire); the token, shown once. */
    async issue(
      trx: Database,
      merchantId: number,
      memberId: bigint,
    ): Promise<{ token: string; expiresAt: Date }> {
      const token = randomToken(32);
      const at = clock.now();
      const expiresAt = new Date(at.getTime() + OWNER_SETUP_HOURS * HOUR);
      await staffRepository(trx).insertSetup({
        merchantId,
        memberId,
        tokenHash: sha256Hex(token),
        expiresAt,
        at,
      });
      return { token, expiresAt };
    },

    /** Uses the link once: the password is set and the use audited; 400 setup_link_invalid otherwise. */
    async complete(merchantId: number, token: string, password: string): Promise<{ username: string }> {
      if (!STAFF_PASSWORD.test(password)) {
        throw new DomainError('validation_failed', 400, 'Invalid request', {
          field: 'password',
          rule: 'pattern',
        });
      }
      const passwordHash = await hashPassword(password);
      const now = clock.now();
      return inTransaction(db, 'staff-setup.service.complete', async (trx) => {
        const repo = staffRepository(trx);
        const used = await repo.useSetup(merchantId, sha256Hex(token), now);
        if (!used) {
          throw new DomainError(
            'setup_link_invalid',
            400,
            'This set-up link was used, has expired or is unknown',
          );
        }
        const account = await repo.findAccount(merchantId, used.member_id);
        if (!account)
          throw new DomainError(
            'setup_link_invalid',
            400,
            'This set-up link was used, has expired or is unknown',
          );
        await repo.setPassword(merchantId, used.member_id, passwordHash);
        await audit(trx, {
          merchantId,
          actor: `operator:${used.member_id}`,
          action: 'staff.setup',
          target: `member:${used.member_id}`,
          details: { username: account.username },
          at: now,
        });
        return { username: account.username };
      });
    },
  };
}
