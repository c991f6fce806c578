import { createDecipheriv, generateKeyPair, privateDecrypt, constants, randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ENVELOPE_ALGORITHM, deviceHeader, envelope as envelopeSchema } from '@panalo/contract/auth';
import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { DomainError } from '../../lib/domain-error';

/** How far the client's timestamp may be from ours; nonces are remembered a little longer. */
export const ENVELOPE_WINDOW_MS = 120_000;
const NONCE_TTL_MS = 2 * ENVELOPE_WINDOW_MS;

const generate = promisify(generateKeyPair);
const invalid = (why: string) =>
  new DomainError('envelope_invalid', 400, `Invalid encrypted payload: ${why}`);

export interface LoginEnvelope {
  /** The active public key (made on first use and shared by every process through the database). */
  publicKey(): Promise<{ kid: string; publicKey: string }>;
  /**
   * Decrypts a request's envelope, checks the Encryption and Device headers, freshness and replay,
   * then validates the payload; returns it with the device id.
   */
  open<S extends z.ZodType>(
    request: FastifyRequest,
    schema: S,
  ): Promise<{ payload: z.infer<S>; device: string }>;
}

export function loginEnvelope(db: Database, clock: Clock): LoginEnvelope {
  const keys = new Map<string, string>();
  let purgeCounter = 0;

  async function activeKey(): Promise<{ kid: string; public_key: string }> {
    const row = await db
      .selectFrom('login_key')
      .select(['kid', 'public_key'])
      .where('retired_at', 'is', null)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (row) return row;
    const pair = await generate('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'der' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    const created = {
      kid: randomUUID(),
      public_key: pair.publicKey.toString('base64'),
      private_key: pair.privateKey,
    };
    // Two processes may race here: both keys stay valid (looked up by kid), the newest is published.
    await db.insertInto('login_key').values(created).execute();
    return created;
  }

  async function privateKey(kid: string): Promise<string> {
    const cached = keys.get(kid);
    if (cached) return cached;
    const row = await db
      .selectFrom('login_key')
      .select('private_key')
      .where('kid', '=', kid)
      .executeTakeFirst();
    if (!row)
      throw new DomainError('envelope_key_unknown', 400, 'Unknown encryption key; fetch the login key again');
    keys.set(kid, row.private_key);
    return row.private_key;
  }

  return {
    async publicKey() {
      const k = await activeKey();
      return { kid: k.kid, publicKey: k.public_key };
    },

    async open(request, schema) {
      if (request.headers['encryption'] !== ENVELOPE_ALGORITHM) throw invalid('Encryption header');
      const device = deviceHeader.safeParse(request.headers['device']);
      if (!device.success) throw invalid('Device header');
      const env = envelopeSchema.safeParse(request.body);
      if (!env.success) throw invalid('envelope shape');
      const key = await privateKey(env.data.kid);

      let plaintext: string;
      try {
        const aesKey = privateDecrypt(
          { key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
          Buffer.from(env.data.key, 'base64'),
        );
        const iv = Buffer.from(env.data.iv, 'base64');
        const data = Buffer.from(env.data.data, 'base64');
        if (aesKey.length !== 32 || iv.length !== 12 || data.length < 17) throw new Error('sizes');
        const decipher = createDecipheriv('aes-256-gcm', aesKey, iv);
        decipher.setAuthTag(data.subarray(data.length - 16));
        plaintext = Buffer.concat([
          decipher.update(data.subarray(0, data.length - 16)),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        throw invalid('cannot decrypt');
      }

      let json: unknown;
      try {
        json = JSON.parse(plaintext);
      } catch {
        throw invalid('payload is not JSON');
      }
      const parsed = schema.safeParse(json);
      if (!parsed.success) {
        throw new DomainError('validation_failed', 400, 'Invalid request', {
          issues: parsed.error.issues.map((i) => ({ path: i.path.join('.'), code: i.code })),
        });
      }
      const fresh = parsed.data as { ts?: unknown; nonce?: unknown };
      const now = clock.now();
      if (typeof fresh.ts !== 'number' || Math.abs(now.getTime() - fresh.ts) > ENVELOPE_WINDOW_MS) {
        throw new DomainError('envelope_expired', 400, 'The request is too old or the device clock is wrong');
      }
      if (typeof fresh.nonce !== 'string') throw invalid('nonce');
      const inserted = await db
        .insertInto('envelope_nonce')
        .values({ nonce: fresh.nonce, expires_at: new Date(now.getTime() + NONCE_TTL_MS) })
        .onConflict((oc) => oc.column('nonce').doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) {
        throw new DomainError('envelope_replay', 400, 'This request was already used');
      }
      if (++purgeCounter % 50 === 0) {
        await db.deleteFrom('envelope_nonce').where('expires_at', '<', now).execute();
      }
      return { payload: parsed.data, device: device.data };
    },
  };
}
