import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderWithShell } from '../../../app/test-utils';
import { memberSession } from '../../../app/test-fixtures';
import { TRANSACTIONS, TYPES, page, stubApi, transaction } from '../test/records-fixtures';
import { TransactionRecordScreen } from './transaction-record-screen';

const OFFERED = ['deposit', 'withdrawal_paid', 'bet', 'win', 'transfer_upline'];

beforeEach(() => {
  // Only the date is fixed (22 Nov 2026, 15:00 local); timers stay real for the screen's queries.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 10, 22, 15, 0));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const lastQuery = (calls: { url: URL }[]) =>
  Object.fromEntries(calls.filter((c) => c.url.pathname === TRANSACTIONS).at(-1)!.url.searchParams);

describe('account record (/m/transaction/record)', () => {
  it('WALLET-008 MINE-022 lists signed, coloured amounts with the balance after, last 7 days by default', async () => {
    const { calls } = stubApi({
      [TYPES]: { value: OFFERED },
      [TRANSACTIONS]: page([
        transaction({ id: '2', type: 'bet', amount: '-25.00', balanceAfter: '975.00', memo: 'Round 88' }),
        transaction({ id: '1', type: 'deposit', amount: '1000.00', balanceAfter: '1000.00' }),
      ]),
    });
    renderWithShell(<TransactionRecordScreen />, { session: memberSession, path: '/m/transaction/record' });
    const list = await screen.findByRole('list', { name: 'Transactions' });
    const [bet, dep] = within(list).getAllByRole('listitem');
    expect(bet).toHaveTextContent('Bet');
    expect(within(bet!).getByTestId('transaction-amount')).toHaveTextContent('-25.00');
    expect(within(bet!).getByTestId('transaction-amount')).toHaveAttribute('data-sign', 'negative');
    expect(within(bet!).getByTestId('transaction-balance')).toHaveTextContent('975.00');
    expect(bet).toHaveTextContent('Round 88');
    expect(within(dep!).getByTestId('transaction-amount')).toHaveTextContent('+1,000.00');
    expect(within(dep!).getByTestId('transaction-amount')).toHaveAttribute('data-sign', 'positive');
    expect(screen.getByTestId('range-last7')).toHaveAttribute('aria-pressed', 'true');
    expect(lastQuery(calls)).toEqual({ from: '2026-11-16', to: '2026-11-22', page: '1', pageSize: '20' });
  });

  it('WALLET-008 types chosen in the multi-select and a date preset build the query', async () => {
    const { calls } = stubApi({ [TYPES]: { value: OFFERED }, [TRANSACTIONS]: page([transaction()]) });
    const r = renderWithShell(<TransactionRecordScreen />, { session: memberSession });
    await screen.findByTestId('transaction-list');
    const toggle = screen.getByTestId('type-filter-toggle');
    expect(toggle).toHaveTextContent('All types');
    await r.user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await r.user.click(screen.getByRole('checkbox', { name: 'Win' }));
    await r.user.click(screen.getByRole('checkbox', { name: 'Bet' }));
    expect(toggle).toHaveTextContent('2 types');
    await r.user.click(screen.getByRole('button', { name: 'Yesterday' }));
    await waitFor(() =>
      expect(lastQuery(calls)).toEqual({
        types: 'bet,win',
        from: '2026-11-21',
        to: '2026-11-21',
        page: '1',
        pageSize: '20',
      }),
    );
    await r.user.click(screen.getByRole('button', { name: 'Last 30 days' }));
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ from: '2026-10-24', to: '2026-11-22' }));
    await r.user.click(screen.getByRole('button', { name: 'Today' }));
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ from: '2026-11-22', to: '2026-11-22' }));
    await r.user.click(screen.getByRole('button', { name: 'Show all types' }));
    await waitFor(() => expect(lastQuery(calls).types).toBeUndefined());
  });

  it('WALLET-008 a custom range is asked for only when it is whole and in order', async () => {
    const { calls } = stubApi({ [TYPES]: { value: OFFERED }, [TRANSACTIONS]: page([transaction()]) });
    const r = renderWithShell(<TransactionRecordScreen />, { session: memberSession });
    await screen.findByTestId('transaction-list');
    await r.user.click(screen.getByRole('button', { name: 'Custom' }));
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    // Custom starts from the range shown so far.
    expect(from).toHaveValue('2026-11-16');
    expect(to).toHaveValue('2026-11-22');
    const before = calls.length;
    await r.user.clear(from);
    await r.user.type(from, '2026-11-23');
    expect(await screen.findByTestId('range-invalid')).toHaveTextContent('not after the end date');
    expect(screen.queryByTestId('transaction-list')).toBeNull();
    expect(calls.slice(before).some((c) => c.url.searchParams.get('from') === '2026-11-23')).toBe(false);
    await r.user.clear(from);
    await r.user.type(from, '2026-11-01');
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ from: '2026-11-01', to: '2026-11-22' }));
  });

  it('AGENT-012 the page’s types parameter preselects offered types; types=A (the agent grid) the agency ones', async () => {
    const { calls } = stubApi({ [TYPES]: { value: OFFERED }, [TRANSACTIONS]: page([transaction()]) });
    const first = renderWithShell(<TransactionRecordScreen />, {
      session: memberSession,
      path: '/m/transaction/record?types=win,bogus',
    });
    await screen.findByTestId('transaction-list');
    expect(lastQuery(calls).types).toBe('win');
    first.unmount();
    calls.length = 0;
    renderWithShell(<TransactionRecordScreen />, {
      session: memberSession,
      path: '/m/transaction/record?types=A',
    });
    await screen.findByTestId('transaction-list');
    expect(lastQuery(calls).types).toBe('transfer_upline');
  });

  it('WALLET-008 load more appends the next page with the same filters', async () => {
    const { calls } = stubApi({
      [TYPES]: { value: OFFERED },
      [TRANSACTIONS]: ({ url }) => {
        const n = Number(url.searchParams.get('page'));
        return page([transaction({ id: `${n}` })], n, 3);
      },
    });
    const r = renderWithShell(<TransactionRecordScreen />, { session: memberSession });
    await screen.findByTestId('transaction-list');
    await r.user.click(screen.getByTestId('ui-load-more'));
    await waitFor(() => expect(screen.getAllByTestId('record-item')).toHaveLength(2));
    expect(lastQuery(calls)).toEqual({ from: '2026-11-16', to: '2026-11-22', page: '2', pageSize: '20' });
  });
});
