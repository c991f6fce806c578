import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithShell } from '../../../app/test-utils';
import { memberSession, trialSession } from '../../../app/test-fixtures';
import { TOAST_MS } from '../../../lib/toast';
import {
  CashierRoutes,
  freshSecurity,
  NETWORK_DOWN,
  readySecurity,
  Refusal,
  stubApi,
  type Call,
} from '../test/cashier-fixtures';

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
const BALANCE = 'GET /api/wallet/balance';
const CREATE = 'POST /api/cashier/withdrawals';
const balance = (sumBalance: string) => ({ sumBalance, currency: 'PHP', book: 'real' });
const withdrawalAnswer = (c: Call) => {
  const body = c.json() as { cardId: string; amount: string };
  return {
    id: '801',
    cardId: body.cardId,
    bankName: 'BDO Unibank',
    cardLast4: '4321',
    amount: body.amount,
    status: 'pending',
    reason: null,
    createdAt: '2026-11-22T10:00:00.000Z',
    updatedAt: '2026-11-22T10:00:00.000Z',
  };
};

async function open(session: typeof memberSession | null = memberSession) {
  const r = renderWithShell(<CashierRoutes />, { path: '/m/withdraw', session });
  if (session === memberSession) await screen.findByTestId('withdraw-screen');
  return r;
}

