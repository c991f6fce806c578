import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithShell } from '../../../app/test-utils';
import { memberSession, trialSession } from '../../../app/test-fixtures';
import { TOAST_MS } from '../../../lib/toast';
import {
  CashierRoutes,
  depositOptions,
  NETWORK_DOWN,
  pendingDeposit,
  Refusal,
  stubApi,
  type Call,
} from '../test/cashier-fixtures';

const toastShow = vi.hoisted(() => vi.fn(async () => {}));
vi.mock(import('../../../lib/toast'), async (orig) => ({
  ...(await orig()),
  toast: { show: toastShow, clear: vi.fn(async () => {}) },
}));
const goToPaymentPage = vi.hoisted(() => vi.fn((_url: string) => true));
vi.mock(import('../lib/redirect'), () => ({ goToPaymentPage }));

afterEach(() => {
  vi.clearAllMocks();
  vi.unstubAllGlobals();
});

const OPTIONS = 'GET /api/cashier/deposit/options';
const CREATE = 'POST /api/cashier/deposits';

async function open(session: typeof memberSession | null = memberSession) {
  const r = renderWithShell(<CashierRoutes />, { path: '/m/voucherCenter', session });
  if (session === memberSession) await screen.findByTestId('deposit-screen');
  return r;
}

const gatewayAnswer = (c: Call) => ({
  order: pendingDeposit({
    kind: 'gateway',
    methodCode: 'PAYSIM',
    reference: null,
    ...(c.json() as Record<string, unknown>),
  }),
  redirectUrl: 'http://127.0.0.1:4010/pay/abc',
});

