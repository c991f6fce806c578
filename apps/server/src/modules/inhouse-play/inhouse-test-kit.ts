// Shared set-up of the in-house play tests: funded members, API calls with the merchant header, session
// and idempotency key, and the wallet balance read from the ledger.
import type { TestApp } from '../../test-support/test-app';
import { bearer, createMember, sessionFor } from '../../test-support/members';
import { fundWallet } from '../game-wallet/vendor-client';
import { accountBalance, memberWalletKey } from '../wallet/ledger';

export type Ok<T> = { success: true; value: T };
export type Err = { success: false; code: string };

export function inhouseKit(t: () => TestApp) {
  let keySeq = 0;
  const key = () => `inh-key-${process.pid}-${++keySeq}`;

  async function player(o: { funds?: bigint; type?: number; merchant?: string } = {}) {
    const m = await createMember(t(), {
      type: o.type ?? 0,
      ...(o.merchant ? { merchant: o.merchant } : {}),
    });
    const funds = o.funds ?? 100_000n;
    if (funds > 0n)
      await fundWallet(t().ctx.db, {
        merchantId: m.merchant_id,
        memberId: m.id,
        currency: 'PHP',
        amount: funds,
        key: `inh${m.id}`,
        book: o.type === 4 ? 'play' : 'real',
      });
    return { m, token: await sessionFor(t(), m), merchant: o.merchant ?? 'panalo' };
  }
  type P = Awaited<ReturnType<typeof player>>;

  const api = <T>(
    p: P | null,
    method: 'GET' | 'POST',
    url: string,
    body?: unknown,
    idem?: string,
    merchant?: string,
  ) =>
    t().request<Ok<T> | Err>({
      method,
      url,
      headers: {
        merchant: merchant ?? p?.merchant ?? 'panalo',
        ...(p ? bearer(p.token) : {}),
        ...(idem ? { 'idempotency-key': idem } : {}),
      },
      ...(body !== undefined ? { payload: body as Record<string, unknown> } : {}),
    });
  const value = <T>(r: { body: Ok<T> | Err }) => (r.body as Ok<T>).value;
  const code = (r: { body: unknown }) => (r.body as Err).code;
  const wallet = (p: P, book: 'real' | 'play' = 'real') =>
    accountBalance(t().ctx.db, memberWalletKey(p.m.merchant_id, p.m.id, 'PHP', book));
  return { key, player, api, value, code, wallet };
}
