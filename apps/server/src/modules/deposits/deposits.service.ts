import type { z } from 'zod';
import type { createDepositRequest, DepositOrder } from '@panalo/contract/cashier';
import { formatAmount, parseAmount } from '@panalo/contract/money';
import type { Database } from '../../db/database';
import type { DepositStatus } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { DomainError } from '../../lib/domain-error';
import type { MerchantRow } from '../merchants/merchants.repository';
import { paymentAdapter, paymentsCallbackBase } from '../payments/adapter';
import { checkDepositLimits } from '../protection/limits.service';
import { checkKycDeposit } from '../kyc/kyc-gates';
import { runIdempotent } from '../wallet/idempotency';
import { acceptDepositPromotion, depositPromotionsFor } from '../promotions/deposit-bonus';
import { toDepositOrder } from './deposit-dto';
import { depositsRepository } from './deposits.repository';

type CreateDeposit = z.infer<typeof createDepositRequest>;

const refuse = (code: string, message: string, value?: Record<string, unknown>) =>
  new DomainError(code, 400, message, value);

/** What the member may deposit with: methods (with bank accounts for transfers) and promotions. */
export async function depositOptions(
  db: Database,
  clock: Clock,
  o: { merchant: MerchantRow; memberId: bigint; lang: string | undefined },
) {
  const repo = depositsRepository(db);
  const [methods, accounts, promotions] = await Promise.all([
    repo.methods(o.merchant.id),
    repo.bankAccounts(o.merchant.id),
    depositPromotionsFor(db, o.merchant, o.memberId, clock.now(), o.lang),
  ]);
  return {
    methods: methods.map((m) => ({
      code: m.code,
      kind: m.kind,
      name: m.name,
      min: formatAmount(m.min_amount),
      max: formatAmount(m.max_amount),
      provider: m.provider,
      bankAccounts:
        m.kind === 'bank_transfer'
          ? accounts.map((a) => ({
              id: String(a.id),
              bankName: a.bank_name,
              accountName: a.account_name,
              accountNumber: a.account_number,
              branch: a.branch,
            }))
          : [],
    })),
    promotions,
  };
}

/**
 * Opens a deposit order. Everything is checked before anything is written (a refused request leaves no
 * trace); the order and, for a gateway, the provider's payment are made once per idempotency key.
 */
export async function createDeposit(
  db: Database,
  clock: Clock,
  o: {
    merchant: MerchantRow;
    memberId: bigint;
    body: CreateDeposit;
    idempotencyKey: string;
    /** The origin the member came in on: the provider sends the browser back there. */
    origin: string;
  },
): Promise<{
  status: number;
  body: { success: true; value: { order: DepositOrder; redirectUrl: string | null } };
}> {
  const repo = depositsRepository(db);
  const { body, merchant } = o;
  const amount = parseAmount(body.amount);
  const method = await repo.method(merchant.id, body.methodCode);
  if (!method) throw refuse('deposit_method_unavailable', 'This deposit method is not available');
  if (amount === null || amount <= 0n || amount < method.min_amount || amount > method.max_amount) {
    throw refuse('deposit_amount_out_of_range', 'The amount is outside the limits of this method', {
      min: formatAmount(method.min_amount),
      max: formatAmount(method.max_amount),
    });
  }
  let bankAccountId: bigint | null = null;
  if (method.kind === 'bank_transfer') {
    const account = body.bankAccountId
      ? await repo.bankAccount(merchant.id, BigInt(body.bankAccountId))
      : null;
    if (!account) throw refuse('deposit_bank_account_invalid', 'Choose one of our bank accounts');
    bankAccountId = account.id;
  }
  const accepted = body.promotionCode
    ? await acceptDepositPromotion(db, merchant, o.memberId, body.promotionCode, amount, clock.now())
    : null;
  const adapter = method.kind === 'gateway' ? paymentAdapter(db, method.provider ?? '') : undefined;
  if (method.kind === 'gateway' && !adapter) {
    throw new DomainError('payment_provider_unavailable', 503, 'The payment provider is not available');
  }

  return runIdempotent(
    db,
    {
      merchantId: merchant.id,
      // Per member: one member's keys never collide with another's.
      scope: `deposit.create:${o.memberId}`,
      key: o.idempotencyKey,
      request: body,
    },
    async (trx) => {
      const at = clock.now();
      // The verification level's gates (issue 53), then the member's own deposit limits (issue 22),
      // counted in this transaction.
      await checkKycDeposit(trx, {
        merchantId: merchant.id,
        memberId: o.memberId,
        amount,
        method: method.code,
        now: at,
      });
      await checkDepositLimits(trx, { merchantId: merchant.id, memberId: o.memberId, amount, now: at });
      let order = await depositsRepository(trx).insert({
        merchant_id: merchant.id,
        member_id: o.memberId,
        method_code: method.code,
        kind: method.kind,
        currency: merchant.currency,
        amount,
        bonus_amount: accepted?.bonus ?? 0n,
        promotion_code: body.promotionCode ?? null,
        promotion_id: accepted?.promotionId ?? null,
        wagering_tenths: accepted?.wageringTenths ?? null,
        reference: method.kind === 'bank_transfer' ? (body.reference ?? null) : null,
        payer_name: body.payerName ?? null,
        bank_account_id: bankAccountId,
        provider: method.kind === 'gateway' ? method.provider : null,
        created_at: at,
        updated_at: at,
      });
      let redirectUrl: string | null = null;
      if (adapter) {
        // The provider call sits inside the claim on purpose: a replay must return the same page.
        const base = paymentsCallbackBase(db) ?? o.origin;
        const payment = await adapter.createPayment(
          {
            orderId: String(order.id),
            method: method.code,
            merchantCode: merchant.code,
            merchantName: merchant.name,
            amount,
            currency: merchant.currency,
          },
          `${o.origin}/m/vouReport`,
          `${base}/api/payments/${adapter.code}/callback`,
          trx,
        );
        order = await depositsRepository(trx).setProviderRef(order.id, payment.providerRef);
        redirectUrl = payment.redirectUrl;
      }
      return {
        status: 200,
        body: { success: true as const, value: { order: toDepositOrder(order), redirectUrl } },
      };
    },
  );
}

/**
 * Where the provider sends the member back: the site they came from when it is one of this merchant's
 * domains, else the merchant's main domain (a forged Host never becomes a redirect target).
 */
export async function memberOrigin(
  db: Database,
  merchant: MerchantRow,
  r: { protocol: string; host: string; hostname: string },
): Promise<string> {
  const known = await depositsRepository(db).ownsDomain(merchant.id, r.hostname.toLowerCase());
  return known ? `${r.protocol}://${r.host}` : `${r.protocol}://${merchant.main_domain}`;
}

/** The member's own orders, newest first. */
export async function listDeposits(
  db: Database,
  o: { merchantId: number; memberId: bigint; status?: DepositStatus; page: number; pageSize: number },
) {
  const { rows, total } = await depositsRepository(db).page(o);
  return {
    list: rows.map(toDepositOrder),
    pageNum: o.page,
    totalPages: Math.ceil(total / o.pageSize),
    total,
  };
}

/** One of the member's own orders; another member's is as unknown as a missing one. */
export async function getDeposit(db: Database, merchantId: number, memberId: bigint, id: bigint) {
  const row = await depositsRepository(db).find(merchantId, id, memberId);
  if (!row) throw new DomainError('deposit_not_found', 404, 'Deposit not found');
  return toDepositOrder(row);
}
