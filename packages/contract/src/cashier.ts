import { z } from 'zod';
import { calendarDay, dbIdString, ok } from './common';
import { amountString, signedAmountString } from './wallet';

// Every money-moving POST carries an `Idempotency-Key` header (idempotencyKey in wallet.ts): a repeat
// returns the first answer; the same key with another body is 409 idempotency_conflict.

const id = dbIdString.describe('decimal id');
const isoTime = z.string().describe('ISO 8601');
const page = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
const paged = <T extends z.ZodType>(item: T) =>
  z.object({
    list: z.array(item),
    pageNum: z.number().int(),
    totalPages: z.number().int(),
    total: z.number().int(),
  });

// ---------------------------------------------------------------------------------------------
// Deposit (spec §7: banks, promotions, manual transfer, payment gateway, accept promotion, records)
// ---------------------------------------------------------------------------------------------
export const depositKind = z.enum(['bank_transfer', 'gateway']);
export const merchantBankAccount = z.object({
  id,
  bankName: z.string(),
  accountName: z.string(),
  accountNumber: z.string().describe('shown in full: the member transfers to it'),
  branch: z.string().nullable(),
});
export const depositMethod = z.object({
  code: z.string(),
  kind: depositKind,
  name: z.string(),
  min: amountString,
  max: amountString,
  /** Gateway methods: the payment provider's code. */
  provider: z.string().nullable(),
  /** Bank-transfer methods: the merchant accounts to pay into. */
  bankAccounts: z.array(merchantBankAccount),
});
export const depositPromotion = z.object({
  code: z.string(),
  name: z.string(),
  /** Bonus in basis points of the deposit: 300 = the '+3%' of the footer badge (0 with tiers). */
  percentBp: z.number().int().min(0).max(10_000),
  maxBonus: amountString,
  minDeposit: amountString,
  /** A tier table instead of the percent: the bonus of the highest tier the deposit reaches. */
  tiers: z.array(z.object({ from: amountString, amount: amountString })).nullable(),
  /** Turnover required before withdrawal, as a multiple of (deposit + bonus), in tenths: 10 = 1x. */
  wageringMultiplierTenths: z.number().int().min(0),
  /** Only on the member's first deposit (listed only before it). */
  firstDeposit: z.boolean(),
});
export const depositOptionsQuery = z.object({
  lang: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .optional(),
});
export const depositOptionsResponse = ok(
  z.object({ methods: z.array(depositMethod), promotions: z.array(depositPromotion) }),
);

export const depositStatus = z.enum(['pending', 'paid', 'rejected', 'expired', 'cancelled']);
export const depositOrder = z.object({
  id,
  methodCode: z.string(),
  kind: depositKind,
  amount: amountString,
  bonusAmount: amountString,
  promotionCode: z.string().nullable(),
  status: depositStatus,
  reference: z.string().nullable().describe('the member’s transfer reference (bank transfer)'),
  providerRef: z.string().nullable(),
  createdAt: isoTime,
  updatedAt: isoTime,
});
export type DepositOrder = z.infer<typeof depositOrder>;
export const createDepositRequest = z.object({
  methodCode: z.string().max(32),
  amount: amountString,
  promotionCode: z.string().max(32).optional(),
  bankAccountId: id.optional(),
  reference: z.string().trim().max(64).optional(),
  payerName: z.string().trim().max(64).optional(),
});
export const createDepositResponse = ok(
  z.object({
    order: depositOrder,
    redirectUrl: z.string().nullable().describe('gateway: the hosted payment page'),
  }),
);
export const depositListQuery = page.extend({ status: depositStatus.optional() });
export const depositListResponse = ok(paged(depositOrder));
export const depositResponse = ok(depositOrder);

