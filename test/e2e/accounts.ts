import type { Page } from 'playwright-core';
import { sha256Hex } from '../../apps/server/src/lib/crypto';
import type { Journey } from './harness';

/** What a person reads off the screen or a phone, read by the journeys from the database instead. */
export function accountHelpers(journey: () => Journey) {
  const db = () => journey().t.ctx.db;
  const merchantId = async (code: string) =>
    (await db().selectFrom('merchant').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;

  const deviceOf = async (page: Page) => {
    const device = await page.evaluate(() => localStorage.getItem('deviceId'));
    if (!device) throw new Error('no deviceId in the page');
    return device;
  };

  /**
   * The answer of the captcha now on screen: the row keeps sha256(`${merchantId}:${device}:${answer}`),
   * so trying all 10,000 answers finds it.
   */
  const solveCaptcha = async (page: Page, merchant = 'panalo') => {
    await page.getByTestId('captcha-image').waitFor();
    const id = await merchantId(merchant);
    const device = await deviceOf(page);
    const row = await db()
      .selectFrom('captcha')
      .select('answer_hash')
      .where('merchant_id', '=', id)
      .where('device', '=', device)
      .where('used_at', 'is', null)
      .executeTakeFirstOrThrow();
    for (let i = 0; i < 10_000; i++) {
      const answer = String(i).padStart(4, '0');
      if (sha256Hex(`${id}:${device}:${answer}`) === row.answer_hash) return answer;
    }
    throw new Error('captcha not solvable');
  };

  /** The SMS code the development outbox holds for this number. */
  const smsCode = async (merchant: string, recipient: string) => {
    const id = await merchantId(merchant);
    for (let tries = 0; tries < 50; tries++) {
      const row = await db()
        .selectFrom('outbox_message')
        .select('body')
        .where('merchant_id', '=', id)
        .where('recipient', '=', recipient)
        .orderBy('id', 'desc')
        .executeTakeFirst();
      const code = row && /\b(\d{4,10})\b/.exec(row.body)?.[1];
      if (code) return code;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`no SMS for ${recipient}`);
  };

  /** The session the page keeps (MC_SESSION_INFO). */
  const session = async (page: Page) =>
    JSON.parse((await page.evaluate(() => localStorage.getItem('MC_SESSION_INFO'))) ?? 'null') as {
      token: string;
      userName: string;
      type: number;
      merchantCode: string;
    } | null;

  return { merchantId, deviceOf, solveCaptcha, smsCode, session };
}