describe('DepositScreen (/m/voucherCenter)', () => {
  it('ROLE-006 a visitor is sent to /m/login and brought back', async () => {
    const r = await open(null);
    await screen.findByTestId('login-marker');
    expect(new URLSearchParams(r.location().search).get('redirect')).toBe('/m/voucherCenter');
  });

  it('ROLE-011 ROLE-012 a free-trial account is refused with the free_reject toast', async () => {
    await open(trialSession);
    await screen.findByTestId('home-marker');
    expect(toastShow).toHaveBeenCalledWith(
      'Please login an actual account to use this function',
      TOAST_MS.info,
    );
  });

  it('WALLET-011 shows a skeleton, then the methods as tabs with their kind', async () => {
    stubApi({ [OPTIONS]: depositOptions });
    await open();
    expect(screen.getByTestId('cashier-loading')).toBeInTheDocument();
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['PaySimOnline payment', 'Bank transfer']);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toBeInTheDocument();
  });

  it('a failed load offers a retry that loads again', async () => {
    let fail = true;
    const api = stubApi({ [OPTIONS]: () => (fail ? new Refusal('rate_limited', 429) : depositOptions) });
    const r = await open();
    expect(await screen.findByTestId('cashier-load-error')).toHaveTextContent(
      'Too many requests, please try again later.',
    );
    fail = false;
    await r.user.click(screen.getByTestId('cashier-retry'));
    await screen.findAllByRole('tab');
    expect(api.to('GET', '/api/cashier/deposit/options')).toHaveLength(2);
  });

  it('no configured method gives an empty state', async () => {
    stubApi({ [OPTIONS]: { methods: [], promotions: [] } });
    await open();
    expect(await screen.findByTestId('deposit-no-methods')).toBeInTheDocument();
  });

  it('WALLET-001 the amount is checked live against the method min and max and format', async () => {
    const api = stubApi({ [OPTIONS]: depositOptions, [CREATE]: gatewayAnswer });
    const r = await open();
    const amount = await screen.findByLabelText('Amount');
    expect(screen.getByText('Min ₱100.00 · Max ₱50,000.00')).toBeInTheDocument();
    await r.user.type(amount, '50');
    expect(screen.getByTestId('deposit-amount-error')).toHaveTextContent('The minimum amount is ₱100.00');
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(amount.getAttribute('aria-describedby')).toContain(screen.getByTestId('deposit-amount-error').id);
    await r.user.clear(amount);
    await r.user.type(amount, '50000.01');
    expect(screen.getByTestId('deposit-amount-error')).toHaveTextContent('The maximum amount is ₱50,000.00');
    await r.user.clear(amount);
    await r.user.type(amount, '100.123');
    expect(screen.getByTestId('deposit-amount-error')).toHaveTextContent('Enter a valid amount');
    await r.user.click(screen.getByTestId('deposit-submit'));
    expect(amount).toHaveFocus();
    await r.user.clear(amount);
    await r.user.type(amount, '100');
    expect(screen.queryByTestId('deposit-amount-error')).toBeNull();
    expect(amount).not.toHaveAttribute('aria-invalid');
    expect(api.to('POST', '/api/cashier/deposits')).toHaveLength(0);
  });

  it('quick amounts stay within the limits and fill the amount', async () => {
    stubApi({ [OPTIONS]: depositOptions });
    const r = await open();
    const group = await screen.findByRole('group', { name: 'Quick amounts' });
    const chips = within(group).getAllByRole('button');
    expect(chips.map((c) => c.textContent)).toEqual(['₱100', '₱200', '₱500', '₱1,000', '₱2,000', '₱5,000']);
    await r.user.click(screen.getByTestId('deposit-amount-quick-500'));
    expect(screen.getByLabelText('Amount')).toHaveValue('500');
    expect(screen.getByTestId('deposit-amount-quick-500')).toHaveAttribute('aria-pressed', 'true');
    // The bank method's minimum is 200: no 100 chip there.
    await r.user.click(screen.getByTestId('deposit-method-BANK'));
    expect(screen.queryByTestId('deposit-amount-quick-100')).toBeNull();
  });

  it('SHELL-026 WALLET-011 the +3% opt-in shows the bonus and turnover and is sent', async () => {
    const api = stubApi({ [OPTIONS]: depositOptions, [CREATE]: gatewayAnswer });
    const r = await open();
    await r.user.type(await screen.findByLabelText('Amount'), '1000');
    expect(screen.getByText('+3%')).toBeInTheDocument();
    // The terms state the requirement the one way every screen does (#49 item 1).
    expect(
      screen.getByText(/Wagering requirement: 1× \(deposit \+ bonus\) before a withdrawal\./),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('deposit-bonus-preview')).toBeNull();
    await r.user.click(screen.getByTestId('deposit-promo-DEPOSIT3'));
    expect(screen.getByTestId('deposit-bonus-preview')).toHaveTextContent(
      'You get ₱30.00 bonus. Adds ₱1,030.00 to your wagering requirement.',
    );
    await r.user.click(screen.getByTestId('deposit-submit'));
    await waitFor(() => expect(goToPaymentPage).toHaveBeenCalled());
    expect(api.to('POST', '/api/cashier/deposits')[0]?.json()).toEqual({
      methodCode: 'PAYSIM',
      amount: '1000',
      promotionCode: 'DEPOSIT3',
    });
  });

  it('a bonus by a tier table lists its tiers and previews the tier the amount reaches', async () => {
    const tiered = {
      ...depositOptions,
      promotions: [
        {
          ...depositOptions.promotions[0]!,
          code: 'TIERS',
          name: 'Bigger deposit, bigger bonus',
          percentBp: 0,
          maxBonus: '300.00',
          minDeposit: '500.00',
          tiers: [
            { from: '500.00', amount: '50.00' },
            { from: '2000.00', amount: '300.00' },
          ],
        },
      ],
    };
    stubApi({ [OPTIONS]: tiered });
    const r = await open();
    expect(await screen.findByText('Up to ₱300.00')).toBeInTheDocument();
    expect(screen.getByText(/₱50\.00 from ₱500\.00, ₱300\.00 from ₱2,000\.00/)).toBeInTheDocument();
    await r.user.type(screen.getByLabelText('Amount'), '1999');
    await r.user.click(screen.getByTestId('deposit-promo-TIERS'));
    expect(screen.getByTestId('deposit-bonus-preview')).toHaveTextContent('You get ₱50.00 bonus.');
    await r.user.type(screen.getByLabelText('Amount'), '{Backspace}{Backspace}{Backspace}{Backspace}2000');
    expect(screen.getByTestId('deposit-bonus-preview')).toHaveTextContent('You get ₱300.00 bonus.');
  });

  it('WALLET-001 gateway: submit, then the browser goes to the hosted payment page', async () => {
    const api = stubApi({ [OPTIONS]: depositOptions, [CREATE]: gatewayAnswer });
    const r = await open();
    await r.user.type(await screen.findByLabelText('Amount'), '250.50');
    await r.user.click(screen.getByRole('button', { name: 'Pay now' }));
    await waitFor(() => expect(goToPaymentPage).toHaveBeenCalledWith('http://127.0.0.1:4010/pay/abc'));
    const [call] = api.to('POST', '/api/cashier/deposits');
    expect(call?.json()).toEqual({ methodCode: 'PAYSIM', amount: '250.50' });
    expect(call?.headers['idempotency-key']).toMatch(/^[A-Za-z0-9_-]{8,80}$/);
    expect(screen.getByTestId('deposit-submit')).toBeDisabled();
  });

  it('WALLET-001 bank transfer: accounts in full with copy, amount + reference + payer name, pending order', async () => {
    const api = stubApi({
      [OPTIONS]: depositOptions,
      [CREATE]: (c: Call) => ({
        order: pendingDeposit(c.json() as Record<string, unknown>),
        redirectUrl: null,
      }),
    });
    const r = await open();
    await r.user.click(await screen.findByTestId('deposit-method-BANK'));
    expect(screen.getByTestId('bank-account-number-11')).toHaveTextContent('001234567890');
    expect(screen.getByTestId('bank-account-number-12')).toHaveTextContent('09171234567');
    expect(screen.getByRole('button', { name: 'Copy Account number (BDO)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy Account name (GCash)' })).toBeInTheDocument();
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await r.user.click(screen.getByTestId('copy-account-number-11'));
    expect(writeText).toHaveBeenCalledWith('001234567890');
    expect(toastShow).toHaveBeenCalledWith('Copied', TOAST_MS.notice);

    // Nothing filled: every problem shows and focus goes to the first (the account choice).
    await r.user.click(screen.getByRole('button', { name: 'I have transferred' }));
    expect(screen.getByText('Choose the account you transferred to')).toBeInTheDocument();
    expect(screen.getByText('Enter the transfer reference')).toBeInTheDocument();
    expect(screen.getByText('Enter the name on the account you paid from')).toBeInTheDocument();
    expect(screen.getByTestId('deposit-bank-account-11')).toHaveFocus();
    expect(api.to('POST', '/api/cashier/deposits')).toHaveLength(0);

    await r.user.click(screen.getByTestId('deposit-bank-account-12'));
    await r.user.type(screen.getByLabelText('Amount'), '1000');
    await r.user.type(screen.getByLabelText('Transfer reference'), ' REF123 ');
    await r.user.type(screen.getByLabelText("Sender's name"), 'Juan Dela Cruz');
    await r.user.click(screen.getByRole('button', { name: 'I have transferred' }));
    const done = await screen.findByTestId('deposit-pending');
    expect(api.to('POST', '/api/cashier/deposits')[0]?.json()).toEqual({
      methodCode: 'BANK',
      amount: '1000',
      bankAccountId: '12',
      reference: 'REF123',
      payerName: 'Juan Dela Cruz',
    });
    expect(goToPaymentPage).not.toHaveBeenCalled();
    expect(within(done).getByRole('heading', { name: 'Deposit submitted' })).toHaveFocus();
    expect(screen.getByTestId('deposit-order-id')).toHaveTextContent('501');
    expect(screen.getByTestId('deposit-order-amount')).toHaveTextContent('₱1,000.00');
    expect(done).toHaveTextContent('Pending');
    expect(done).toHaveTextContent('We are checking your transfer');
    await r.user.click(screen.getByTestId('deposit-records-link'));
    expect(r.location().pathname).toBe('/m/vouReport');
  });

  it('WALLET-001 a retry after a lost answer reuses the idempotency key; the next deposit gets a new one', async () => {
    const api = stubApi({
      [OPTIONS]: depositOptions,
      [CREATE]: (c: Call, attempt: number) =>
        attempt === 1
          ? NETWORK_DOWN
          : { order: pendingDeposit(c.json() as Record<string, unknown>), redirectUrl: null },
    });
    const r = await open();
    await r.user.click(await screen.findByTestId('deposit-method-BANK'));
    await r.user.click(screen.getByTestId('deposit-bank-account-11'));
    await r.user.type(screen.getByLabelText('Amount'), '500');
    await r.user.type(screen.getByLabelText('Transfer reference'), 'R1');
    await r.user.type(screen.getByLabelText("Sender's name"), 'Juan');
    await r.user.click(screen.getByTestId('deposit-submit'));
    expect(await screen.findByTestId('deposit-failure')).toHaveTextContent(
      'No network, please check your connection',
    );
    await r.user.click(screen.getByTestId('deposit-submit'));
    await screen.findByTestId('deposit-pending');
    const [first, retry] = api.to('POST', '/api/cashier/deposits');
    expect(retry?.headers['idempotency-key']).toBe(first?.headers['idempotency-key']);

    await r.user.click(screen.getByTestId('deposit-again'));
    await r.user.click(screen.getByTestId('deposit-method-BANK'));
    await r.user.click(screen.getByTestId('deposit-bank-account-11'));
    await r.user.type(screen.getByLabelText('Amount'), '500');
    await r.user.type(screen.getByLabelText('Transfer reference'), 'R1');
    await r.user.type(screen.getByLabelText("Sender's name"), 'Juan');
    await r.user.click(screen.getByTestId('deposit-submit'));
    await screen.findByTestId('deposit-pending');
    const third = api.to('POST', '/api/cashier/deposits')[2];
    expect(third?.headers['idempotency-key']).toMatch(/^[A-Za-z0-9_-]{8,80}$/);
    expect(third?.headers['idempotency-key']).not.toBe(first?.headers['idempotency-key']);
  });

  it('a refusal is shown translated and the form stays for another try', async () => {
    stubApi({ [OPTIONS]: depositOptions, [CREATE]: new Refusal('rate_limited', 429) });
    const r = await open();
    await r.user.type(await screen.findByLabelText('Amount'), '300');
    await r.user.click(screen.getByTestId('deposit-submit'));
    expect(await screen.findByTestId('deposit-failure')).toHaveTextContent(
      'Too many requests, please try again later.',
    );
    expect(screen.getByTestId('deposit-submit')).toBeEnabled();
    expect(goToPaymentPage).not.toHaveBeenCalled();
  });

  it('issue 53 a deposit past the verification ceiling says what is left, with a way to verify', async () => {
    stubApi({
      [OPTIONS]: depositOptions,
      [CREATE]: new Refusal('kyc_limit_reached', 409, {
        kind: 'deposit',
        span: 'month',
        limit: '20000.00',
        left: '0.00',
        level: 0,
        nextLevel: 1,
      }),
    });
    const r = await open();
    await r.user.type(await screen.findByLabelText('Amount'), '300');
    await r.user.click(screen.getByTestId('deposit-submit'));
    const failure = await screen.findByTestId('deposit-failure');
    expect(failure).toHaveTextContent(
      'This is more than your verification level allows: ₱0.00 left of ₱20,000.00. Verify to a higher level for more.',
    );
    expect(within(failure).getByTestId('kyc-verify-link')).toHaveAttribute('href', '/m/verification');
    expect(screen.getByTestId('deposit-submit')).toBeEnabled();
  });

  it('shows in Filipino (TY) too', async () => {
    stubApi({ [OPTIONS]: depositOptions });
    renderWithShell(<CashierRoutes />, { path: '/m/voucherCenter', session: memberSession, language: 'TY' });
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Deposito');
    expect(await screen.findByLabelText('Halaga')).toBeInTheDocument();
  });
});
