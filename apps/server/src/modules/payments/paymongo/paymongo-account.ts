import { formatAmount, parseAmount } from '@panalo/contract/money';
import { PAYMONGO_METHOD_NAMES, PAYMONGO_METHODS } from '@panalo/contract/payment-rules';
import type { OpsPayMongo, OpsPayMongoInput } from '@panalo/contract/payments';
import type { Database } from '../../../db/database';
import type { Clock } from '../../../lib/clock';
import { audit } from '../../../lib/audit';
import { DomainError } from '../../../lib/domain-error';
import { seal, sharedKey, unseal } from '../../../lib/sealed';
import type { PayMongoAccount } from './paymongo.adapter';
import { inTransaction } from '../../../db/transaction';

export const PAYMONGO_PROVIDER = 'paymongo';
const KEY_NAME = 'payments.account-key';
/** Limits a method starts with on the console's form before the operator sets its own (pesos). */
const DEFAULT_MIN = 100n * 100n;
const DEFAULT_MAX = 50_000n * 100n;

const keys = new WeakMap<Database, Promise<Buffer>>();
function accountKey(db: Database): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = sharedKey(db, KEY_NAME);
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

/** The sealed secrets are bound to their merchant and provider: copied onto another row they do not open. */
const owner = (merchantId: number, part: string) => `${merchantId}:${PAYMONGO_PROVIDER}:${part}`;

/** A merchant's PayMongo account with its secrets opened, or null when it has none. */
export async function payMongoAccountOf(db: Database, merchantId: number): Promise<PayMongoAccount | null> {
  const row = await db
    .selectFrom('payment_account')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('provider', '=', PAYMONGO_PROVIDER)
    .executeTakeFirst();
  if (!row) return null;
  const key = await accountKey(db);
  return {
    apiUrl: row.api_url,
    secretKey: unseal(key, owner(merchantId, 'secret'), row.secret_key_sealed),
    webhookSecret: unseal(key, owner(merchantId, 'webhook'), row.webhook_secret_sealed),
    livemode: row.livemode,
  };
}

/** The same by merchant code (what the payment adapter is given). */
export async function payMongoAccountByCode(
  db: Database,
  merchantCode: string,
): Promise<PayMongoAccount | null> {
  const m = await db.selectFrom('merchant').select('id').where('code', '=', merchantCode).executeTakeFirst();
  return m ? payMongoAccountOf(db, m.id) : null;
}

/** What the console shows: the account without its secrets, the webhook address, each method's state. */
export async function opsPayMongoView(db: Database, merchantId: number): Promise<OpsPayMongo> {
  const [row, merchant, methods] = await Promise.all([
    db
      .selectFrom('payment_account')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .where('provider', '=', PAYMONGO_PROVIDER)
      .executeTakeFirst(),
    db.selectFrom('merchant').select('main_domain').where('id', '=', merchantId).executeTakeFirstOrThrow(),
    db
      .selectFrom('deposit_method')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .where('provider', '=', PAYMONGO_PROVIDER)
      .execute(),
  ]);
  const live = row?.livemode ?? false;
  return {
    configured: row !== undefined,
    apiUrl: row?.api_url ?? null,
    livemode: live,
    secretKeyHint: row ? `${live ? 'sk_live_' : 'sk_test_'}…${row.secret_key_last4}` : null,
    webhookUrl: `https://${merchant.main_domain}/api/payments/paymongo/webhook`,
    methods: PAYMONGO_METHODS.map((code) => {
      const m = methods.find((x) => x.code === code);
      return {
        code,
        name: m?.name ?? PAYMONGO_METHOD_NAMES[code],
        enabled: m?.enabled ?? false,
        min: formatAmount(m?.min_amount ?? DEFAULT_MIN),
        max: formatAmount(m?.max_amount ?? DEFAULT_MAX),
      };
    }),
    updatedAt: row ? row.updated_at.toISOString() : null,
    updatedBy: row?.updated_by ?? null,
  };
}

const refuse = (code: string, message: string, status = 400) => new DomainError(code, status, message);

/**
 * Saves a merchant's PayMongo account and the methods it collects, in one transaction, audited with the
 * reason. Keys left out keep their stored value (both are required the first time); a secret key must be
 * of the account's mode (sk_live_ for live); a method's limits are whole centavos with min ≤ max; a method
 * code another provider already uses on this merchant is refused.
 */
