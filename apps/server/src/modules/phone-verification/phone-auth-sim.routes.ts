import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { z } from 'zod';
import { FIREBASE_ISSUER } from './phone-token';

/** Where the development issuer answers (under /api): a merchant's phoneVerification.authUrl for the demo. */
export const PHONE_AUTH_SIM_PATH = '/dev/phone-auth';
export const PHONE_AUTH_SIM_URL = `/api${PHONE_AUTH_SIM_PATH}`;
const CODE_TTL_MS = 5 * 60_000;
const MAX_TRIES = 5;

/** An answer in the Identity Toolkit's error shape ({ error: { code, message } }). */
const failure = (message: string) => ({
  error: { code: 400, message, errors: [{ message, reason: 'invalid' }] },
});

const sendBody = z.object({
  phoneNumber: z.string().max(32),
  recaptchaToken: z.string().max(4096).optional(),
});
const signInBody = z.object({ sessionInfo: z.string().max(128), code: z.string().max(16) });
const keyQuery = z.object({ key: z.string().max(128).optional() });

/**
 * A local issuer speaking Firebase Authentication's phone sign-in protocol (issue 19 item 6), for the demo
 * and the tests: why not the Firebase emulator — its ID tokens are unsigned (alg "none"), so a server that
 * checks signatures against published keys, as it must in production, could never accept them. This one
 * signs RS256 tokens with Firebase's claims (iss https://securetoken.google.com/<project>, aud, sub,
 * auth_time, phone_number, firebase.sign_in_provider "phone") and publishes its key at /jwks.
 *
 *  POST …/v1/accounts:sendVerificationCode?key=  { phoneNumber } → { sessionInfo }; the code is "sent" to
 *       the development outbox, as our own SMS codes are.
 *  POST …/v1/accounts:signInWithPhoneNumber?key= { sessionInfo, code } → { idToken, expiresIn, … }
 *  GET  …/jwks
 *
 * Development only (like the outbox): outside it the routes do not exist. Its key lives in this process.
 */
export const phoneAuthSimRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.ctx.dev) return;
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = randomUUID();
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  app.ctx.phoneKeys.register(PHONE_AUTH_SIM_URL, createLocalJWKSet({ keys: [jwk] }));
  const pending = new Map<
    string,
    { phone: string; code: string; until: number; tries: number; project: string }
  >();

  /** The project of the API key: the requesting merchant's, when the key is its own. */
  const projectOf = (
    req: {
      merchant: { settings: { phoneVerification?: { apiKey: string; projectId: string; authUrl: string } } };
    },
    key: string | undefined,
  ) => {
    const cfg = req.merchant.settings.phoneVerification;
    return cfg && cfg.authUrl === PHONE_AUTH_SIM_URL && cfg.apiKey === key ? cfg.projectId : null;
  };
  const tags = ['dev'];

  app.post(
    `${PHONE_AUTH_SIM_PATH}/v1/accounts::sendVerificationCode`,
    {
      schema: {
        tags,
        summary: 'Development phone-verification issuer: send a code',
        querystring: keyQuery,
        body: sendBody,
      },
    },
    async (req, reply) => {
      const project = projectOf(req, req.query.key);
      if (!project) return reply.code(400).send(failure('API_KEY_INVALID'));
      const phone = req.body.phoneNumber;
      if (!/^\+\d{6,16}$/.test(phone)) return reply.code(400).send(failure('INVALID_PHONE_NUMBER'));
      const now = app.ctx.clock.now().getTime();
      for (const [k, v] of pending) if (v.until < now) pending.delete(k);
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const sessionInfo = randomBytes(24).toString('base64url');
      pending.set(sessionInfo, { phone, code, until: now + CODE_TTL_MS, tries: 0, project });
      const dial = req.merchant.settings.countryDialingCodes.find((d) => phone.startsWith(d)) ?? '';
      await app.ctx.messaging.sendSms({
        merchantId: req.merchant.id,
        countryDialingCode: dial,
        mobileNum: phone.slice(dial.length),
        text: `${code} is your verification code.`,
      });
      return { sessionInfo };
    },
  );

  app.post(
    `${PHONE_AUTH_SIM_PATH}/v1/accounts::signInWithPhoneNumber`,
    {
      schema: {
        tags,
        summary: 'Development phone-verification issuer: check a code, get an ID token',
        querystring: keyQuery,
        body: signInBody,
      },
    },
    async (req, reply) => {
      const project = projectOf(req, req.query.key);
      if (!project) return reply.code(400).send(failure('API_KEY_INVALID'));
      const p = pending.get(req.body.sessionInfo);
      const now = app.ctx.clock.now();
      if (!p || p.until < now.getTime() || p.project !== project)
        return reply.code(400).send(failure('SESSION_EXPIRED'));
      if (p.code !== req.body.code) {
        if (++p.tries >= MAX_TRIES) pending.delete(req.body.sessionInfo);
        return reply.code(400).send(failure('INVALID_CODE'));
      }
      pending.delete(req.body.sessionInfo);
      const uid = randomBytes(14).toString('base64url');
      const seconds = Math.floor(now.getTime() / 1000);
      const idToken = await new SignJWT({
        auth_time: seconds,
        user_id: uid,
        phone_number: p.phone,
        firebase: { identities: { phone: [p.phone] }, sign_in_provider: 'phone' },
      })
        .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
        .setIssuer(`${FIREBASE_ISSUER}${project}`)
        .setAudience(project)
        .setSubject(uid)
        .setIssuedAt(seconds)
        .setExpirationTime(seconds + 3600)
        .sign(privateKey);
      return {
        idToken,
        refreshToken: randomBytes(32).toString('base64url'),
        expiresIn: '3600',
        localId: uid,
        isNewUser: true,
        phoneNumber: p.phone,
      };
    },
  );

  app.get(
    `${PHONE_AUTH_SIM_PATH}/jwks`,
    { schema: { tags, summary: 'Development phone-verification issuer: its public keys' } },
    async () => ({
      keys: [jwk],
    }),
  );
};
