import type { Database } from '../../db/database';
import type { LedgerBook } from '../../db/schema';
import { ledgerAccount, memberWalletKey, postTransfer } from '../wallet/ledger';
import type { TestApp } from '../../test-support/test-app';
import { DEMO_VENDOR } from './game-wallet.seed';
import { signBody, SIGNATURE_HEADER } from './vendor-auth';
import { inTransaction } from '../../db/transaction';

export type Callback = 'authenticate' | 'balance' | 'bet' | 'win' | 'rollback' | 'end';

/** The vendor's HMAC secret as stored for (merchant, vendor). */
export async function vendorSecret(
  t: Pick<TestApp, 'ctx'>,
  merchant = 'panalo',
  vendor: string = DEMO_VENDOR.code,
) {
  const row = await t.ctx.db
    .selectFrom('game_vendor as v')
    .innerJoin('merchant as m', 'm.id', 'v.merchant_id')
    .select('v.hmac_secret')
    .where('m.code', '=', merchant)
    .where('v.code', '=', vendor)
    .executeTakeFirstOrThrow();
  return row.hmac_secret;
}

/**
 * Calls a wallet callback as a vendor would: the JSON body signed with the vendor's secret (or the
 * signature given), from the address given (loopback by default).
 */
export async function vendorCall<T = unknown>(
  t: TestApp,
  callback: Callback,
  body: Record<string, unknown>,
  o: { merchant?: string; vendor?: string; secret?: string; signature?: string | null; ip?: string } = {},
) {
  const merchant = o.merchant ?? 'panalo';
  const vendor = o.vendor ?? DEMO_VENDOR.code;
  const payload = JSON.stringify(body);
  const secret = o.secret ?? (await vendorSecret(t, merchant, vendor));
  const signature = o.signature === undefined ? signBody(secret, payload) : o.signature;
  return t.request<T>({
    method: 'POST',
    url: `/api/game-wallet/${vendor}/${callback}`,
    headers: {
      merchant,
      'content-type': 'application/json',
      ...(signature !== null ? { [SIGNATURE_HEADER]: signature } : {}),
    },
    payload,
    remoteAddress: o.ip ?? '127.0.0.1',
  });
}

/** Credits a member's wallet from the adjustment account (test and benchmark set-up only). */
export async function fundWallet(
  db: Database,
  o: {
    merchantId: number;
    memberId: bigint;
    currency: string;
    amount: bigint;
    book?: LedgerBook;
    key: string;
  },
) {
  const book = o.book ?? 'real';
  await inTransaction(db, 'vendor-client.fundWallet', async (trx) => {
    const wallet = await ledgerAccount(trx, memberWalletKey(o.merchantId, o.memberId, o.currency, book));
    const source = await ledgerAccount(trx, {
      merchantId: o.merchantId,
      book,
      kind: 'adjustment',
      currency: o.currency,
    });
    await postTransfer(trx, {
      merchantId: o.merchantId,
      book,
      kind: 'adjustment',
      legs: [
        { accountId: source, amount: -o.amount },
        { accountId: wallet, amount: o.amount },
      ],
      createdBy: 'system:test',
      idempotency: { scope: 'test.fund', key: o.key },
      at: new Date(),
    });
  });
}
