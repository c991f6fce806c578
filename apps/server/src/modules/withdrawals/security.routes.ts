import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bankCardResponse,
  bankCardsResponse,
  bindCardRequest,
  payeeNameRequest,
  resetPaymentPasswordRequest,
  securityConfigResponse,
  setPaymentPasswordRequest,
  withdrawBanksResponse,
} from '@panalo/contract/cashier';
import { okEmpty } from '@panalo/contract/auth';
import { errorBody } from '@panalo/contract/common';
import type { SecurityService } from './security.service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 409: errorBody, 429: errorBody };
const done = { success: true as const, value: {} };

/** Security centre (WALLET-013): config, payment password and its reset, payee name, banks, bank cards. */
export function securityRoutes(security: SecurityService): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['cashier'];
    const config = { auth: 'realMember' as const };
    const caller = (req: { merchant: { id: number }; session: { memberId: bigint } | null }) => ({
      merchantId: req.merchant.id,
      memberId: req.session!.memberId,
    });

    app.get(
      '/cashier/security',
      {
        config,
        schema: {
          tags,
          summary: 'Security centre: payment password set?, payee name, cards, banks, limits, wagering',
          response: { 200: securityConfigResponse, ...errors },
        },
      },
      async (req) => ({ success: true as const, value: await security.config(caller(req)) }),
    );

    app.post(
      '/cashier/payment-password',
      {
        config,
        schema: {
          tags,
          summary:
            'Set the payment password (first time: with the login password) or change it (with the old one)',
          body: setPaymentPasswordRequest,
          response: { 200: okEmpty, ...errors },
        },
      },
      async (req) => {
        await security.setPaymentPassword(caller(req), req.body);
        return done;
      },
    );

    app.post(
      '/cashier/payment-password/reset',
      {
        config,
        schema: {
          tags,
          summary: 'Reset a forgotten payment password with the login password',
          body: resetPaymentPasswordRequest,
          response: { 200: okEmpty, ...errors },
        },
      },
      async (req) => {
        await security.resetPaymentPassword(caller(req), req.body);
        return done;
      },
    );

    app.post(
      '/cashier/payee-name',
      {
        config,
        schema: {
          tags,
          summary: 'Bind the payee name (once)',
          body: payeeNameRequest,
          response: { 200: okEmpty, ...errors },
        },
      },
      async (req) => {
        await security.bindPayeeName(caller(req), req.body.payeeName);
        return done;
      },
    );

    app.get(
      '/cashier/withdraw-banks',
      {
        config,
        schema: {
          tags,
          summary: 'Banks this merchant pays withdrawals to',
          response: { 200: withdrawBanksResponse, ...errors },
        },
      },
      async (req) => ({ success: true as const, value: await security.withdrawBanks(req.merchant.id) }),
    );

    app.get(
      '/cashier/cards',
      {
        config,
        schema: {
          tags,
          summary: 'The member’s bank cards (masked: last four digits only)',
          response: { 200: bankCardsResponse, ...errors },
        },
      },
      async (req) => ({ success: true as const, value: await security.cards(caller(req)) }),
    );

    app.post(
      '/cashier/cards',
      {
        config,
        schema: {
          tags,
          summary: 'Bind a bank card (needs the payee name and the payment password)',
          body: bindCardRequest,
          response: { 200: bankCardResponse, ...errors },
        },
      },
      async (req) => ({ success: true as const, value: await security.bindCard(caller(req), req.body) }),
    );
  };
}
