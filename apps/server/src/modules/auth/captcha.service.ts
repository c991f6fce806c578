import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { randomDigits, sameHex, sha256Hex } from '../../lib/crypto';
import { drawCaptcha } from './captcha-image';
import { inTransaction } from '../../db/transaction';
import { authRepository } from './auth.repository';

export const CAPTCHA_TTL_MS = 5 * 60_000;
export const CAPTCHA_LENGTH = 4;

// The answer is bound to the merchant and the device, so a hash leaked from one cannot serve another.
const answerHash = (merchantId: number, device: string, answer: string) =>
  sha256Hex(`${merchantId}:${device}:${answer}`);

/** Server-made numeric captchas: answer stored hashed, expiring, single use, one live captcha per device. */
export function captchaService(db: Database, clock: Clock) {
  return {
    /** A new captcha for this device (replacing any earlier one); the PNG as base64. */
    async create(merchantId: number, device: string): Promise<string> {
      const answer = randomDigits(CAPTCHA_LENGTH);
      const now = clock.now();
      await inTransaction(db, 'captcha.service.create', async (trx) => {
        const repo = authRepository(trx);
        await repo.deleteCaptchas(merchantId, device);
        await repo.insertCaptcha({
          merchantId,
          device,
          answerHash: answerHash(merchantId, device, answer),
          expiresAt: new Date(now.getTime() + CAPTCHA_TTL_MS),
          at: now,
        });
      });
      return drawCaptcha(answer).toString('base64');
    },

    /** Checks an answer; any attempt uses the captcha up (right or wrong), so it cannot be guessed at. */
    async verify(merchantId: number, device: string, answer: string | undefined): Promise<boolean> {
      const now = clock.now();
      const hash = await authRepository(db).useCaptcha(merchantId, device, now);
      if (hash === undefined || !answer || !/^\d{1,6}$/.test(answer)) return false;
      return sameHex(hash, answerHash(merchantId, device, answer));
    },
  };
}
export type CaptchaService = ReturnType<typeof captchaService>;
