import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderWithShell } from '../../../app/test-utils';
import { memberSession } from '../../../app/test-fixtures';
import { PROFIT_LOSS, profitLoss, stubApi, totals } from '../test/records-fixtures';
import { ProfitLossScreen } from './profit-loss-screen';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 10, 22, 15, 0));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const answer = profitLoss({
  totals: totals({
    deposits: '2000.00',
    withdrawals: '500.00',
    bets: '1200.00',
    wins: '900.50',
    bonuses: '60.00',
    rebates: '12.00',
    profit: '-227.50',
  }),
  days: [
    { date: '2026-11-22', ...totals({ bets: '200.00', wins: '450.00', profit: '250.00' }) },
    { date: '2026-11-21', ...totals() },
    {
      date: '2026-11-20',
      ...totals({ deposits: '2000.00', bets: '1000.00', wins: '450.50', profit: '-549.50' }),
    },
  ],
});

describe('profit and loss (/m/profitandloss)', () => {
  it('WALLET-010 MINE-024 totals card with every part and the profit sign', async () => {
    const { calls } = stubApi({ [PROFIT_LOSS]: { value: answer } });
    renderWithShell(<ProfitLossScreen />, { session: memberSession, path: '/m/profitandloss' });
    expect(screen.getByRole('heading', { level: 1, name: 'Profit and loss' })).toBeInTheDocument();
    const card = await screen.findByTestId('pnl-totals');
    expect(within(card).getByRole('heading', { name: '2026-11-16 to 2026-11-22' })).toBeInTheDocument();
    const parts = within(card).getByTestId('pnl-total-parts');
    expect(within(parts).getByTestId('pnl-deposits')).toHaveTextContent('2,000.00');
    expect(within(parts).getByTestId('pnl-withdrawals')).toHaveTextContent('500.00');
    expect(within(parts).getByTestId('pnl-bets')).toHaveTextContent('1,200.00');
    expect(within(parts).getByTestId('pnl-wins')).toHaveTextContent('900.50');
    expect(within(parts).getByTestId('pnl-bonuses')).toHaveTextContent('60.00');
    expect(within(parts).getByTestId('pnl-rebates')).toHaveTextContent('12.00');
    const profit = within(card).getByTestId('pnl-profit');
    expect(profit).toHaveTextContent('-227.50');
    expect(profit).toHaveAttribute('data-sign', 'negative');
    expect(Object.fromEntries(calls[0]!.url.searchParams)).toEqual({ from: '2026-11-16', to: '2026-11-22' });
  });

  it('WALLET-010 one card per day with activity, each with its signed profit', async () => {
    stubApi({ [PROFIT_LOSS]: { value: answer } });
    renderWithShell(<ProfitLossScreen />, { session: memberSession });
    const days = await screen.findByRole('list', { name: 'By day' });
    const cards = within(days).getAllByRole('listitem');
    // The quiet day (all zero) is left out.
    expect(cards.map((c) => c.querySelector('time')?.textContent)).toEqual(['2026-11-22', '2026-11-20']);
    const up = within(cards[0]!).getByTestId('pnl-day-profit');
    expect(up).toHaveTextContent('+250.00');
    expect(up).toHaveAttribute('data-sign', 'positive');
    const down = within(cards[1]!).getByTestId('pnl-day-profit');
    expect(down).toHaveTextContent('-549.50');
    expect(down).toHaveAttribute('data-sign', 'negative');
  });

  it('WALLET-010 a zero profit has no sign; a period without activity says so', async () => {
    stubApi({ [PROFIT_LOSS]: { value: profitLoss({ days: [{ date: '2026-11-22', ...totals() }] }) } });
    renderWithShell(<ProfitLossScreen />, { session: memberSession });
    const profit = await screen.findByTestId('pnl-profit');
    expect(profit).toHaveTextContent(/^0\.00$/);
    expect(profit).toHaveAttribute('data-sign', 'zero');
    expect(screen.getByTestId('ui-empty')).toHaveTextContent('No activity in this period');
  });

  it('WALLET-010 period presets change the dates asked for', async () => {
    const { calls } = stubApi({
      [PROFIT_LOSS]: ({ url }) => ({
        value: profitLoss({ from: url.searchParams.get('from')!, to: url.searchParams.get('to')! }),
      }),
    });
    const r = renderWithShell(<ProfitLossScreen />, { session: memberSession });
    await screen.findByTestId('pnl-totals');
    await r.user.click(screen.getByRole('button', { name: 'Today' }));
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: '2026-11-22 to 2026-11-22' })).toBeInTheDocument(),
    );
    await r.user.click(screen.getByRole('button', { name: 'Last 30 days' }));
    await waitFor(() =>
      expect(
        Object.fromEntries(calls.filter((c) => c.url.pathname === PROFIT_LOSS).at(-1)!.url.searchParams),
      ).toEqual({
        from: '2026-10-24',
        to: '2026-11-22',
      }),
    );
  });

  it('a failed load offers a retry', async () => {
    let fail = true;
    stubApi({ [PROFIT_LOSS]: () => (fail ? { status: 503, code: 'unknown_error' } : { value: answer }) });
    const r = renderWithShell(<ProfitLossScreen />, { session: memberSession });
    await screen.findByTestId('ui-error');
    fail = false;
    await r.user.click(screen.getByTestId('ui-retry'));
    expect(await screen.findByTestId('pnl-totals')).toBeInTheDocument();
  });
});