export async function savePayMongoAccount(
  db: Database,
  clock: Clock,
  o: { merchantId: number; actor: string; input: OpsPayMongoInput; ip?: string },
): Promise<OpsPayMongo> {
  const { input } = o;
  const limits = input.methods.map((m) => ({
    ...m,
    minAmount: parseAmount(m.min),
    maxAmount: parseAmount(m.max),
  }));
  if (new Set(input.methods.map((m) => m.code)).size !== input.methods.length)
    throw refuse('payment_method_repeated', 'Each method appears once');
  for (const m of limits) {
    if (m.minAmount === null || m.maxAmount === null || m.minAmount <= 0n || m.minAmount > m.maxAmount)
      throw refuse('payment_limits_invalid', 'A method’s minimum must be above zero and at most its maximum');
  }
  const key = await accountKey(db);
  await inTransaction(db, 'paymongo-account.savePayMongoAccount', async (trx) => {
    const at = clock.now();
    const row = await trx
      .selectFrom('payment_account')
      .selectAll()
      .where('merchant_id', '=', o.merchantId)
      .where('provider', '=', PAYMONGO_PROVIDER)
      .forUpdate()
      .executeTakeFirst();
    if (!row && (!input.secretKey || !input.webhookSecret))
      throw refuse('payment_keys_required', 'Enter the secret key and the webhook secret');
    const secretKey = input.secretKey ?? unseal(key, owner(o.merchantId, 'secret'), row!.secret_key_sealed);
    if (secretKey.startsWith('sk_live_') !== input.livemode)
      throw refuse(
        'payment_key_mode_mismatch',
        'A live account needs an sk_live_ key, a test one an sk_test_ key',
      );
    const taken = await trx
      .selectFrom('deposit_method')
      .select('code')
      .where('merchant_id', '=', o.merchantId)
      .where('code', 'in', input.methods.length ? input.methods.map((m) => m.code) : ['-'])
      .where((eb) => eb.or([eb('provider', 'is', null), eb('provider', '!=', PAYMONGO_PROVIDER)]))
      .executeTakeFirst();
    if (taken) throw refuse('payment_method_taken', 'Another deposit method already uses this code', 409);
    const values = {
      api_url: input.apiUrl.replace(/\/+$/, ''),
      secret_key_sealed: seal(key, owner(o.merchantId, 'secret'), secretKey),
      secret_key_last4: secretKey.slice(-4),
      livemode: input.livemode,
      updated_at: at,
      updated_by: o.actor,
      ...(input.webhookSecret || !row
        ? { webhook_secret_sealed: seal(key, owner(o.merchantId, 'webhook'), input.webhookSecret!) }
        : {}),
    };
    if (row) {
      await trx
        .updateTable('payment_account')
        .set(values)
        .where('merchant_id', '=', o.merchantId)
        .where('provider', '=', PAYMONGO_PROVIDER)
        .execute();
    } else {
      // Two first saves at once both find no row: the later one updates what the first inserted
      // (as if they had come one after the other) instead of failing on the key.
      await trx
        .insertInto('payment_account')
        .values({
          merchant_id: o.merchantId,
          provider: PAYMONGO_PROVIDER,
          webhook_secret_sealed: '',
          ...values,
        })
        .onConflict((oc) => oc.columns(['merchant_id', 'provider']).doUpdateSet(values))
        .execute();
    }
    // Methods new to the cashier go first, in PayMongo's order: e-wallets are what members here reach for.
    const first = await trx
      .selectFrom('deposit_method')
      .select((eb) => eb.fn.min('sort').as('sort'))
      .where('merchant_id', '=', o.merchantId)
      .executeTakeFirst();
    let sort = Number(first?.sort ?? 0) - limits.length;
    for (const m of limits) {
      const updated = await trx
        .updateTable('deposit_method')
        .set({ enabled: m.enabled, min_amount: m.minAmount!, max_amount: m.maxAmount! })
        .where('merchant_id', '=', o.merchantId)
        .where('code', '=', m.code)
        .where('provider', '=', PAYMONGO_PROVIDER)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) > 0) continue;
      await trx
        .insertInto('deposit_method')
        .values({
          merchant_id: o.merchantId,
          code: m.code,
          kind: 'gateway',
          name: PAYMONGO_METHOD_NAMES[m.code],
          provider: PAYMONGO_PROVIDER,
          min_amount: m.minAmount!,
          max_amount: m.maxAmount!,
          enabled: m.enabled,
          sort: sort++,
        })
        .execute();
    }
    await audit(trx, {
      merchantId: o.merchantId,
      actor: o.actor,
      action: 'payments.paymongo.save',
      target: `payment_account:${PAYMONGO_PROVIDER}`,
      details: {
        reason: input.reason,
        apiUrl: values.api_url,
        livemode: input.livemode,
        secretKeyChanged: input.secretKey !== undefined,
        webhookSecretChanged: input.webhookSecret !== undefined,
        methods: input.methods,
        ...(o.ip ? { ip: o.ip } : {}),
      },
      at,
    });
  });
  return opsPayMongoView(db, o.merchantId);
}
