import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderWithShell } from '../../../app/test-utils';
import { makeBundle, memberSession } from '../../../app/test-fixtures';
import { Header } from '../../../app/layout/header';
import { TOAST_MS, toast } from '../../../lib/toast';
import { BALANCE, ME, TRANSFER_UPLINE, memberInfo, stubApi, type StubAnswer } from '../test/records-fixtures';
import { UplineTransferScreen } from './upline-transfer-screen';

let show: ReturnType<typeof vi.fn<typeof toast.show>>;
beforeEach(() => {
  show = vi.fn<typeof toast.show>(async () => {});
  vi.spyOn(toast, 'show').mockImplementation(show);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const wallet = (sumBalance: string): StubAnswer => ({ value: { sumBalance, currency: 'PHP', book: 'real' } });
const uplineMember = memberInfo({ toUpline: true, type: 0 });

function renderUpline(opts: Parameters<typeof renderWithShell>[1] = {}) {
  return renderWithShell(
    <>
      <Header />
      <UplineTransferScreen />
    </>,
    { session: memberSession, path: '/m/upLine/transfer', ...opts },
  );
}

describe('transfer to upline (/m/upLine/transfer)', () => {
  it.each([
    ['AGETRANSFERUP3 off', false, uplineMember],
    ['toUpline not set', true, memberInfo({ toUpline: false, type: 0 })],
    ['member type 2', true, memberInfo({ toUpline: true, type: 2 })],
  ])('MINE-025 not offered when %s', async (_, flag, info) => {
    const { calls } = stubApi({ [ME]: { value: info }, [BALANCE]: wallet('100.00') });
    renderUpline({ bundle: makeBundle({ flags: { AGETRANSFERUP3: flag } }) });
    expect(await screen.findByTestId('upline-unavailable')).toHaveTextContent('not available');
    expect(screen.queryByTestId('upline-form')).toBeNull();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('MINE-025 offered with the flag on, toUpline set and type not 2', async () => {
    stubApi({ [ME]: { value: uplineMember }, [BALANCE]: wallet('1000.00') });
    renderUpline();
    expect(await screen.findByTestId('upline-form')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('upline-balance')).toHaveTextContent('1,000.00'));
  });

  it('checks the form first: nothing is sent, focus goes to the first wrong field', async () => {
    const { calls } = stubApi({ [ME]: { value: uplineMember }, [BALANCE]: wallet('100.00') });
    const r = renderUpline();
    await screen.findByTestId('upline-form');
    await waitFor(() => expect(screen.getByTestId('upline-balance')).toHaveTextContent('100.00'));
    await r.user.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(screen.getByTestId('upline-amount-error')).toHaveTextContent('Enter an amount');
    expect(screen.getByLabelText('Amount')).toHaveFocus();
    await r.user.type(screen.getByLabelText('Amount'), '100.01');
    await r.user.type(screen.getByLabelText('Payment password'), '123456');
    await r.user.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(screen.getByTestId('upline-amount-error')).toHaveTextContent('more than your balance');
    await r.user.clear(screen.getByLabelText('Amount'));
    await r.user.type(screen.getByLabelText('Amount'), '50');
    await r.user.clear(screen.getByLabelText('Payment password'));
    await r.user.type(screen.getByLabelText('Payment password'), '12');
    await r.user.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(screen.getByTestId('upline-password-error')).toHaveTextContent('6-digit');
    expect(screen.getByLabelText('Payment password')).toHaveFocus();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('WALLET-008 success: one POST with an idempotency key; the header shows the new balance', async () => {
    let balance = '1000.00';
    const { calls } = stubApi({
      [ME]: { value: uplineMember },
      [BALANCE]: () => wallet(balance),
      [TRANSFER_UPLINE]: () => {
        balance = '750.00';
        return { value: { sumBalance: '750.00', transferId: '42' } };
      },
    });
    const r = renderUpline();
    await waitFor(() => expect(screen.getByTestId('header-balance')).toHaveTextContent('1,000.00'));
    await r.user.type(screen.getByLabelText('Amount'), '250');
    await r.user.type(screen.getByLabelText('Payment password'), '123456');
    await r.user.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(await screen.findByTestId('upline-success')).toHaveTextContent('250.00 sent to your upline');
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toEqual({ amount: '250', paymentPassword: '123456' });
    expect(posts[0]!.headers.get('idempotency-key')).toMatch(/^[A-Za-z0-9_-]{8,80}$/);
    expect(screen.getByTestId('header-balance')).toHaveTextContent('750.00');
    expect(screen.getByTestId('upline-balance')).toHaveTextContent('750.00');
    expect(screen.getByLabelText('Amount')).toHaveValue('');
    expect(show).toHaveBeenCalledWith('250.00 sent to your upline', TOAST_MS.success, 'success');
    // The balance is reloaded to confirm the answer.
    await waitFor(() => expect(calls.filter((c) => c.url.pathname === BALANCE).length).toBeGreaterThan(1));
  });

  it('a lost answer is retried with the same key; after a refusal the next try is a new intent', async () => {
    let answer: 'lost' | 'refuse' | 'ok' = 'lost';
    const { calls } = stubApi({
      [ME]: { value: uplineMember },
      [BALANCE]: wallet('1000.00'),
      [TRANSFER_UPLINE]: () => {
        if (answer === 'lost') throw new TypeError('network down');
        if (answer === 'refuse') return { status: 403, code: 'free_reject' };
        return { value: { sumBalance: '990.00', transferId: '43' } };
      },
    });
    const r = renderUpline();
    await screen.findByTestId('upline-form');
    const send = async (password: string) => {
      await r.user.clear(screen.getByLabelText('Payment password'));
      await r.user.type(screen.getByLabelText('Payment password'), password);
      await r.user.click(screen.getByRole('button', { name: 'Transfer' }));
    };
    await r.user.type(screen.getByLabelText('Amount'), '10');
    await send('123456');
    expect(await screen.findByTestId('upline-error')).toHaveTextContent('No network');
    await send('123456');
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    answer = 'refuse';
    await send('123456');
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(3));
    expect(await screen.findByTestId('upline-error')).toHaveTextContent('Please login an actual account');
    answer = 'ok';
    await send('123456');
    await screen.findByTestId('upline-success');
    const keys = calls.filter((c) => c.method === 'POST').map((c) => c.headers.get('idempotency-key'));
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).toBe(keys[0]);
    expect(keys[3]).not.toBe(keys[2]);
  });
});
