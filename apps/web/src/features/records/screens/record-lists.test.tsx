import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderWithShell } from '../../../app/test-utils';
import { memberSession } from '../../../app/test-fixtures';
import { DEPOSITS, WITHDRAWALS, deposit, page, stubApi, withdrawal } from '../test/records-fixtures';
import { DepositRecordsScreen } from './deposit-records-screen';
import { WithdrawalRecordsScreen } from './withdrawal-records-screen';

afterEach(() => {
  vi.unstubAllGlobals();
});

const items = () => screen.getAllByTestId('record-item');

describe('deposit record (/m/vouReport)', () => {
  it('WALLET-011 MINE-020 lists deposits with amount, bonus and a status badge', async () => {
    const { calls } = stubApi({
      [DEPOSITS]: page([
        deposit({ id: '7', amount: '1000', bonusAmount: '30.00', status: 'paid', kind: 'gateway' }),
        deposit({ id: '6', amount: '250.5', status: 'pending', reference: 'REF-9' }),
      ]),
    });
    renderWithShell(<DepositRecordsScreen />, { session: memberSession, path: '/m/vouReport' });
    expect(screen.getByRole('heading', { level: 1, name: 'Deposit record' })).toBeInTheDocument();
    expect(screen.getByTestId('ui-loading')).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Deposits' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first!).getByTestId('deposit-amount')).toHaveTextContent('1,000.00');
    expect(within(first!).getByTestId('deposit-bonus')).toHaveTextContent('30.00');
    expect(within(first!).getByTestId('record-status')).toHaveTextContent('Successful');
    expect(within(second!).getByTestId('deposit-amount')).toHaveTextContent('250.50');
    expect(within(second!).queryByTestId('deposit-bonus')).toBeNull();
    expect(within(second!).getByTestId('record-status')).toHaveTextContent('Pending');
    expect(within(second!).getByText('REF-9')).toBeInTheDocument();
    expect(calls[0]!.url.search).toBe('?page=1&pageSize=20');
    expect(calls[0]!.headers.get('authorization')).toBe(`Bearer ${memberSession.token}`);
  });

  it('WALLET-011 a status tab filters the list on the server', async () => {
    const { calls } = stubApi({
      [DEPOSITS]: ({ url }) =>
        page(
          url.searchParams.get('status') === 'rejected'
            ? [deposit({ id: '3', status: 'rejected' })]
            : [deposit()],
        ),
    });
    const r = renderWithShell(<DepositRecordsScreen />, { session: memberSession });
    await screen.findByTestId('deposit-list');
    expect(screen.getByTestId('status-filter-all')).toHaveAttribute('aria-pressed', 'true');
    await r.user.click(screen.getByRole('button', { name: 'Rejected' }));
    expect(screen.getByTestId('status-filter-rejected')).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(items()[0]).toHaveTextContent('Rejected'));
    // The list asked the server for that status, from its first page (the shell around it calls other
    // routes meanwhile, so the list's call is not always the last one).
    const asked = calls
      .filter((c) => c.url.pathname === DEPOSITS)
      .map((c) => [c.url.searchParams.get('status'), c.url.searchParams.get('page')]);
    expect(asked).toContainEqual(['rejected', '1']);
  });

  it('WALLET-011 load more appends the next page and stops at the last', async () => {
    const { calls } = stubApi({
      [DEPOSITS]: ({ url }) => {
        const n = Number(url.searchParams.get('page'));
        return page([deposit({ id: `${n}a` }), deposit({ id: `${n}b` })], n, 2);
      },
    });
    const r = renderWithShell(<DepositRecordsScreen />, { session: memberSession });
    await screen.findByTestId('deposit-list');
    expect(items()).toHaveLength(2);
    await r.user.click(screen.getByTestId('ui-load-more'));
    await waitFor(() => expect(items()).toHaveLength(4));
    expect(calls.map((c) => c.url.searchParams.get('page'))).toEqual(['1', '2']);
    expect(screen.queryByTestId('ui-load-more')).toBeNull();
    expect(screen.getByTestId('ui-end')).toHaveTextContent('No more records');
  });

  it('shows an empty state', async () => {
    stubApi({ [DEPOSITS]: page([], 1, 0) });
    renderWithShell(<DepositRecordsScreen />, { session: memberSession });
    expect(await screen.findByTestId('ui-empty')).toHaveTextContent('No deposits here yet');
  });

  it('a failed load shows the reason and a retry that asks again', async () => {
    let fail = true;
    const { calls } = stubApi({
      [DEPOSITS]: () => (fail ? { status: 500, code: 'unknown_error' } : page([deposit()])),
    });
    const r = renderWithShell(<DepositRecordsScreen />, { session: memberSession });
    expect(await screen.findByRole('alert')).toHaveTextContent('Unknown error');
    fail = false;
    await r.user.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByTestId('deposit-list');
    expect(calls).toHaveLength(2);
  });
});

describe('withdrawal record (/m/withdrawReport)', () => {
  it('WALLET-012 MINE-021 lists withdrawals with card, amount, status and the reason of a rejection', async () => {
    stubApi({
      [WITHDRAWALS]: page([
        withdrawal({ id: '5', amount: '300', status: 'rejected', reason: 'Name does not match the card' }),
        withdrawal({ id: '4', amount: '150.25', status: 'paid', reason: 'ignored' }),
      ]),
    });
    renderWithShell(<WithdrawalRecordsScreen />, { session: memberSession });
    const list = await screen.findByRole('list', { name: 'Withdrawals' });
    const [rejected, paid] = within(list).getAllByRole('listitem');
    expect(rejected).toHaveTextContent('BDO •••• 1234');
    expect(within(rejected!).getByTestId('withdrawal-amount')).toHaveTextContent('300.00');
    expect(within(rejected!).getByTestId('record-status')).toHaveTextContent('Rejected');
    expect(within(rejected!).getByTestId('withdrawal-reason')).toHaveTextContent(
      'Name does not match the card',
    );
    expect(within(paid!).getByTestId('record-status')).toHaveTextContent('Successful');
    expect(within(paid!).queryByTestId('withdrawal-reason')).toBeNull();
  });

  it('WALLET-012 the status tabs are all, pending, successful, rejected; one filters the list', async () => {
    const { calls } = stubApi({ [WITHDRAWALS]: page([withdrawal()]) });
    const r = renderWithShell(<WithdrawalRecordsScreen />, { session: memberSession });
    await screen.findByTestId('withdrawal-list');
    const group = screen.getByRole('group', { name: 'Status' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['All', 'Pending', 'Successful', 'Rejected']);
    await r.user.click(within(group).getByRole('button', { name: 'Pending' }));
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.url.pathname === WITHDRAWALS)
          .at(-1)!
          .url.searchParams.get('status'),
      ).toBe('pending'),
    );
  });
});
