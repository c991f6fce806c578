import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { randomDigits, sameHex, sha256Hex } from '../../lib/crypto';
import { inTransaction } from '../../db/transaction';

export const CODE_LENGTH = 6;
/** Wrong guesses allowed on one code before it is void. */
export const MAX_CODE_ATTEMPTS = 5;

export type CodeChannel = 'sms' | 'email';
export type CodePurpose = 'register' | 'login' | 'reset';

const codeHash = (merchantId: number, recipient: string, purpose: string, code: string) =>
  sha256Hex(`${merchantId}:${recipient}:${purpose}:${code}`);

/**
 * One-time verification codes (SMS): stored hashed, expiring after the merchant's expiredMinutes,
 * single use, at most MAX_CODE_ATTEMPTS wrong guesses; a new code for the same recipient and purpose
 * replaces the previous one. Delivery and rate limits are the caller's.
 */
export function verificationService(db: Database, clock: Clock) {
  return {
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
        await trx
          .updateTable('verification_code')
          .set({ used_at: now })
          .where('merchant_id', '=', o.merchantId)
          .where('recipient', '=', o.recipient)
          .where('purpose', '=', o.purpose)
          .where('used_at', 'is', null)
          .execute();
        await trx
          .insertInto('verification_code')
          .values({
            merchant_id: o.merchantId,
            channel: o.channel,
            recipient: o.recipient,
            purpose: o.purpose,
            code_hash: codeHash(o.merchantId, o.recipient, o.purpose, code),
            expires_at: new Date(now.getTime() + o.ttlMs),
            created_at: now,
          })
          .execute();
      });
      return code;
    },

    /** True once for the right code while it is live; a wrong guess counts against the code. */
    async consume(o: {
      merchantId: number;
      recipient: string;
      purpose: CodePurpose;
      code: string | undefined;
    }): Promise<boolean> {
      const now = clock.now();
      return inTransaction(db, 'verification.service.consume', async (trx) => {
        const row = await trx
          .selectFrom('verification_code')
          .select(['id', 'code_hash', 'attempts'])
          .where('merchant_id', '=', o.merchantId)
          .where('recipient', '=', o.recipient)
          .where('purpose', '=', o.purpose)
          .where('used_at', 'is', null)
          .where('expires_at', '>', now)
          .orderBy('id', 'desc')
          .limit(1)
          .forUpdate()
          .executeTakeFirst();
        if (!row || row.attempts >= MAX_CODE_ATTEMPTS) return false;
        const right =
          !!o.code &&
          /^\d{1,10}$/.test(o.code) &&
          sameHex(row.code_hash, codeHash(o.merchantId, o.recipient, o.purpose, o.code));
        await trx
          .updateTable('verification_code')
          .set(right ? { used_at: now } : { attempts: row.attempts + 1 })
          .where('id', '=', row.id)
          .execute();
        return right;
      });
    },
  };
}
export type VerificationService = ReturnType<typeof verificationService>;
