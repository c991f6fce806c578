import { Route, Routes } from 'react-router';
import { vi } from 'vitest';
import type { DepositOptions } from '../api/deposit-options';
import type { SecurityConfig } from '../api/security';
import { cashierRoutes } from '../routes';

/** A refusal a stubbed route gives: status and message key. */
export class Refusal {
  constructor(
    readonly code: string,
    readonly status = 400,
    /** The refusal's parameters (the catalogue message interpolates them). */
    readonly value?: Record<string, unknown>,
  ) {}
}

/** The network failed (fetch rejected): the answer, if any, was lost. */
export const NETWORK_DOWN = Symbol('network down');

export interface Call {
  method: string;
  path: string;
  headers: Record<string, string>;
  json(): unknown;
}

/**
 * Stands in for the API over fetch (the only thing outside the web app here). Routes are
 * 'METHOD /api/path'; a value answers 200, a Refusal its status, NETWORK_DOWN rejects, a function of
 * the call (and its attempt number on that route) gives any of these. Unknown routes answer 404.
 */
export function stubApi(routes: Record<string, unknown>) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(href, 'http://localhost');
    const body = typeof init.body === 'string' ? init.body : null;
    const call: Call = {
      method: init.method ?? 'GET',
      path: url.pathname,
      headers: Object.fromEntries(new Headers(init.headers).entries()),
      json: () => (body ? (JSON.parse(body) as unknown) : null),
    };
    calls.push(call);
    const name = `${call.method} ${url.pathname}`;
    const attempt = calls.filter((c) => `${c.method} ${c.path}` === name).length;
    const reply = (status: number, payload: unknown) =>
      new Response(JSON.stringify(payload), { status, headers: { 'content-type': 'application/json' } });
    const route = routes[name];
    if (route === undefined) return reply(404, { success: false, code: 'not_found', message: 'Not found' });
    const value =
      typeof route === 'function' ? (route as (c: Call, attempt: number) => unknown)(call, attempt) : route;
    if (value === NETWORK_DOWN) throw new TypeError('Failed to fetch');
    if (value instanceof Refusal)
      return reply(value.status, {
        success: false,
        code: value.code,
        message: 'x',
        ...(value.value ? { value: value.value } : {}),
      });
    return reply(200, { success: true, value });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    to: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  };
}

/** The cashier routes plus markers for where a screen sends the user. */
export function CashierRoutes() {
  return (
    <Routes>
      {cashierRoutes.map(({ path, Screen }) => (
        <Route key={path} path={path} element={<Screen />} />
      ))}
      <Route path="/m/home" element={<p data-testid="home-marker">home</p>} />
      <Route path="/m/login" element={<p data-testid="login-marker">login</p>} />
      <Route path="/m/vouReport" element={<p data-testid="vou-report-marker">deposit records</p>} />
      <Route path="/m/withdrawReport" element={<p data-testid="withdraw-report-marker">withdrawals</p>} />
      <Route path="/m/verification" element={<p data-testid="verification-marker">verification</p>} />
    </Routes>
  );
}

/** The seeded panalo options: PAYSIM (gateway), BANK (two accounts), the +3% promotion. */
export const depositOptions: DepositOptions = {
  methods: [
    {
      code: 'PAYSIM',
      kind: 'gateway',
      name: 'PaySim',
      min: '100.00',
      max: '50000.00',
      provider: 'paysim',
      bankAccounts: [],
    },
    {
      code: 'BANK',
      kind: 'bank_transfer',
      name: 'Bank transfer',
      min: '200.00',
      max: '100000.00',
      provider: null,
      bankAccounts: [
        {
          id: '11',
          bankName: 'BDO',
          accountName: 'Panalo Gaming Inc',
          accountNumber: '001234567890',
          branch: 'Makati',
        },
        {
          id: '12',
          bankName: 'GCash',
          accountName: 'Panalo Gaming',
          accountNumber: '09171234567',
          branch: null,
        },
      ],
    },
  ],
  promotions: [
    {
      code: 'DEPOSIT3',
      name: 'Deposit bonus',
      percentBp: 300,
      maxBonus: '1000.00',
      minDeposit: '100.00',
      wageringMultiplierTenths: 10,
      firstDeposit: false,
      tiers: null,
    },
  ],
};

const card = (id: string, bankCode: string, bankName: string, last4: string) => ({
  id,
  bankCode,
  bankName,
  last4,
  masked: `**** **** **** ${last4}`,
  createdAt: '2026-11-20T10:00:00.000Z',
});

/** A member ready to withdraw (password, payee name, one card, wagering met). */
export const readySecurity: SecurityConfig = {
  hasPaymentPassword: true,
  payeeName: 'Juan Dela Cruz',
  cards: [card('31', 'BDO', 'BDO Unibank', '4321')],
  withdrawBanks: [
    { code: 'BDO', name: 'BDO Unibank' },
    { code: 'BPI', name: 'Bank of the Philippine Islands' },
    { code: 'GCASH', name: 'GCash' },
  ],
  minWithdraw: '100.00',
  maxWithdraw: '50000.00',
  maxCards: 3,
  wagering: { required: '0.00', done: '0.00', remaining: '0.00' },
  levelLimit: null,
};

/** A new member: nothing set up yet. */
export const freshSecurity: SecurityConfig = {
  ...readySecurity,
  hasPaymentPassword: false,
  payeeName: null,
  cards: [],
};

export { card as makeCard };

export const pendingDeposit = (over: Record<string, unknown> = {}) => ({
  id: '501',
  methodCode: 'BANK',
  kind: 'bank_transfer',
  amount: '1000.00',
  bonusAmount: '0.00',
  promotionCode: null,
  status: 'pending',
  reference: 'REF123',
  providerRef: null,
  createdAt: '2026-11-22T10:00:00.000Z',
  updatedAt: '2026-11-22T10:00:00.000Z',
  ...over,
});
