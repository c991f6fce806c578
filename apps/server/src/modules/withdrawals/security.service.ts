import type { z } from 'zod';
import type {
  BankCard,
  bindCardRequest,
  resetPaymentPasswordRequest,
  securityConfig,
  setPaymentPasswordRequest,
} from '@panalo/contract/cashier';
import { formatAmount } from '@panalo/contract/money';
import type { AppContext } from '../../context';
import { audit } from '../../lib/audit';
import { DomainError } from '../../lib/domain-error';
import { hashPassword } from '../identity/passwords';
import { wagering } from '../wallet/wagering';
import { levelLimit } from './level-limit';
import { cardHash, cardKeys, cardOwner, encryptCardNumber, maskCard } from '../identity/card-crypto';
import { secretGuard } from '../identity/secret-guard';
import { securityRepository, type CardRow } from './security.repository';
import { inTransaction } from '../../db/transaction';
import { screenPerson } from '../aml/aml.service';

export interface Caller {
  merchantId: number;
  memberId: bigint;
}

// Letters of any script, with the spaces, dots, hyphens and apostrophes of real names; nothing else.
const PAYEE_NAME = /^[\p{L}\p{M}][\p{L}\p{M} .'-]*$/u;

export const toBankCard = (c: CardRow): BankCard => ({
  id: c.id.toString(),
  bankCode: c.bank_code,
  bankName: c.bank_name ?? c.bank_code,
  last4: c.card_last4,
  masked: maskCard(c.card_last4),
  createdAt: c.created_at.toISOString(),
});

const confirmMismatch = () => new DomainError('confirm_mismatch', 400, 'The two passwords do not match');
const paymentPasswordRequired = () =>
  new DomainError('payment_password_required', 409, 'Set a payment password first');

/** Security centre: payment password (set, change, reset), payee name (bound once), bank cards. */
export function securityService(ctx: AppContext) {
  const repo = securityRepository(ctx.db);
  const guard = secretGuard(ctx.limits);

  async function limitsOf(merchantId: number) {
    const l = await repo.limits(merchantId);
    if (!l) throw new DomainError('cashier_unavailable', 503, 'The cashier is not configured');
    return l;
  }

  return {
    guard,
    limitsOf,

    async config(c: Caller): Promise<z.infer<typeof securityConfig>> {
      const [secrets, cards, banks, limits, owed, level] = await Promise.all([
        repo.secrets(c.merchantId, c.memberId),
        repo.cards(c.merchantId, c.memberId),
        repo.withdrawBanks(c.merchantId),
        limitsOf(c.merchantId),
        wagering.status(ctx.db, c.merchantId, c.memberId),
        levelLimit(ctx.db, c.merchantId, c.memberId, ctx.clock.now()),
      ]);
      return {
        hasPaymentPassword: secrets.payment_password_hash !== null,
        payeeName: secrets.payee_name,
        cards: cards.map(toBankCard),
        withdrawBanks: banks,
        minWithdraw: formatAmount(limits.min_withdraw),
        maxWithdraw: formatAmount(limits.max_withdraw),
        maxCards: limits.max_cards,
        wagering: {
          required: formatAmount(owed.required),
          done: formatAmount(owed.done),
          remaining: formatAmount(owed.remaining),
        },
        levelLimit: level && {
          count: level.count,
          amount: level.amount === null ? null : formatAmount(level.amount),
          usedCount: level.usedCount,
          usedAmount: formatAmount(level.usedAmount),
        },
      };
    },

    /** First payment password (confirmed with the login password) or a change (with the old one). */
    async setPaymentPassword(c: Caller, body: z.infer<typeof setPaymentPasswordRequest>): Promise<void> {
      if (body.paymentPassword !== body.confirmPaymentPassword) throw confirmMismatch();
      const secrets = await repo.secrets(c.merchantId, c.memberId);
      const current = secrets.payment_password_hash;
      if (current === null) {
        if (!body.loginPassword) {
          throw new DomainError('login_password_wrong', 400, 'Wrong login password');
        }
        await guard.verify(c.merchantId, c.memberId, 'login', secrets.password_hash, body.loginPassword);
      } else {
        if (!body.oldPaymentPassword) {
          throw new DomainError('payment_password_wrong', 400, 'Wrong payment password');
        }
        await guard.verify(c.merchantId, c.memberId, 'payment', current, body.oldPaymentPassword);
        if (body.oldPaymentPassword === body.paymentPassword) {
          throw new DomainError('password_same_as_old', 400, 'The new password is the same as the old one');
        }
      }
      const hash = await hashPassword(body.paymentPassword);
      if (!(await repo.setPaymentPassword(c.merchantId, c.memberId, current, hash))) {
        throw new DomainError('payment_password_changed', 409, 'The payment password changed meanwhile');
      }
      await audit(ctx.db, {
        merchantId: c.merchantId,
        actor: `member:${c.memberId}`,
        action: current === null ? 'payment_password.set' : 'payment_password.change',
        target: `member:${c.memberId}`,
        details: {},
        at: ctx.clock.now(),
      });
    },

    /** A forgotten payment password is replaced with the login password; its lock is lifted. */
    async resetPaymentPassword(c: Caller, body: z.infer<typeof resetPaymentPasswordRequest>): Promise<void> {
      if (body.paymentPassword !== body.confirmPaymentPassword) throw confirmMismatch();
      const secrets = await repo.secrets(c.merchantId, c.memberId);
      await guard.verify(c.merchantId, c.memberId, 'login', secrets.password_hash, body.loginPassword);
      const hash = await hashPassword(body.paymentPassword);
      if (!(await repo.setPaymentPassword(c.merchantId, c.memberId, secrets.payment_password_hash, hash))) {
        throw new DomainError('payment_password_changed', 409, 'The payment password changed meanwhile');
      }
      await guard.clear(c.merchantId, c.memberId, 'payment');
      await audit(ctx.db, {
        merchantId: c.merchantId,
        actor: `member:${c.memberId}`,
        action: 'payment_password.reset',
        target: `member:${c.memberId}`,
        details: {},
        at: ctx.clock.now(),
      });
    },

    async bindPayeeName(c: Caller, name: string): Promise<void> {
      const clean = name.normalize('NFC').replace(/\s+/g, ' ');
      if (!PAYEE_NAME.test(clean)) throw new DomainError('name_format', 400, 'Invalid name');
      if (!(await repo.bindPayeeName(c.merchantId, c.memberId, clean))) {
        throw new DomainError('payee_name_bound', 409, 'The payee name is already bound');
      }
      await audit(ctx.db, {
        merchantId: c.merchantId,
        actor: `member:${c.memberId}`,
        action: 'payee_name.bind',
        target: `member:${c.memberId}`,
        details: { payeeName: clean },
        at: ctx.clock.now(),
      });
      // The payee name against the sanctions/PEP list (issue 53): a hit holds the account for review.
      await screenPerson(ctx.db, ctx.screening, {
        merchantId: c.merchantId,
        memberId: c.memberId,
        fullName: clean,
        birthDate: null,
        source: 'payee_name',
        now: ctx.clock.now(),
      });
    },

    withdrawBanks: (merchantId: number) => repo.withdrawBanks(merchantId),

    async cards(c: Caller): Promise<BankCard[]> {
      return (await repo.cards(c.merchantId, c.memberId)).map(toBankCard);
    },

    /**
     * Binds a card in the payee's name: needs a payee name and the payment password, a bank this merchant
     * pays out to, and room under maxCards. The number is stored encrypted; only the last four come back.
     */
    async bindCard(c: Caller, body: z.infer<typeof bindCardRequest>): Promise<BankCard> {
      const secrets = await repo.secrets(c.merchantId, c.memberId);
      if (secrets.payee_name === null) {
        throw new DomainError('payee_name_required', 409, 'Bind a payee name first');
      }
      if (secrets.payment_password_hash === null) throw paymentPasswordRequired();
      const banks = await repo.withdrawBanks(c.merchantId);
      if (!banks.some((b) => b.code === body.bankCode)) {
        throw new DomainError('bank_unavailable', 400, 'This bank is not available');
      }
      await guard.verify(
        c.merchantId,
        c.memberId,
        'payment',
        secrets.payment_password_hash,
        body.paymentPassword,
      );
      const { max_cards } = await limitsOf(c.merchantId);
      const keys = await cardKeys(ctx.db);
      const at = ctx.clock.now();
      const id = await inTransaction(ctx.db, 'security.service.bindCard', async (trx) => {
        const tx = securityRepository(trx);
        await tx.lockMember(c.merchantId, c.memberId);
        if ((await tx.liveCardCount(c.merchantId, c.memberId)) >= max_cards) {
          throw new DomainError('card_limit_reached', 409, 'No more cards can be bound', {
            maxCards: max_cards,
          });
        }
        const last4 = body.cardNumber.slice(-4);
        const cardId = await tx.insertCard({
          merchantId: c.merchantId,
          memberId: c.memberId,
          bankCode: body.bankCode,
          enc: encryptCardNumber(keys, cardOwner(c.merchantId, c.memberId), body.cardNumber),
          last4,
          hash: cardHash(keys, body.cardNumber),
          at,
        });
        if (cardId === null) {
          throw new DomainError('card_already_bound', 409, 'This card is already bound');
        }
        await audit(trx, {
          merchantId: c.merchantId,
          actor: `member:${c.memberId}`,
          action: 'bank_card.bind',
          target: `bank_card:${cardId}`,
          details: { bankCode: body.bankCode, last4 },
          at,
        });
        return cardId;
      });
      const card = await repo.card(c.merchantId, c.memberId, id);
      if (!card) throw new Error('bound card vanished');
      return toBankCard(card);
    },
  };
}
export type SecurityService = ReturnType<typeof securityService>;
