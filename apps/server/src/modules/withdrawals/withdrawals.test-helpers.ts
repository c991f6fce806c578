import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { BankCard, Withdrawal } from '@panalo/contract/cashier';
import type { MemberRow } from '../identity/members.repository';
import { bearer, createMember, sessionFor } from '../../test-support/members';
import type { TestApp } from '../../test-support/test-app';
import { accountBalance, ledgerAccount, memberWalletKey, postTransfer } from '../wallet/ledger';
import { pendingWithdrawalKey } from './withdrawals.service';
import { inTransaction } from '../../db/transaction';

export type Ok<T> = { success: true; value: T };
export type Err = { success: false; code: string; message: string; value?: Record<string, unknown> };
/** Either answer, for tests that read both a success and a refusal from one call. */
export type Either<T> = { success: boolean; value: T; code: string; message: string };

export const PAY_PW = '135790';
export const newKey = () => `k-${randomBytes(8).toString('hex')}`;
const hosts: Record<string, string> = { panalo: 'localhost', luzon: 'luzon.localhost' };

export interface Player {
  member: MemberRow & { password: string };
  token: string;
  host: string;
  headers: Record<string, string>;
}

/** A fresh real member with a session (and nothing else: no payee, no payment password, no money). */
export async function player(t: TestApp, o: { merchant?: string; type?: number } = {}): Promise<Player> {
  const merchant = o.merchant ?? 'panalo';
  const member = await createMember(t, { merchant, ...(o.type !== undefined ? { type: o.type } : {}) });
  const token = await sessionFor(t, member);
  const host = hosts[merchant] ?? 'localhost';
  return { member, token, host, headers: { ...bearer(token), host } };
}

/** A call as this player (host and bearer set). */
export function as<T = unknown>(
  t: TestApp,
  p: Player,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
) {
  return t.request<T>({
    method,
    url,
    headers: { ...p.headers, ...headers },
    ...(payload ? { payload } : {}),
  });
}

/** Credits real money into the player's wallet through the ledger (an adjustment, as an operator would). */
export async function credit(t: TestApp, p: Player, minor: bigint): Promise<void> {
  const { merchant_id: merchantId, id } = p.member;
  const wallet = await ledgerAccount(t.ctx.db, memberWalletKey(merchantId, id, 'PHP'));
  const source = await ledgerAccount(t.ctx.db, {
    merchantId,
    book: 'real',
    kind: 'adjustment',
    currency: 'PHP',
  });
  await inTransaction(t.ctx.db, 'withdrawals.test-helpers.credit', (trx) =>
    postTransfer(trx, {
      merchantId,
      book: 'real',
      kind: 'adjustment',
      createdBy: 'test',
      at: t.clock.now(),
      legs: [
        { accountId: source, amount: -minor },
        { accountId: wallet, amount: minor },
      ],
    }),
  );
}

export const walletOf = (t: TestApp, p: Player) =>
  accountBalance(t.ctx.db, memberWalletKey(p.member.merchant_id, p.member.id, 'PHP'));
export const pendingOf = (t: TestApp, p: Player) =>
  accountBalance(t.ctx.db, pendingWithdrawalKey(p.member.merchant_id, p.member.id, 'PHP'));

export async function withdrawalCount(t: TestApp, p: Player): Promise<number> {
  const r = await t.ctx.db
    .selectFrom('withdrawal')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('member_id', '=', p.member.id)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** A player ready to withdraw: payee name, payment password, one card and `balance` in the wallet. */
export async function readyPlayer(
  t: TestApp,
  o: { merchant?: string; type?: number; balance?: bigint; cardNumber?: string; bankCode?: string } = {},
): Promise<Player & { card: BankCard }> {
  const p = await player(t, {
    ...(o.merchant ? { merchant: o.merchant } : {}),
    ...(o.type !== undefined ? { type: o.type } : {}),
  });
  let r = await as(t, p, 'POST', '/api/cashier/payee-name', { payeeName: 'Maria Clara' });
  expect(r.status).toBe(200);
  r = await as(t, p, 'POST', '/api/cashier/payment-password', {
    loginPassword: p.member.password,
    paymentPassword: PAY_PW,
    confirmPaymentPassword: PAY_PW,
  });
  expect(r.status).toBe(200);
  const card = await as<Ok<BankCard>>(t, p, 'POST', '/api/cashier/cards', {
    bankCode: o.bankCode ?? 'BDO',
    cardNumber: o.cardNumber ?? `4${randomDigits(15)}`,
    paymentPassword: PAY_PW,
  });
  expect(card.status).toBe(200);
  if (o.balance) await credit(t, p, o.balance);
  return { ...p, card: card.body.value };
}

export function randomDigits(n: number): string {
  return Array.from(randomBytes(n), (b) => String(b % 10)).join('');
}

/** Requests a withdrawal as the player. */
export function withdraw(
  t: TestApp,
  p: Player,
  body: { cardId: string; amount: string; paymentPassword?: string },
  key: string | null = newKey(),
) {
  return as<Ok<Withdrawal> | Err>(
    t,
    p,
    'POST',
    '/api/cashier/withdrawals',
    { paymentPassword: PAY_PW, ...body },
    key === null ? {} : { 'idempotency-key': key },
  );
}

/** An operator of the merchant, with a session. */
export async function operator(t: TestApp, merchant = 'panalo'): Promise<Player> {
  return player(t, { merchant, type: 90 });
}