describe('WithdrawScreen (/m/withdraw)', () => {
  it('ROLE-006 a visitor is sent to /m/login and brought back', async () => {
    const r = await open(null);
    await screen.findByTestId('login-marker');
    expect(new URLSearchParams(r.location().search).get('redirect')).toBe('/m/withdraw');
  });

  it('ROLE-011 a free-trial account is refused with the free_reject toast', async () => {
    await open(trialSession);
    await screen.findByTestId('home-marker');
    expect(toastShow).toHaveBeenCalledWith(
      'Please login an actual account to use this function',
      TOAST_MS.info,
    );
  });

  it('WALLET-002 without payment password, payee name and card: a call to action to the security centre', async () => {
    stubApi({ [SECURITY]: freshSecurity, [BALANCE]: balance('5000.00') });
    const r = await open();
    const cta = await screen.findByTestId('withdraw-setup-cta');
    expect(
      within(cta)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Set a payment password', 'Bind your payee name', 'Bind a bank card']);
    expect(screen.queryByTestId('withdraw-form')).toBeNull();
    await r.user.click(within(cta).getByRole('link', { name: 'Go to security centre' }));
    expect(r.location().pathname).toBe('/m/securityCenter');
  });

  it('WALLET-002 only the missing card is asked for when the rest is set', async () => {
    stubApi({ [SECURITY]: { ...readySecurity, cards: [] }, [BALANCE]: balance('5000.00') });
    await open();
    await screen.findByTestId('withdraw-setup-cta');
    expect(screen.getByTestId('withdraw-missing-card')).toBeInTheDocument();
    expect(screen.queryByTestId('withdraw-missing-password')).toBeNull();
    expect(screen.queryByTestId('withdraw-missing-payee')).toBeNull();
  });

  it('WALLET-002 remaining turnover blocks the withdrawal with a clear message', async () => {
    stubApi({
      [SECURITY]: {
        ...readySecurity,
        wagering: { required: '1030.00', done: '280.00', remaining: '750.00' },
      },
      [BALANCE]: balance('1030.00'),
    });
    await open();
    expect(await screen.findByTestId('withdraw-wagering-block')).toHaveTextContent(
      'Wagering requirement: ₱750.00 left of ₱1,030.00 (₱280.00 done).',
    );
    expect(screen.queryByTestId('withdraw-form')).toBeNull();
  });

  it('WALLET-002 WALLET-012 balance, masked card, All, masked 6-digit password, pending confirmation', async () => {
    const api = stubApi({
      [SECURITY]: readySecurity,
      [BALANCE]: balance('1234.56'),
      [CREATE]: withdrawalAnswer,
    });
    const r = await open();
    expect(await screen.findByTestId('withdraw-balance')).toHaveTextContent('₱1,234.56');
    const card = screen.getByTestId('withdraw-card-31');
    expect(card).toBeChecked();
    expect(screen.getByText('**** **** **** 4321')).toBeInTheDocument();
    await r.user.click(screen.getByRole('button', { name: 'Withdraw all (up to the maximum)' }));
    expect(screen.getByLabelText('Amount')).toHaveValue('1234.56');
    const pin = screen.getByLabelText('Payment password');
    expect(pin).toHaveAttribute('type', 'password');
    expect(pin).toHaveAttribute('inputmode', 'numeric');
    expect(pin).toHaveAttribute('maxlength', '6');
    expect(pin).toHaveAttribute('autocomplete', 'off');
    await r.user.type(pin, '12ab3456');
    expect(pin).toHaveValue('123456');
    await r.user.click(screen.getByTestId('withdraw-submit'));
    const done = await screen.findByTestId('withdraw-pending');
    const [call] = api.to('POST', '/api/cashier/withdrawals');
    expect(call?.json()).toEqual({ cardId: '31', amount: '1234.56', paymentPassword: '123456' });
    expect(call?.headers['idempotency-key']).toMatch(/^[A-Za-z0-9_-]{8,80}$/);
    expect(within(done).getByRole('heading', { name: 'Withdrawal requested' })).toHaveFocus();
    expect(screen.getByTestId('withdraw-done-amount')).toHaveTextContent('₱1,234.56');
    expect(done).toHaveTextContent('BDO Unibank ···· 4321');
    // The balance moved to pending: it is asked for again.
    await waitFor(() => expect(api.to('GET', '/api/wallet/balance').length).toBeGreaterThan(1));
    await r.user.click(screen.getByTestId('withdraw-records-link'));
    expect(r.location().pathname).toBe('/m/withdrawReport');
  });

  it('All is capped at the maximum withdrawal', async () => {
    stubApi({ [SECURITY]: readySecurity, [BALANCE]: balance('90000.00') });
    const r = await open();
    await r.user.click(await screen.findByTestId('withdraw-all'));
    expect(screen.getByLabelText('Amount')).toHaveValue('50000.00');
  });

  it('WALLET-002 the amount stays within min, max and balance; the password must be 6 digits', async () => {
    const api = stubApi({
      [SECURITY]: readySecurity,
      [BALANCE]: balance('500.00'),
      [CREATE]: withdrawalAnswer,
    });
    const r = await open();
    const amount = await screen.findByLabelText('Amount');
    await r.user.type(amount, '50');
    expect(screen.getByTestId('withdraw-amount-error')).toHaveTextContent('The minimum amount is ₱100.00');
    await r.user.clear(amount);
    await r.user.type(amount, '600');
    expect(screen.getByTestId('withdraw-amount-error')).toHaveTextContent(
      'The amount is more than your balance (₱500.00)',
    );
    await r.user.clear(amount);
    await r.user.type(amount, '200');
    await r.user.type(screen.getByLabelText('Payment password'), '123');
    await r.user.click(screen.getByTestId('withdraw-submit'));
    expect(screen.getByTestId('withdraw-pin-error')).toHaveTextContent('Enter 6 digits');
    expect(screen.getByLabelText('Payment password')).toHaveFocus();
    expect(api.to('POST', '/api/cashier/withdrawals')).toHaveLength(0);
  });

  it('WALLET-002 a retry after a lost answer reuses the key; a corrected password is a new intent', async () => {
    const api = stubApi({
      [SECURITY]: readySecurity,
      [BALANCE]: balance('5000.00'),
      [CREATE]: (c: Call, attempt: number) =>
        attempt === 1
          ? NETWORK_DOWN
          : attempt === 2
            ? new Refusal('payment_password_wrong', 403)
            : withdrawalAnswer(c),
    });
    const r = await open();
    await r.user.type(await screen.findByLabelText('Amount'), '300');
    await r.user.type(screen.getByLabelText('Payment password'), '111111');
    await r.user.click(screen.getByTestId('withdraw-submit'));
    expect(await screen.findByTestId('withdraw-failure')).toHaveTextContent('No network');
    await r.user.click(screen.getByTestId('withdraw-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('withdraw-failure')).toHaveTextContent('Wrong payment password'),
    );
    // A wrong payment password is cleared and focused for another go.
    const pin = screen.getByLabelText('Payment password');
    expect(pin).toHaveValue('');
    expect(pin).toHaveFocus();
    await r.user.type(pin, '123456');
    await r.user.click(screen.getByTestId('withdraw-submit'));
    await screen.findByTestId('withdraw-pending');
    const [a, b, c] = api.to('POST', '/api/cashier/withdrawals').map((x) => x.headers['idempotency-key']);
    expect(b).toBe(a);
    expect(c).not.toBe(a);
  });

  it('WALLET-002 a turnover refusal from the server reloads the set-up and shows the block', async () => {
    let security = readySecurity;
    stubApi({
      [SECURITY]: () => security,
      [BALANCE]: balance('5000.00'),
      [CREATE]: () => {
        security = { ...readySecurity, wagering: { required: '500.00', done: '0.00', remaining: '500.00' } };
        return new Refusal('wagering_not_met', 409);
      },
    });
    const r = await open();
    await r.user.type(await screen.findByLabelText('Amount'), '300');
    await r.user.type(screen.getByLabelText('Payment password'), '123456');
    await r.user.click(screen.getByTestId('withdraw-submit'));
    expect(await screen.findByTestId('withdraw-wagering-block')).toHaveTextContent('₱500.00');
    expect(screen.queryByTestId('withdraw-form')).toBeNull();
  });

  it('gives up the open bonuses with the login password: the turnover block goes, the withdrawal form comes', async () => {
    let security = {
      ...readySecurity,
      wagering: { required: '1030.00', done: '0.00', remaining: '1030.00' },
    };
    const api = stubApi({
      [SECURITY]: () => security,
      [BALANCE]: balance('1030.00'),
      'POST /api/cashier/turnover/forfeit': (c: Call) => {
        const { loginPassword } = c.json() as { loginPassword: string };
        if (loginPassword !== 'secret-pw') return new Refusal('login_password_wrong', 400);
        security = readySecurity;
        return { forfeited: '30.00' };
      },
    });
    const r = await open();
    await r.user.click(await screen.findByTestId('forfeit-open'));
    const form = screen.getByTestId('forfeit-form');
    expect(form).toHaveTextContent('your own deposits and what they won stay');
    await r.user.click(screen.getByTestId('forfeit-submit'));
    // Nothing is sent without the password.
    expect(api.to('POST', '/api/cashier/turnover/forfeit')).toHaveLength(0);
    expect(screen.getByLabelText('Login password')).toHaveFocus();
    await r.user.type(screen.getByLabelText('Login password'), 'wrong');
    await r.user.click(screen.getByTestId('forfeit-submit'));
    expect(await within(form).findByText('Wrong login password')).toBeInTheDocument();
    await r.user.clear(screen.getByLabelText('Login password'));
    await r.user.type(screen.getByLabelText('Login password'), 'secret-pw');
    await r.user.click(screen.getByTestId('forfeit-submit'));
    expect(await screen.findByTestId('withdraw-form')).toBeInTheDocument();
    expect(screen.queryByTestId('withdraw-wagering-block')).toBeNull();
    const calls = api.to('POST', '/api/cashier/turnover/forfeit');
    expect(calls.map((c) => c.json())).toEqual([{ loginPassword: 'wrong' }, { loginPassword: 'secret-pw' }]);
    expect(calls[1]?.headers['idempotency-key']).toMatch(/^[A-Za-z0-9_-]{8,80}$/);
    expect(toastShow).toHaveBeenCalledWith(
      'Bonuses given up: ₱30.00 taken back. You can withdraw now.',
      TOAST_MS.success,
      'success',
    );
  });

  it('my VIP level’s daily limit: today’s use above the form; a refusal past it is explained and the use read again', async () => {
    let security = {
      ...readySecurity,
      levelLimit: { count: 5, amount: '50000.00', usedCount: 1, usedAmount: '1000.00' },
    };
    stubApi({
      [SECURITY]: () => security,
      [BALANCE]: balance('60000.00'),
      [CREATE]: () => {
        security = {
          ...security,
          levelLimit: { ...security.levelLimit, usedCount: 2, usedAmount: '49900.00' },
        };
        return new Refusal('withdraw_daily_amount', 409, { limit: '50000.00', left: '100.00' });
      },
    });
    const r = await open();
    expect(await screen.findByTestId('withdraw-level-limit')).toHaveTextContent(
      'My VIP level: 1 of 5 withdrawals today. ₱1,000.00 of ₱50,000.00 withdrawn today.',
    );
    await r.user.type(screen.getByLabelText('Amount'), '300');
    await r.user.type(screen.getByLabelText('Payment password'), '123456');
    await r.user.click(screen.getByTestId('withdraw-submit'));
    expect(
      await screen.findByText('This is more than your VIP level allows today: ₱100.00 left of ₱50,000.00.'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('withdraw-level-limit')).toHaveTextContent('2 of 5 withdrawals today'),
    );
  });

  it('issue 53 a withdrawal that needs a higher verification level says which, with a way to verify', async () => {
    stubApi({
      [SECURITY]: readySecurity,
      [BALANCE]: balance('5000.00'),
      [CREATE]: new Refusal('kyc_level_required', 409, { level: 1, current: 0, reason: 'first_withdrawal' }),
    });
    const r = await open();
    await r.user.type(await screen.findByLabelText('Amount'), '300');
    await r.user.type(screen.getByLabelText('Payment password'), '123456');
    await r.user.click(screen.getByTestId('withdraw-submit'));
    const failure = await screen.findByTestId('withdraw-failure');
    expect(failure).toHaveTextContent('Verify your account to level 1 first');
    const link = within(failure).getByTestId('kyc-verify-link');
    expect(link).toHaveTextContent('Verify now');
    await r.user.click(link);
    expect(await screen.findByTestId('verification-marker')).toBeInTheDocument();
    expect(r.location().pathname).toBe('/m/verification');
  });

  it('issue 53 a withdrawal past the level’s ceiling says what is left; other refusals have no verify link', async () => {
    let attempt = 0;
    stubApi({
      [SECURITY]: readySecurity,
      [BALANCE]: balance('5000.00'),
      [CREATE]: () =>
        ++attempt === 1
          ? new Refusal('kyc_limit_reached', 409, {
              kind: 'withdraw',
              span: 'day',
              limit: '10000.00',
              left: '250.00',
              level: 1,
              nextLevel: 2,
            })
          : new Refusal('payment_password_wrong', 403),
    });
    const r = await open();
    await r.user.type(await screen.findByLabelText('Amount'), '300');
    await r.user.type(screen.getByLabelText('Payment password'), '123456');
    await r.user.click(screen.getByTestId('withdraw-submit'));
    expect(await screen.findByTestId('withdraw-failure')).toHaveTextContent(
      'This is more than your verification level allows: ₱250.00 left of ₱10,000.00.',
    );
    expect(screen.getByTestId('kyc-verify-link')).toBeInTheDocument();
    await r.user.click(screen.getByTestId('withdraw-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('withdraw-failure')).toHaveTextContent('Wrong payment password'),
    );
    expect(screen.queryByTestId('kyc-verify-link')).toBeNull();
  });

  it('a failed load offers a retry', async () => {
    let fail = true;
    stubApi({
      [SECURITY]: () => (fail ? new Refusal('unknown_error', 500) : readySecurity),
      [BALANCE]: balance('5000.00'),
    });
    const r = await open();
    await screen.findByTestId('cashier-load-error');
    fail = false;
    await r.user.click(screen.getByTestId('cashier-retry'));
    expect(await screen.findByTestId('withdraw-form')).toBeInTheDocument();
  });
});
