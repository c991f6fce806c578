import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { VipBenefits } from '@panalo/contract/promotions';
import { renderWithShell } from '../../../app/test-utils';
import { memberSession } from '../../../app/test-fixtures';
import { stubApi } from '../../member/test/member-fixtures';
import { BenefitsScreen, percentOf } from './benefits-screen';

afterEach(() => vi.unstubAllGlobals());

const level = (
  n: number,
  name: string,
  deposits: string,
  turnover: string,
  bonus: string,
  keep = { retainDeposits: '0.00', retainTurnover: '0.00', monthlyBonus: '0.00' },
) => ({
  level: n,
  name,
  depositsRequired: deposits,
  turnoverRequired: turnover,
  levelUpBonus: bonus,
  withdrawDailyCount: null as number | null,
  withdrawDailyAmount: null as string | null,
  ...keep,
});
const club = (p: Partial<VipBenefits> = {}): VipBenefits => ({
  level: 1,
  name: 'Bronze',
  deposits: '6000.00',
  turnover: '6000.00',
  next: { level: 2, name: 'Silver', depositsLeft: '0.00', turnoverLeft: '24000.00' },
  retention: null,
  levels: [
    level(0, 'Member', '0.00', '0.00', '0.00'),
    level(1, 'Bronze', '1000.00', '5000.00', '18.00'),
    level(2, 'Silver', '5000.00', '30000.00', '58.00'),
  ],
  ...p,
});

describe('/m/member/benefits', () => {
  it('percentOf: whole percent of a requirement from decimal strings', () => {
    expect(percentOf('6000.00', '24000.00')).toBe(20);
    expect(percentOf('6000.00', '0.00')).toBe(100);
    expect(percentOf('0.00', '0.00')).toBe(100);
    expect(percentOf('0.01', '99.99')).toBe(0);
  });

  it('PROMO-002 my level, the way to the next as progress bars, every level with its terms, mine marked', async () => {
    stubApi({ '/api/members/benefits': { value: club() } });
    renderWithShell(<BenefitsScreen />, { path: '/m/member/benefits', session: memberSession });
    const current = await screen.findByTestId('vip-current');
    expect(current).toHaveTextContent('Bronze');
    expect(current).toHaveTextContent('Deposited 6,000.00 · valid turnover 6,000.00');
    const next = within(current).getByTestId('vip-next');
    expect(next).toHaveTextContent('To reach Silver');
    const bars = within(next).getAllByRole('progressbar');
    expect(bars.map((b) => [b.getAttribute('aria-label'), b.getAttribute('aria-valuenow')])).toEqual([
      ['Deposits', '100'],
      ['Valid turnover', '20'],
    ]);
    expect(next).toHaveTextContent('Reached');
    expect(next).toHaveTextContent('24,000.00 to go');
    expect(within(current).getByRole('link', { name: /reward centre/ })).toHaveAttribute(
      'href',
      '/m/rewardCenter',
    );
    const levels = screen.getAllByTestId('vip-level');
    expect(levels).toHaveLength(3);
    expect(levels[1]).toHaveAttribute('aria-current', 'true');
    expect(levels[2]).toHaveTextContent('Level-up bonus58.00');
    // Every level's figures grouped like every other amount (#49 item 4: not "30000.00").
    expect(levels[2]).toHaveTextContent('Deposits5,000.00');
    expect(levels[2]).toHaveTextContent('30,000.00');
  });

  it('PROMO-002 what keeps my level this month: progress bars, the rule, and each level’s retention and monthly bonus', async () => {
    const keep = { retainDeposits: '500.00', retainTurnover: '2000.00', monthlyBonus: '8.00' };
    stubApi({
      '/api/members/benefits': {
        value: club({
          retention: {
            month: '2026-06',
            deposits: '500.00',
            turnover: '500.00',
            depositsLeft: '0.00',
            turnoverLeft: '1500.00',
          },
          levels: [
            level(0, 'Member', '0.00', '0.00', '0.00'),
            level(1, 'Bronze', '1000.00', '5000.00', '18.00', keep),
            level(2, 'Silver', '5000.00', '30000.00', '58.00'),
          ],
        }),
      },
    });
    renderWithShell(<BenefitsScreen />, { path: '/m/member/benefits', session: memberSession });
    const keeping = await screen.findByTestId('vip-retention');
    expect(keeping).toHaveTextContent('To keep Bronze through 2026-06');
    const bars = within(keeping).getAllByRole('progressbar');
    expect(bars.map((b) => b.getAttribute('aria-valuenow'))).toEqual(['100', '25']);
    expect(keeping).toHaveTextContent('Kept');
    expect(keeping).toHaveTextContent('1,500.00 to go');
    expect(keeping).toHaveTextContent('move down one level');
    const levels = screen.getAllByTestId('vip-level');
    expect(levels[1]).toHaveTextContent('Deposits a month to keep500.00');
    expect(levels[1]).toHaveTextContent('Turnover a month to keep2,000.00');
    expect(levels[1]).toHaveTextContent('Monthly bonus8.00');
    expect(levels[2]).not.toHaveTextContent('Monthly bonus');
  });

  it('at the top level there is no next; a club that is off says so and offers a retry', async () => {
    stubApi({ '/api/members/benefits': { value: club({ level: 2, name: 'Silver', next: null }) } });
    const r = renderWithShell(<BenefitsScreen />, { path: '/m/member/benefits', session: memberSession });
    expect(await screen.findByText('You are at the top level.')).toBeInTheDocument();
    expect(screen.queryAllByRole('progressbar')).toEqual([]);
    r.unmount();
    stubApi({ '/api/members/benefits': { status: 403, code: 'vip_club_off' } });
    renderWithShell(<BenefitsScreen />, { path: '/m/member/benefits', session: memberSession });
    expect(await screen.findByText(/The VIP club is not available/)).toBeInTheDocument();
  });
});
