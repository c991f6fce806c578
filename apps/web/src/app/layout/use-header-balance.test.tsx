import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { renderWithShell } from '../test-utils';
import { memberSession } from '../test-fixtures';
import { memberInfo, stubApi, type StubAnswer } from '../../features/member/test/member-fixtures';
import { Header } from './header';
import { BALANCE_STARS } from './header-parts';
import { balanceKeys, invalidateBalance, setBalance } from './use-header-balance';

const BALANCE = '/api/wallet/balance';
const ME = '/api/members/me';
const wallet = (sumBalance: string): StubAnswer => ({ value: { sumBalance, currency: 'PHP', book: 'real' } });

afterEach(() => {
  vi.unstubAllGlobals();
});

const balanceText = () => screen.getByTestId('header-balance');

describe('header balance from the wallet', () => {
  it('SHELL-019 WALLET-004 shows sumBalance from GET /api/wallet/balance with exactly 2 decimals', async () => {
    const { calls } = stubApi({ [BALANCE]: wallet('12345.5'), [ME]: { value: memberInfo() } });
    renderWithShell(<Header />, { session: memberSession });
    await waitFor(() => expect(balanceText()).toHaveTextContent('12,345.50'));
    const call = calls.find((c) => c.url.pathname === BALANCE)!;
    expect(call.method).toBe('GET');
    expect(call.headers.get('authorization')).toBe(`Bearer ${memberSession.token}`);
  });

  it('SHELL-019 a visitor’s balance is not fetched', async () => {
    const { calls } = stubApi({ [BALANCE]: wallet('1.00') });
    renderWithShell(<Header />);
    await screen.findByTestId('header');
    expect(calls.filter((c) => c.url.pathname === BALANCE)).toEqual([]);
  });

  it('SHELL-019 a failed load shows the neutral dash, never a number', async () => {
    const { calls } = stubApi({
      [BALANCE]: { status: 503, code: 'unavailable' },
      [ME]: { value: memberInfo() },
    });
    renderWithShell(<Header />, { session: memberSession });
    await waitFor(() => expect(calls.filter((c) => c.url.pathname === BALANCE).length).toBeGreaterThan(0));
    expect(balanceText()).toHaveTextContent('—');
    expect(balanceText().textContent).not.toMatch(/\d/);
  });

  it('WALLET-005 WALLET-007 hide shows stars instead of the digits; show brings them back', async () => {
    stubApi({ [BALANCE]: wallet('250.00'), [ME]: { value: memberInfo() } });
    const r = renderWithShell(<Header />, { session: memberSession });
    await waitFor(() => expect(balanceText()).toHaveTextContent('250.00'));
    await r.user.click(screen.getByRole('button', { name: 'Menu' }));
    await r.user.click(
      within(await screen.findByRole('dialog', { name: 'Menu' })).getByRole('button', {
        name: 'Hide balance',
      }),
    );
    expect(balanceText()).toHaveTextContent(BALANCE_STARS);
    expect(balanceText()).not.toHaveTextContent('250');
    await r.user.click(
      within(await screen.findByRole('dialog', { name: 'Menu' })).getByRole('button', {
        name: 'Show balance',
      }),
    );
    expect(balanceText()).toHaveTextContent('250.00');
  });

  it('WALLET-006 refresh reloads the balance and shows stars until the reload finishes', async () => {
    let release = () => {};
    let n = 0;
    const answers: Record<string, (req: { url: URL }) => StubAnswer> = {
      [BALANCE]: () => (++n === 1 ? wallet('10.00') : wallet('20.00')),
      [ME]: () => ({ value: memberInfo() }),
    };
    const { fetchMock } = stubApi(answers);
    const r = renderWithShell(<Header />, { session: memberSession });
    await waitFor(() => expect(balanceText()).toHaveTextContent('10.00'));

    // The second balance answer is held back until the test releases it.
    const real = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : input.toString(), 'http://localhost');
      if (url.pathname === BALANCE) await new Promise<void>((resolve) => (release = resolve));
      return real(input, init);
    });
    await r.user.click(screen.getByRole('button', { name: 'Menu' }));
    await r.user.click(
      within(await screen.findByRole('dialog', { name: 'Menu' })).getByRole('button', {
        name: 'Refresh balance',
      }),
    );
    expect(balanceText()).toHaveTextContent(BALANCE_STARS);
    expect(balanceText()).not.toHaveTextContent('10.00');
    act(() => release());
    await waitFor(() => expect(balanceText()).toHaveTextContent('20.00'));
  });

  it('WALLET-004 invalidateBalance reloads the header; setBalance shows a new value at once', async () => {
    let amount = '5.00';
    stubApi({ [BALANCE]: () => wallet(amount), [ME]: { value: memberInfo() } });
    const r = renderWithShell(<Header />, { session: memberSession });
    await waitFor(() => expect(balanceText()).toHaveTextContent('5.00'));
    act(() => setBalance(r.queryClient, memberSession.token, '4.5'));
    await waitFor(() => expect(balanceText()).toHaveTextContent('4.50'));
    amount = '7.25';
    await act(() => invalidateBalance(r.queryClient));
    await waitFor(() => expect(balanceText()).toHaveTextContent('7.25'));
    expect(r.queryClient.getQueryData(balanceKeys.of(memberSession.token))).toMatchObject({
      sumBalance: '7.25',
    });
  });
});