// ---------------------------------------------------------------------------------------------
// Security centre (spec §7: config, payment password and reset, has-withdrawal-password, bank card
// bind and list, withdraw banks, payee name bind)
// ---------------------------------------------------------------------------------------------
export const bankCard = z.object({
  id,
  bankCode: z.string(),
  bankName: z.string(),
  /** Only the last four digits ever leave the server. */
  last4: z.string().regex(/^\d{4}$/),
  masked: z.string().describe('e.g. **** **** **** 1234'),
  createdAt: isoTime,
});
export type BankCard = z.infer<typeof bankCard>;
export const withdrawBank = z.object({ code: z.string(), name: z.string() });
export const wageringStatus = z.object({
  required: amountString,
  done: amountString,
  remaining: amountString,
});
export const securityConfig = z.object({
  hasPaymentPassword: z.boolean(),
  payeeName: z.string().nullable(),
  cards: z.array(bankCard),
  withdrawBanks: z.array(withdrawBank),
  minWithdraw: amountString,
  maxWithdraw: amountString,
  maxCards: z.number().int(),
  wagering: wageringStatus,
  /** My VIP level's daily withdrawal limit and today's use (null: none; issue 18). */
  levelLimit: z
    .object({
      count: z.number().int().nullable(),
      amount: amountString.nullable(),
      usedCount: z.number().int(),
      usedAmount: amountString,
    })
    .nullable(),
});
export const securityConfigResponse = ok(securityConfig);
export const setPaymentPasswordRequest = z.object({
  /** Required when changing; a first payment password is confirmed with the login password instead. */
  oldPaymentPassword: z.string().max(32).optional(),
  loginPassword: z.string().max(128).optional(),
  paymentPassword: z.string().regex(/^\d{6}$/, 'six digits'),
  confirmPaymentPassword: z.string().max(32),
});
export const resetPaymentPasswordRequest = z.object({
  loginPassword: z.string().min(1).max(128),
  paymentPassword: z.string().regex(/^\d{6}$/),
  confirmPaymentPassword: z.string().max(32),
});
export const payeeNameRequest = z.object({ payeeName: z.string().trim().min(2).max(64) });
export const bindCardRequest = z.object({
  bankCode: z.string().max(16),
  cardNumber: z.string().regex(/^\d{10,19}$/),
  paymentPassword: z.string().max(32),
});
export const bankCardResponse = ok(bankCard);
export const bankCardsResponse = ok(z.array(bankCard));
export const withdrawBanksResponse = ok(z.array(withdrawBank));

// ---------------------------------------------------------------------------------------------
// Withdrawal (spec §7: bank card, withdraw, report)
// ---------------------------------------------------------------------------------------------
export const withdrawalStatus = z.enum(['pending', 'paid', 'rejected']);
export const withdrawal = z.object({
  id,
  cardId: id,
  bankName: z.string(),
  cardLast4: z.string(),
  amount: amountString,
  status: withdrawalStatus,
  reason: z.string().nullable(),
  createdAt: isoTime,
  updatedAt: isoTime,
});
export type Withdrawal = z.infer<typeof withdrawal>;
export const createWithdrawalRequest = z.object({
  cardId: id,
  amount: amountString,
  paymentPassword: z.string().max(32),
});
export const withdrawalResponse = ok(withdrawal);
/**
 * Give up the open bonuses to withdraw (Idempotency-Key): the bonuses and their share of what was won
 * while they were open go back; every turnover requirement closes. Confirmed with the login password.
 */
export const forfeitBonusesRequest = z.object({ loginPassword: z.string().min(1).max(128) });
export const forfeitBonusesResponse = ok(z.object({ forfeited: amountString }));
export const withdrawalListQuery = page.extend({ status: withdrawalStatus.optional() });
export const withdrawalListResponse = ok(paged(withdrawal));

// ---------------------------------------------------------------------------------------------
// Records and reports (spec §7: transaction details, transaction code list, member profit and loss)
// ---------------------------------------------------------------------------------------------
/** Transfer kinds a member sees in the account record. */
export const TRANSACTION_TYPES = [
  'deposit',
  'deposit_bonus',
  'promotion_bonus',
  'bonus_forfeit',
  'withdrawal_hold',
  'withdrawal_release',
  'withdrawal_paid',
  'bet',
  'win',
  'rollback',
  'rebate',
  'adjustment',
  'transfer_upline',
  'transfer_downline',
  'transfer_to_downline',
  'transfer_from_upline',
  'agent_commission',
  'agent_salary',
  'agent_dividend',
  'trial_grant',
  'lottery_bet',
  'lottery_win',
  'lottery_refund',
  'rain_fund',
  'rain_claim',
  'rain_return',
] as const;
export const transactionType = z.enum(TRANSACTION_TYPES);
export type TransactionType = z.infer<typeof transactionType>;
export const transactionTypesResponse = ok(z.array(transactionType));
export const transaction = z.object({
  id,
  type: z.string(),
  amount: signedAmountString,
  balanceAfter: signedAmountString,
  reference: z.string().nullable(),
  memo: z.string().nullable(),
  createdAt: isoTime,
});
export const transactionQuery = page.extend({
  types: z
    .string()
    .max(200)
    .transform((s) => s.split(',').filter(Boolean))
    .pipe(z.array(transactionType))
    .optional(),
  from: calendarDay.optional().describe('YYYY-MM-DD, inclusive'),
  to: calendarDay.optional().describe('YYYY-MM-DD, inclusive'),
});
export const transactionListResponse = ok(paged(transaction));

