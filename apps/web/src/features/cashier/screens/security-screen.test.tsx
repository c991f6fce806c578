import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithShell } from '../../../app/test-utils';
import { memberSession } from '../../../app/test-fixtures';
import { TOAST_MS } from '../../../lib/toast';
import {
  CashierRoutes,
  freshSecurity,
  makeCard,
  readySecurity,
  Refusal,
  stubApi,
  type Call,
} from '../test/cashier-fixtures';
import type { SecurityConfig } from '../api/security';

const toastShow = vi.hoisted(() => vi.fn(async () => {}));
vi.mock(import('../../../lib/toast'), async (orig) => ({
  ...(await orig()),
  toast: { show: toastShow, clear: vi.fn(async () => {}) },
}));

afterEach(() => {
  vi.clearAllMocks();
  vi.unstubAllGlobals();
});

const SECURITY = 'GET /api/cashier/security';
const SET_PIN = 'POST /api/cashier/payment-password';
const RESET_PIN = 'POST /api/cashier/payment-password/reset';
const PAYEE = 'POST /api/cashier/payee-name';
const CARDS = 'POST /api/cashier/cards';

/** A server whose security config changes with what is posted, as the real one does. */
function statefulApi(initial: SecurityConfig, extra: Record<string, unknown> = {}) {
  let state = initial;
  return stubApi({
    [SECURITY]: () => state,
    [SET_PIN]: () => {
      state = { ...state, hasPaymentPassword: true };
      return {};
    },
    [RESET_PIN]: {},
    [PAYEE]: (c: Call) => {
      state = { ...state, payeeName: (c.json() as { payeeName: string }).payeeName };
      return {};
    },
    [CARDS]: (c: Call) => {
      const body = c.json() as { bankCode: string; cardNumber: string };
      const added = makeCard(
        String(40 + state.cards.length),
        body.bankCode,
        'GCash',
        body.cardNumber.slice(-4),
      );
      state = { ...state, cards: [...state.cards, added] };
      return added;
    },
    ...extra,
  });
}

async function open(session: typeof memberSession | null = memberSession) {
  const r = renderWithShell(<CashierRoutes />, { path: '/m/securityCenter', session });
  if (session) await screen.findByTestId('security-screen');
  return r;
}

