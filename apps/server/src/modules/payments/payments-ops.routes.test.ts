import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpsPayMongo } from '@panalo/contract/payments';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { operator, player, type Err, type Ok } from '../deposits/deposits.test-helpers';
import { payMongoAccountOf } from './paymongo/paymongo-account';
import { itRaces } from '../../test-support/races';

const SECRET = 'sk_test_Ab12Cd34Ef56Gh78';
const WEBHOOK = 'whsk_Zy98Xw76Vu54Ts32';
const methods = [
  { code: 'GCASH', enabled: true, min: '100', max: '20000' },
  { code: 'MAYA', enabled: false, min: '100', max: '20000' },
];

// The console's PayMongo settings: keys written and never read back, per merchant, owner-only.
describe('ops: a merchant’s PayMongo account and methods', () => {
  let t: TestApp;
  let owner: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    owner = (await operator(t)).headers;
  });
  afterAll(() => t.close());

  const put = (headers: Record<string, string>, payload: object, host = 'localhost') =>
    t.request<Ok<OpsPayMongo> | Err>({
      method: 'PUT',
      url: '/api/ops/payments/paymongo',
      headers: { ...headers, host },
      payload,
    });
  const get = (headers: Record<string, string>, host = 'localhost') =>
    t.request<Ok<OpsPayMongo>>({
      method: 'GET',
      url: '/api/ops/payments/paymongo',
      headers: { ...headers, host },
    });

  it('none yet: not configured, every method off, the webhook address on the merchant’s domain', async () => {
    const res = await get(owner);
    expect(res.status).toBe(200);
    expect(res.body.value).toMatchObject({ configured: false, apiUrl: null, secretKeyHint: null });
    expect(res.body.value.webhookUrl).toMatch(/^https:\/\/[^/]+\/api\/payments\/paymongo\/webhook$/);
    expect(res.body.value.methods.map((m) => [m.code, m.enabled])).toEqual([
      ['GCASH', false],
      ['MAYA', false],
      ['QRPH', false],
      ['GRABPAY', false],
      ['CARD', false],
    ]);
  });

  it('refusals are 4xx with a message key and change nothing', async () => {
    const base = { apiUrl: 'https://api.paymongo.com', livemode: false, methods, reason: 'Connect PayMongo' };
    const cases: [object, number, string][] = [
      [{ ...base, secretKey: SECRET }, 400, 'payment_keys_required'],
      [
        { ...base, secretKey: 'sk_live_Ab12Cd34Ef56Gh78', webhookSecret: WEBHOOK },
        400,
        'payment_key_mode_mismatch',
      ],
      [
        {
          ...base,
          secretKey: SECRET,
          webhookSecret: WEBHOOK,
          methods: [{ ...methods[0], min: '500', max: '100' }],
        },
        400,
        'payment_limits_invalid',
      ],
      [
        { ...base, secretKey: SECRET, webhookSecret: WEBHOOK, methods: [methods[0], methods[0]] },
        400,
        'payment_method_repeated',
      ],
      [{ ...base, secretKey: 'pk_test_Ab12Cd34Ef56Gh78', webhookSecret: WEBHOOK }, 400, 'validation_failed'],
      [
        { ...base, secretKey: SECRET, webhookSecret: WEBHOOK, reason: 'a\u0000b' },
        400,
        'text_invalid_characters',
      ],
      [
        { ...base, secretKey: SECRET, webhookSecret: WEBHOOK, methods: [{ ...methods[0], code: 'PAYSIM' }] },
        400,
        'validation_failed',
      ],
      [
        { ...base, secretKey: SECRET, webhookSecret: WEBHOOK, apiUrl: 'javascript:alert(1)' },
        400,
        'validation_failed',
      ],
    ];
    for (const [payload, status, code] of cases) {
      const res = await put(owner, payload);
      expect([res.status, (res.body as Err).code]).toEqual([status, code]);
    }
    expect((await get(owner)).body.value.configured).toBe(false);
    expect(await t.ctx.db.selectFrom('payment_account').select('merchant_id').execute()).toEqual([]);
  });

  it('saved: the key shows as a hint only, the methods join the cashier with their limits, audited with the reason', async () => {
    const res = await put(owner, {
      apiUrl: 'https://api.paymongo.com/',
      livemode: false,
      secretKey: SECRET,
      webhookSecret: WEBHOOK,
      methods,
      reason: 'Connect PayMongo',
    });
    expect(res.status).toBe(200);
    const view = (res.body as Ok<OpsPayMongo>).value;
    expect(view).toMatchObject({
      configured: true,
      apiUrl: 'https://api.paymongo.com',
      secretKeyHint: 'sk_test_…Gh78',
    });
    expect(JSON.stringify(view)).not.toContain(SECRET);
    expect(JSON.stringify(view)).not.toContain(WEBHOOK);
    expect(view.methods.slice(0, 2)).toEqual([
      { code: 'GCASH', name: 'GCash', enabled: true, min: '100.00', max: '20000.00' },
      { code: 'MAYA', name: 'Maya', enabled: false, min: '100.00', max: '20000.00' },
    ]);
    const merchantId = (
      await t.ctx.db
        .selectFrom('merchant')
        .select('id')
        .where('code', '=', 'panalo')
        .executeTakeFirstOrThrow()
    ).id;
    expect(await payMongoAccountOf(t.ctx.db, merchantId)).toEqual({
      apiUrl: 'https://api.paymongo.com',
      secretKey: SECRET,
      webhookSecret: WEBHOOK,
      livemode: false,
    });
    const p = await player(t);
    const opts = await t.request<Ok<{ methods: { code: string; min: string; max: string }[] }>>({
      method: 'GET',
      url: '/api/cashier/deposit/options',
      headers: p.headers,
    });
    const gcash = opts.body.value.methods.find((m) => m.code === 'GCASH');
    expect(gcash).toMatchObject({ min: '100.00', max: '20000.00' });
    expect(opts.body.value.methods.some((m) => m.code === 'MAYA')).toBe(false);
    // New to the cashier, PayMongo's methods come first.
    expect(opts.body.value.methods[0]!.code).toBe('GCASH');
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'payments.paymongo.save')
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(audit.details)).toContain('Connect PayMongo');
    expect(JSON.stringify(audit.details)).not.toContain(SECRET);

    // Keys left out stay; going live needs a live key.
    const live = await put(owner, {
      apiUrl: 'https://api.paymongo.com',
      livemode: true,
      methods: [],
      reason: 'Go live',
    });
    expect([live.status, (live.body as Err).code]).toEqual([400, 'payment_key_mode_mismatch']);
    const again = await put(owner, {
      apiUrl: 'https://api.paymongo.com',
      livemode: true,
      secretKey: 'sk_live_Qq11Ww22Ee33Rr44',
      methods: [{ code: 'MAYA', enabled: true, min: '50', max: '5000' }],
      reason: 'Go live',
    });
    expect(again.status).toBe(200);
    expect((again.body as Ok<OpsPayMongo>).value).toMatchObject({
      livemode: true,
      secretKeyHint: 'sk_live_…Rr44',
    });
    expect((await payMongoAccountOf(t.ctx.db, merchantId))!.webhookSecret).toBe(WEBHOOK);
  });

  it('a method code another provider uses is refused (409); members and visitors may not; luzon’s operator sees luzon’s', async () => {
    const luzon = await t.ctx.db
      .selectFrom('merchant')
      .select('id')
      .where('code', '=', 'luzon')
      .executeTakeFirstOrThrow();
    await t.ctx.db
      .insertInto('deposit_method')
      .values({
        merchant_id: luzon.id,
        code: 'GCASH',
        kind: 'bank_transfer',
        name: 'GCash transfer',
        provider: null,
        min_amount: 100n,
        max_amount: 1000n,
      })
      .execute();
    const luzonOwner = (await operator(t, 'luzon')).headers;
    const taken = await put(
      luzonOwner,
      {
        apiUrl: 'https://api.paymongo.com',
        livemode: false,
        secretKey: SECRET,
        webhookSecret: WEBHOOK,
        methods,
        reason: 'Connect',
      },
      'luzon.localhost',
    );
    expect([taken.status, (taken.body as Err).code]).toEqual([409, 'payment_method_taken']);
    expect((await get(luzonOwner, 'luzon.localhost')).body.value.configured).toBe(false);

    const member = await player(t);
    expect((await get(member.headers)).status).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/ops/payments/paymongo' })).status).toBe(401);
  });

  itRaces(
    'two first saves at the same moment both succeed: the account is one row, the last save’s',
    async () => {
      const panalo = await t.ctx.db
        .selectFrom('merchant')
        .select('id')
        .where('code', '=', 'panalo')
        .executeTakeFirstOrThrow();
      await t.ctx.db.deleteFrom('payment_account').where('merchant_id', '=', panalo.id).execute();
      const keys = ['sk_test_Aa11Bb22Cc33Dd01', 'sk_test_Aa11Bb22Cc33Dd02', 'sk_test_Aa11Bb22Cc33Dd03'];
      const answers = await Promise.all(
        keys.map((secretKey) =>
          put(owner, {
            apiUrl: 'https://api.paymongo.com',
            livemode: false,
            secretKey,
            webhookSecret: WEBHOOK,
            methods,
            reason: 'Connect at once',
          }),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
      const rows = await t.ctx.db
        .selectFrom('payment_account')
        .select('secret_key_last4')
        .where('merchant_id', '=', panalo.id)
        .execute();
      expect(rows).toHaveLength(1);
      expect(['Dd01', 'Dd02', 'Dd03']).toContain(rows[0]!.secret_key_last4);
    },
  );
});