export const profitLossQuery = z.object({ from: calendarDay, to: calendarDay });
export const profitLossTotals = z.object({
  deposits: signedAmountString,
  withdrawals: signedAmountString,
  bets: signedAmountString,
  wins: signedAmountString,
  bonuses: signedAmountString,
  rebates: signedAmountString,
  /** wins + bonuses + rebates − bets: what play gave the member. */
  profit: signedAmountString,
});
export const profitLossResponse = ok(
  z.object({
    from: z.string(),
    to: z.string(),
    totals: profitLossTotals,
    days: z.array(profitLossTotals.extend({ date: z.string() })),
  }),
);

export const transferUplineRequest = z.object({ amount: amountString, paymentPassword: z.string().max(32) });
export const transferUplineResponse = ok(z.object({ sumBalance: signedAmountString, transferId: id }));

// ---------------------------------------------------------------------------------------------
// Operator (staff of one merchant; enough to run the cashier end to end)
// ---------------------------------------------------------------------------------------------
export const opsDeposit = depositOrder.extend({ memberId: id, username: z.string() });
export const opsWithdrawal = withdrawal.extend({
  memberId: id,
  username: z.string(),
  payeeName: z.string().nullable(),
  cardNumber: z.string().describe('full number, for paying out'),
});
export const opsListQuery = page.extend({ status: z.string().max(16).optional() });
/**
 * The cashier queues' filters (issue 49 item 7), for the list and its CSV: the merchant's local days
 * from–to (inclusive), an amount range, one member by username, and for deposits the method.
 */
export const opsQueueFilters = z.object({
  status: z.string().max(16).optional(),
  from: calendarDay.optional(),
  to: calendarDay.optional(),
  minAmount: amountString.optional(),
  maxAmount: amountString.optional(),
  username: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_]{1,32}$/)
    .optional(),
  method: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,32}$/)
    .optional(),
});
export type OpsQueueFilters = z.infer<typeof opsQueueFilters>;
export const opsQueueQuery = page.extend(opsQueueFilters.shape);
/** The audit log, whole or of one target ("member:42", "announcement:7"). */
export const opsAuditQuery = page.extend({
  target: z
    .string()
    .max(80)
    .regex(/^[a-z_]+:[0-9A-Za-z_.:-]+$/)
    .optional(),
});
export const opsDepositListResponse = ok(paged(opsDeposit));
export const opsWithdrawalListResponse = ok(paged(opsWithdrawal));
export const opsDecisionRequest = z.object({ reason: z.string().trim().max(200).optional() });
export const opsAdjustmentRequest = z.object({
  username: z.string().max(64),
  /** Signed: a negative amount takes money out (never below zero). */
  amount: z.string().regex(/^-?(0|[1-9]\d{0,12})(\.\d{1,2})?$/),
  reason: z.string().trim().min(3).max(200),
});
export const opsAdjustmentResponse = ok(
  z.object({
    transferId: id,
    username: z.string(),
    amount: signedAmountString,
    sumBalance: signedAmountString,
  }),
);
export const auditEntry = z.object({
  id,
  actor: z.string(),
  /** The username behind an `operator:<id>` or `member:<id>` actor; null for the system and the like. */
  actorName: z.string().nullable(),
  action: z.string(),
  target: z.string(),
  /** The username behind a `member:<id>` target; null for other targets. */
  targetName: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  createdAt: isoTime,
});
export const auditListResponse = ok(paged(auditEntry));
