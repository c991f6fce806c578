import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { randomDigits, sameHex, sha256Hex } from '../../lib/crypto';
import { inTransaction } from '../../db/transaction';
import { authRepository } from './auth.repository';

export const CODE_LENGTH = 6;
/** Wrong guesses allowed on one code before it is void. */
export const MAX_CODE_ATTEMPTS = 5;

export type CodeChannel = 'sms' | 'email';
/** confirm: a signed-in member proves the mobile number on the account (verification level 1). */
export type CodePurpose = 'register' | 'login' | 'reset' | 'confirm';

const codeHash = (merchantId: number, recipient: string, purpose: string, code: string) =>
  sha256Hex(`${merchantId}:${recipient}:${purpose}:${code}`);

/**
 * One-time verification codes (SMS): stored hashed, expiring after the merchant's expiredMinutes,
 * single use, at most MAX_CODE_ATTEMPTS wrong guesses; a new code for the same recipient and purpose
 * replaces the previous one. Delivery and rate limits are the caller's.
 */
export function verificationService(db: Database, clock: Clock) {
  const service = {
    async issue(o: {
      merchantId: number;
      channel: CodeChannel;
      recipient: string;
      purpose: CodePurpose;
      ttlMs: number;
    }): Promise<string> {
      const code = randomDigits(CODE_LENGTH);
      const now = clock.now();
      await inTransaction(db, 'verification.service.issue', async (trx) => {
        const repo = authRepository(trx);
        await repo.voidCodes({ merchantId: o.merchantId, recipient: o.recipient, purpose: o.purpose, now });
        await repo.insertCode({
          merchantId: o.merchantId,
          channel: o.channel,
          recipient: o.recipient,
          purpose: o.purpose,
          codeHash: codeHash(o.merchantId, o.recipient, o.purpose, code),
          expiresAt: new Date(now.getTime() + o.ttlMs),
          at: now,
        });
      });
      return code;
    },

    /**
     * The live code's id when `code` is right, else null (a wrong guess counts against the code, and
     * that count is kept whatever happens next). The code stays unused: the caller marks it used
     * (markUsed) in the transaction of what it proves, so a refusal after the check leaves it usable.
     */
    async check(o: {
      merchantId: number;
      recipient: string;
      purpose: CodePurpose;
      code: string | undefined;
    }): Promise<bigint | null> {
      const now = clock.now();
      return inTransaction(db, 'verification.service.check', async (trx) => {
        const repo = authRepository(trx);
        const row = await repo.lockLiveCode({
          merchantId: o.merchantId,
          recipient: o.recipient,
          purpose: o.purpose,
          now,
        });
        if (!row || row.attempts >= MAX_CODE_ATTEMPTS) return null;
        const right =
          !!o.code &&
          /^\d{1,10}$/.test(o.code) &&
          sameHex(row.code_hash, codeHash(o.merchantId, o.recipient, o.purpose, o.code));
        if (right) return row.id;
        await repo.setCodeAttempts(row.id, row.attempts + 1);
        return null;
      });
    },

    /** True once for the right code while it is live; a wrong guess counts against the code. */
    async consume(o: {
      merchantId: number;
      recipient: string;
      purpose: CodePurpose;
      code: string | undefined;
    }): Promise<boolean> {
      const id = await service.check(o);
      // Two requests with the same right code: the conditional update lets one of them use it.
      return id !== null && (await markCodeUsed(db, id, clock.now()));
    },
  };
  return service;
}
export type VerificationService = ReturnType<typeof verificationService>;

/**
 * Marks a checked code used, in the caller's transaction: false when it was used meanwhile (by another
 * request with the same code), so that one code proves one thing.
 */
export async function markCodeUsed(db: Database, id: bigint, now: Date): Promise<boolean> {
  return authRepository(db).markCodeUsed(id, now);
}
