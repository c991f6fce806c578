import { randomBytes } from 'node:crypto';
import { formatAmount } from '@panalo/contract/money';
import type { DepositOrder } from '@panalo/contract/cashier';
import { accountBalance, memberWalletKey } from '../wallet/ledger';
import { paysimSecret } from '../payments/paysim/paysim.secret';
import { signPaySim } from '../payments/paysim/paysim.signature';
import { configurePayments } from '../payments/adapter';
import { paysimAdapter, type PaySimEvent } from '../payments/paysim/paysim.adapter';
import type { TestApp } from '../../test-support/test-app';
import { bearer, createMember, sessionFor } from '../../test-support/members';

export type Ok<T> = { success: true; value: T };
export type Err = { success: false; code: string; value?: Record<string, unknown> };
/** An answer that may be either: tests read `value` after a success and `code` after a refusal. */
export type Reply<T> = { success: boolean; code?: string; value: T };
export type Created = Reply<{ order: DepositOrder; redirectUrl: string | null }>;

export const newKey = () => `k_${randomBytes(8).toString('hex')}`;

/** A fresh member with a session, on a merchant. */
export async function player(t: TestApp, merchant = 'panalo', type = 0) {
  const m = await createMember(t, { merchant, type });
  const token = await sessionFor(t, m);
  return { m, token, headers: bearer(token) };
}

export const operator = (t: TestApp, merchant = 'panalo') => player(t, merchant, 90);

export const walletOf = (t: TestApp, merchantId: number, memberId: bigint) =>
  accountBalance(t.ctx.db, memberWalletKey(merchantId, memberId, 'PHP'));

export async function createDeposit(
  t: TestApp,
  headers: Record<string, string>,
  body: Record<string, unknown>,
  key: string | null = newKey(),
  host = 'localhost',
) {
  return t.request<Created>({
    method: 'POST',
    url: '/api/cashier/deposits',
    headers: { ...headers, host, ...(key ? { 'idempotency-key': key } : {}) },
    payload: body,
  });
}

/** The PaySim adapter without a running simulator: tests sign callbacks themselves. */
export async function configureSignedCallbacks(t: TestApp): Promise<string> {
  const secret = await paysimSecret(t.ctx.db);
  configurePayments(t.ctx.db, {
    adapters: [paysimAdapter({ simulatorUrl: null, secret, clock: t.clock })],
  });
  return secret;
}

/** Sends a PaySim callback as the provider would (signed with `secret` at the app's clock). */
export async function sendCallback(
  t: TestApp,
  secret: string,
  event: PaySimEvent,
  o: { merchant?: string; signature?: string; at?: Date } = {},
) {
  const raw = JSON.stringify(event);
  return t.request<Reply<{ received: true }>>({
    method: 'POST',
    url: '/api/payments/paysim/callback',
    headers: {
      'content-type': 'application/json',
      merchant: o.merchant ?? 'panalo',
      'x-paysim-signature': o.signature ?? signPaySim(secret, raw, o.at ?? t.clock.now()),
    },
    payload: raw,
  });
}

/** A gateway order inserted as the create call would leave it (with a provider reference). */
export async function gatewayOrder(
  t: TestApp,
  o: { merchantId: number; memberId: bigint; amount: bigint; bonus?: bigint; promotion?: string },
) {
  const ref = `ps_${randomBytes(8).toString('hex')}`;
  const promotion = o.promotion
    ? await t.ctx.db
        .selectFrom('promotion')
        .select(['id', 'wagering_multiplier_tenths'])
        .where('merchant_id', '=', o.merchantId)
        .where('code', '=', o.promotion)
        .executeTakeFirstOrThrow()
    : null;
  const row = await t.ctx.db
    .insertInto('deposit_order')
    .values({
      merchant_id: o.merchantId,
      member_id: o.memberId,
      method_code: 'PAYSIM',
      kind: 'gateway',
      currency: 'PHP',
      amount: o.amount,
      bonus_amount: o.bonus ?? 0n,
      promotion_code: o.promotion ?? null,
      promotion_id: promotion?.id ?? null,
      wagering_tenths: promotion?.wagering_multiplier_tenths ?? null,
      provider: 'paysim',
      provider_ref: ref,
      created_at: t.clock.now(),
      updated_at: t.clock.now(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return row;
}

export const event = (
  order: { id: bigint; provider_ref: string | null; amount: bigint },
  status: 'paid' | 'failed',
  o: { eventId?: string; amount?: bigint; at?: number } = {},
): PaySimEvent => ({
  eventId: o.eventId ?? `evt_${randomBytes(6).toString('hex')}`,
  providerRef: order.provider_ref ?? '',
  orderId: String(order.id),
  status,
  amount: formatAmount(o.amount ?? order.amount),
  currency: 'PHP',
  occurredAt: o.at ?? 0,
});

/** The bonus paid with an order of an every-deposit promotion: its engine claim (keyed by the order). */
export async function depositBonusOf(t: TestApp, orderId: bigint) {
  return t.ctx.db
    .selectFrom('promotion_claim as c')
    .innerJoin('promotion as p', 'p.id', 'c.promotion_id')
    .leftJoin('ledger_transfer as x', 'x.id', 'c.transfer_id')
    .select(['c.status', 'c.amount', 'p.code', 'x.kind'])
    .where('c.period_key', '=', `order:${orderId}`)
    .executeTakeFirst();
}