describe('SecurityScreen (/m/securityCenter)', () => {
  it('ROLE-006 a visitor is sent to /m/login and brought back', async () => {
    const r = await open(null);
    await screen.findByTestId('login-marker');
    expect(new URLSearchParams(r.location().search).get('redirect')).toBe('/m/securityCenter');
  });

  it('WALLET-013 first payment password: login password, six digits, confirmation', async () => {
    const api = statefulApi(freshSecurity);
    const r = await open();
    const section = await screen.findByTestId('security-pin');
    expect(screen.getByTestId('security-pin-status')).toHaveTextContent('Not set');
    expect(within(section).queryByLabelText('Current payment password')).toBeNull();
    await r.user.click(screen.getByRole('button', { name: 'Set payment password' }));
    expect(screen.getByText('Enter your login password')).toBeInTheDocument();
    expect(screen.getByLabelText('Login password')).toHaveFocus();
    expect(screen.getByLabelText('Login password')).toHaveAttribute('aria-invalid', 'true');

    await r.user.type(screen.getByLabelText('Login password'), 'Demo1234');
    const pin = screen.getByLabelText('New payment password (6 digits)');
    expect(pin).toHaveAttribute('type', 'password');
    expect(pin).toHaveAttribute('inputmode', 'numeric');
    await r.user.type(pin, '123456');
    await r.user.type(screen.getByLabelText('Confirm payment password'), '123457');
    await r.user.click(screen.getByRole('button', { name: 'Set payment password' }));
    expect(screen.getByText('The payment passwords do not match')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm payment password')).toHaveFocus();
    expect(api.to('POST', '/api/cashier/payment-password')).toHaveLength(0);

    await r.user.clear(screen.getByLabelText('Confirm payment password'));
    await r.user.type(screen.getByLabelText('Confirm payment password'), '123456');
    await r.user.click(screen.getByRole('button', { name: 'Set payment password' }));
    await waitFor(() => expect(screen.getByTestId('security-pin-status')).toHaveTextContent('Set'));
    expect(api.to('POST', '/api/cashier/payment-password')[0]?.json()).toEqual({
      loginPassword: 'Demo1234',
      paymentPassword: '123456',
      confirmPaymentPassword: '123456',
    });
    expect(toastShow).toHaveBeenCalledWith('Payment password saved', TOAST_MS.success, 'success');
    // Now a change asks for the old payment password.
    expect(screen.getByLabelText('Current payment password')).toHaveValue('');
  });

  it('WALLET-013 change with the old payment password; a refusal is shown translated', async () => {
    const api = statefulApi(readySecurity, { [SET_PIN]: new Refusal('rate_limited', 429) });
    const r = await open();
    await screen.findByTestId('security-pin-form');
    expect(screen.getByTestId('security-pin-mode-change')).toHaveAttribute('aria-pressed', 'true');
    await r.user.type(screen.getByLabelText('Current payment password'), '111111');
    await r.user.type(screen.getByLabelText('New payment password (6 digits)'), '222222');
    await r.user.type(screen.getByLabelText('Confirm payment password'), '222222');
    await r.user.click(screen.getByRole('button', { name: 'Change payment password' }));
    expect(await screen.findByTestId('security-pin-failure')).toHaveTextContent(
      'Too many requests, please try again later.',
    );
    expect(api.to('POST', '/api/cashier/payment-password')[0]?.json()).toEqual({
      oldPaymentPassword: '111111',
      paymentPassword: '222222',
      confirmPaymentPassword: '222222',
    });
  });

  it('WALLET-013 reset a forgotten payment password with the login password', async () => {
    const api = statefulApi(readySecurity);
    const r = await open();
    await r.user.click(await screen.findByTestId('security-pin-mode-reset'));
    expect(screen.queryByLabelText('Current payment password')).toBeNull();
    await r.user.type(screen.getByLabelText('Login password'), 'Demo1234');
    await r.user.type(screen.getByLabelText('New payment password (6 digits)'), '654321');
    await r.user.type(screen.getByLabelText('Confirm payment password'), '654321');
    await r.user.click(screen.getByRole('button', { name: 'Reset payment password' }));
    await waitFor(() => expect(api.to('POST', '/api/cashier/payment-password/reset')).toHaveLength(1));
    expect(api.to('POST', '/api/cashier/payment-password/reset')[0]?.json()).toEqual({
      loginPassword: 'Demo1234',
      paymentPassword: '654321',
      confirmPaymentPassword: '654321',
    });
    await waitFor(() => expect(screen.getByLabelText('Login password')).toHaveValue(''));
  });

  it('WALLET-013 the payee name is bound once, then shown read-only', async () => {
    const api = statefulApi(freshSecurity);
    const r = await open();
    const input = await screen.findByLabelText('Full name');
    await r.user.type(input, 'J');
    await r.user.click(screen.getByRole('button', { name: 'Bind payee name' }));
    expect(screen.getByTestId('security-payee-input-error')).toHaveTextContent(
      'Enter a name of 2 to 64 characters',
    );
    await r.user.type(input, 'uan Dela Cruz ');
    await r.user.click(screen.getByRole('button', { name: 'Bind payee name' }));
    expect(await screen.findByTestId('security-payee-value')).toHaveTextContent('Juan Dela Cruz');
    expect(api.to('POST', '/api/cashier/payee-name')[0]?.json()).toEqual({ payeeName: 'Juan Dela Cruz' });
    expect(screen.queryByLabelText('Full name')).toBeNull();
  });

  it('WALLET-003 cards are listed masked; binding sends the digits and the page keeps only the mask', async () => {
    const api = statefulApi(readySecurity);
    const r = await open();
    const list = await screen.findByTestId('security-cards');
    expect(within(list).getByTestId('security-card-31')).toHaveTextContent('BDO Unibank**** **** **** 4321');
    expect(within(list).getByLabelText('Card ending in 4321')).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'GCash' })).toBeInTheDocument();

    await r.user.type(screen.getByLabelText('Card or account number'), '123456789');
    await r.user.click(screen.getByRole('button', { name: 'Bind card' }));
    expect(screen.getByText('Choose a bank', { selector: '.cs-field__error' })).toBeInTheDocument();
    expect(screen.getByTestId('security-card-number-error')).toHaveTextContent('Enter 10 to 19 digits');
    expect(screen.getByLabelText('Bank')).toHaveFocus();

    await r.user.selectOptions(screen.getByLabelText('Bank'), 'GCASH');
    await r.user.clear(screen.getByLabelText('Card or account number'));
    await r.user.type(screen.getByLabelText('Card or account number'), '0917 1234 5678');
    const form = screen.getByTestId('security-card-form');
    await r.user.type(within(form).getByLabelText('Payment password'), '123456');
    await r.user.click(screen.getByRole('button', { name: 'Bind card' }));
    await screen.findByText('**** **** **** 5678');
    expect(api.to('POST', '/api/cashier/cards')[0]?.json()).toEqual({
      bankCode: 'GCASH',
      cardNumber: '091712345678',
      paymentPassword: '123456',
    });
    expect(screen.getByLabelText('Card or account number')).toHaveValue('');
    expect(document.body.textContent).not.toContain('091712345678');
    expect(document.body.textContent).not.toContain('0917 1234 5678');
    expect(toastShow).toHaveBeenCalledWith('Card bound', TOAST_MS.success, 'success');
  });

  it('WALLET-003 with the maximum of cards bound there is no bind form', async () => {
    statefulApi({
      ...readySecurity,
      maxCards: 2,
      cards: [makeCard('31', 'BDO', 'BDO Unibank', '4321'), makeCard('32', 'BPI', 'BPI', '9876')],
    });
    await open();
    expect(await screen.findByTestId('security-cards-full')).toHaveTextContent(
      'You have bound the maximum of 2 cards.',
    );
    expect(screen.queryByTestId('security-card-form')).toBeNull();
  });

  it('WALLET-003 without a payment password a card cannot be bound yet; no card gives an empty state', async () => {
    statefulApi(freshSecurity);
    await open();
    expect(await screen.findByTestId('security-cards-need-pin')).toBeInTheDocument();
    expect(screen.getByTestId('security-cards-empty')).toHaveTextContent('No bank card yet');
    expect(screen.queryByTestId('security-card-form')).toBeNull();
  });
});
