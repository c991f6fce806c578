// The operator's command line (the console at /admin/ does the same with screens):
//   npm run ops -- [--url http://localhost:8080] [--merchant panalo] [--user ops01] [--password Staff1234] \
//                  --otp <the authenticator's code> <GET|POST> <path under /api> [JSON body]
// Staff sign in with a second factor: the first sign-in (without --otp) prints the secret to add to an
// authenticator app (otp_setup_required); then pass its current code with --otp.
// e.g. npm run ops -- GET '/ops/deposits?status=pending'
//      npm run ops -- POST /ops/deposits/3/approve '{}'
//      npm run ops -- POST /ops/adjustments '{"username":"demo01","amount":"100.00","reason":"goodwill"}'
// It signs in through the operator login (the same encrypted envelope as the member site) and sends each
// POST with a fresh Idempotency-Key.
import { randomBytes, randomUUID } from 'node:crypto';
import { ENVELOPE_ALGORITHM, type LoginKey } from '@panalo/contract/auth';
import { fresh, sealEnvelope } from '@panalo/contract/envelope-client';

function option(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const value = process.argv[i + 1] ?? fallback;
  process.argv.splice(i, 2);
  return value;
}

async function main(): Promise<number> {
  const base = option('url', process.env.PANALO_URL ?? 'http://localhost:8080');
  const merchant = option('merchant', 'panalo');
  const username = option('user', 'ops01');
  const password = option('password', 'Staff1234');
  const otp = option('otp', process.env.PANALO_OTP ?? '');
  const [method, path, body] = process.argv.slice(2);
  if ((method !== 'GET' && method !== 'POST') || !path?.startsWith('/')) {
    console.error(
      'usage: npm run ops -- [--url U] [--merchant M] [--user U] [--password P] --otp CODE GET|POST /path [json]',
    );
    return 2;
  }
  const headers = { merchant, accept: 'application/json' };
  const call = async (
    m: string,
    p: string,
    init: { headers?: Record<string, string>; body?: string } = {},
  ) => {
    const res = await fetch(`${base}/api${p}`, {
      method: m,
      headers: { ...headers, ...init.headers },
      body: init.body,
    });
    return { status: res.status, json: (await res.json()) as { success: boolean; value?: unknown } };
  };

  const key = (await call('GET', '/auth/login-key')).json.value as LoginKey;
  const envelope = await sealEnvelope(
    key,
    fresh({ type: 'username', username, password, ...(otp ? { otp } : {}) }),
  );
  const login = await call('POST', '/ops/login', {
    headers: {
      'content-type': 'application/json',
      encryption: ENVELOPE_ALGORITHM,
      device: `ops-${randomBytes(9).toString('hex')}`,
    },
    body: JSON.stringify(envelope),
  });
  if (login.status !== 200) {
    console.error(JSON.stringify(login.json, null, 2));
    return 1;
  }
  const token = (login.json.value as { token: string }).token;
  const res = await call(method, path, {
    headers: {
      authorization: `Bearer ${token}`,
      ...(method === 'POST' ? { 'content-type': 'application/json', 'idempotency-key': randomUUID() } : {}),
    },
    ...(method === 'POST' ? { body: body ?? '{}' } : {}),
  });
  console.log(JSON.stringify(res.json, null, 2));
  return res.status < 300 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
