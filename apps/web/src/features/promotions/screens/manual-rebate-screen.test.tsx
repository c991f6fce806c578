import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RebateReport, RebateView } from '@panalo/contract/promotions';
import { renderWithShell } from '../../../app/test-utils';
import { memberSession } from '../../../app/test-fixtures';
import { stubApi } from '../../member/test/member-fixtures';
import { ManualRebateScreen } from './manual-rebate-screen';
import { RebateReportScreen } from './rebate-report-screen';

afterEach(() => vi.unstubAllGlobals());

const view = (p: Partial<RebateView> = {}): RebateView => ({
  promotionId: '7',
  title: 'Daily rebate',
  terms: '<p>Up to 1.20 % back</p>',
  day: '2026-06-01',
  vipLevel: 1,
  lines: [
    { product: 'lottery', turnover: '500.00', rate: '0.30', amount: '1.50' },
    { product: 'slots', turnover: '1000.00', rate: '0.60', amount: '6.00' },
  ],
  claimable: '7.50',
  takenToday: '0.00',
  min: '1.00',
  max: '5000.00',
  rates: [
    { product: 'lottery', rate: '0.30' },
    { product: 'slots', rate: '0.60' },
  ],
  turnoverMultiplier: '1.0',
  ...p,
});

describe('/m/member/manualRebate', () => {
  it('today’s rebate per product as a table, my rates, and taking it once', async () => {
    let taken = false;
    const api = stubApi({
      '/api/promotions/rebate': () => ({
        value: taken ? view({ lines: [], claimable: '0.00', takenToday: '7.50' }) : view(),
      }),
      'POST /api/promotions/rebate/claim': () => {
        taken = true;
        return {
          value: {
            id: '1',
            promotionId: '7',
            title: 'Daily rebate',
            status: 'claimed',
            amount: '7.50',
            turnover: '7.50',
            reason: null,
            createdAt: '2026-06-01T08:00:00Z',
            expiresAt: null,
          },
        };
      },
    });
    renderWithShell(<ManualRebateScreen />, { path: '/m/member/manualRebate', session: memberSession });
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByTestId('rebate-line');
    expect(rows.map((r) => within(r).getAllByRole('cell').length)).toEqual([3, 3]);
    expect(rows[0]).toHaveTextContent('Lottery');
    expect(rows[1]).toHaveTextContent('Slots');
    expect(rows[1]).toHaveTextContent('0.60 %');
    expect(screen.getByTestId('rebate-rates')).toHaveTextContent('Slots0.60 %');
    expect(screen.getByText('Wager the rebate 1.0× before a withdrawal.')).toBeInTheDocument();
    const take = screen.getByTestId('rebate-claim');
    expect(take).toHaveTextContent('Take 7.50 now');
    fireEvent.click(take);
    await waitFor(() => expect(screen.getByTestId('rebate-claim')).toBeDisabled());
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    expect(screen.getByTestId('rebate-taken')).toHaveTextContent('Taken today: 7.50');
    expect(screen.getByText(/No rebate yet today/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My rebate' })).toHaveAttribute('href', '/m/member/rebateReport');
  });

  it('under the minimum the button waits and says why; a refusal is shown in words', async () => {
    stubApi({
      '/api/promotions/rebate': {
        value: view({
          lines: [{ product: 'slots', turnover: '100.00', rate: '0.50', amount: '0.50' }],
          claimable: '0.00',
        }),
      },
    });
    const r = renderWithShell(<ManualRebateScreen />, {
      path: '/m/member/manualRebate',
      session: memberSession,
    });
    expect(await screen.findByText('At least 1.00 can be taken at a time.')).toBeInTheDocument();
    expect(screen.getByTestId('rebate-claim')).toBeDisabled();
    r.unmount();
    stubApi({
      '/api/promotions/rebate': { value: view() },
      'POST /api/promotions/rebate/claim': { status: 409, code: 'rebate_nothing_to_claim' },
    });
    renderWithShell(<ManualRebateScreen />, { path: '/m/member/manualRebate', session: memberSession });
    fireEvent.click(await screen.findByTestId('rebate-claim'));
    expect(await screen.findByRole('alert')).toHaveTextContent('There is no rebate to take yet');
  });
});

describe('/m/member/rebateReport', () => {
  it('the rebates of the last 7 days, each with its lines, and the totals; an empty period says so', async () => {
    const report: RebateReport = {
      items: [
        {
          id: '9',
          day: '2026-06-01',
          kind: 'daily',
          turnover: '3000.00',
          amount: '15.00',
          createdAt: '2026-06-02T00:15:00Z',
          lines: [{ product: 'slots', turnover: '3000.00', rate: '0.50', amount: '15.00' }],
        },
        {
          id: '8',
          day: '2026-06-01',
          kind: 'manual',
          turnover: '1000.00',
          amount: '5.00',
          createdAt: '2026-06-01T09:00:00Z',
          lines: [{ product: 'slots', turnover: '1000.00', rate: '0.50', amount: '5.00' }],
        },
      ],
      turnover: '4000.00',
      amount: '20.00',
    };
    const api = stubApi({ '/api/promotions/rebate/report': { value: report } });
    const r = renderWithShell(<RebateReportScreen />, {
      path: '/m/member/rebateReport',
      session: memberSession,
    });
    const items = await screen.findAllByTestId('rebate-item');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Paid after the day');
    expect(items[1]).toHaveTextContent('Taken by me');
    expect(within(items[0]!).getByRole('table')).toHaveTextContent('3,000.00');
    expect(screen.getByTestId('rebate-total')).toHaveTextContent('20.00 on 4000.00 valid turnover');
    const asked = api.calls.find((c) => c.url.pathname === '/api/promotions/rebate/report')!;
    const from = asked.url.searchParams.get('startDate')!;
    const to = asked.url.searchParams.get('endDate')!;
    expect((Date.parse(to) - Date.parse(from)) / 86_400_000).toBe(6);
    r.unmount();
    stubApi({ '/api/promotions/rebate/report': { value: { items: [], turnover: '0.00', amount: '0.00' } } });
    renderWithShell(<RebateReportScreen />, { path: '/m/member/rebateReport', session: memberSession });
    expect(await screen.findByText('No rebate in this period.')).toBeInTheDocument();
  });
});
