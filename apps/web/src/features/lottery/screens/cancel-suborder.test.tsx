import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { LotteryBet, LotteryOrder } from '@panalo/contract/lottery';
import { balanceKeys } from '../../../app/layout/use-header-balance';
import { memberSession } from '../../../app/test-fixtures';
import { renderWithShell } from '../../../app/test-utils';
import { toast } from '../../../lib/toast';
import { stubApi, type StubAnswer } from '../../member/test/member-fixtures';
import { bet, gameMenus, order, suborder } from '../test/fixtures';
import { StartLotteryScreen } from './start-lottery-screen';

const BETS = '/api/lottery/bets';
const ORDERS = '/api/lottery/orders';
const CANCEL = 'POST /api/lottery/orders/o1/cancel';
const CURRENT = '202611240042';
const NEXT = '202611240043';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

// Order o1 was placed on the current period with one follow period (two bets in each); o2 is an older
// order already settled.
const myBets = (status: LotteryBet['status'] = 'accepted'): LotteryBet[] => [
  bet({ id: '4', orderId: 'o1', numero: NEXT, selection: 'green', status }),
  bet({ id: '3', orderId: 'o1', numero: NEXT, selection: 'red', status }),
  bet({ id: '2', orderId: 'o1', numero: CURRENT, selection: 'green' }),
  bet({ id: '1', orderId: 'o2', numero: '202611240040', status: 'lost', result: '2' }),
];
const orders = (nextCancellable = true): LotteryOrder[] => [
  order({
    id: 'o1',
    totalStake: '40.00',
    suborders: [
      suborder({ numero: CURRENT, stake: '20.00', cancellable: false }),
      nextCancellable
        ? suborder({ numero: NEXT, stake: '20.00', cancellable: true })
        : suborder({
            numero: NEXT,
            stake: '20.00',
            status: 'cancelled',
            payout: '20.00',
            cancellable: false,
          }),
    ],
  }),
  order({
    id: 'o2',
    suborders: [suborder({ numero: '202611240040', status: 'settled', result: '2', cancellable: false })],
  }),
];

function stub(over: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    '/api/lottery/gameMenus': { value: gameMenus() },
    '/api/lottery/results': { value: { list: [], pageNum: 1, totalPages: 1 } },
    '/api/lottery/winners': { value: [] },
    [BETS]: { value: { list: myBets(), pageNum: 1, totalPages: 1 } },
    [ORDERS]: { value: { list: orders(), pageNum: 1, totalPages: 1 } },
    ...over,
  });
}
const open = () =>
  renderWithShell(<StartLotteryScreen />, { path: '/m/startLottery?code=WINGO1', session: memberSession });
const cancelButtons = () => screen.queryAllByRole('button', { name: /^Cancel this period/ });

describe('my bets: cancelling a follow period', () => {
  it('WALLET-009 the cancel action shows only for a suborder the server says is cancellable, once per period', async () => {
    const { calls } = stub();
    open();
    await screen.findByTestId('my-bet-4');
    await waitFor(() => expect(cancelButtons()).toHaveLength(1));
    const button = within(screen.getByTestId('my-bet-4')).getByRole('button', {
      name: `Cancel this period (${NEXT})`,
    });
    expect(button).toHaveTextContent('Cancel this period');
    expect(button).toHaveAttribute('type', 'button');
    // The period's second bet, the current period (not cancellable) and the settled order: no action.
    for (const id of ['3', '2', '1'])
      expect(within(screen.getByTestId(`my-bet-${id}`)).queryByRole('button')).toBeNull();
    const ordersCall = calls.find((c) => c.url.pathname === ORDERS)!;
    expect(ordersCall.url.searchParams.get('gameCode')).toBe('WINGO1');
    expect(ordersCall.headers.get('authorization')).toBe(`Bearer ${memberSession.token}`);
  });

  it('WALLET-009 a follow period not yet locked can be cancelled from my bets', async () => {
    const shown = vi.spyOn(toast, 'show').mockResolvedValue(undefined);
    let cancelled = false;
    const { calls } = stub({
      [BETS]: () => ({
        value: { list: myBets(cancelled ? 'cancelled' : 'accepted'), pageNum: 1, totalPages: 1 },
      }),
      [ORDERS]: () => ({ value: { list: orders(!cancelled), pageNum: 1, totalPages: 1 } }),
      [CANCEL]: (): StubAnswer => {
        cancelled = true;
        return { value: { order: orders(false)[0]!, refunded: '20.00', balance: '980.00' } };
      },
    });
    const r = open();
    await waitFor(() => expect(cancelButtons()).toHaveLength(1));

    // Asked first; keeping the bets sends nothing.
    await r.user.click(cancelButtons()[0]!);
    let dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(`Cancel period ${NEXT}?`);
    expect(dialog).toHaveTextContent('20.00 goes back to your wallet');
    await r.user.click(within(dialog).getByRole('button', { name: 'Keep my bets' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    const getsBefore = (path: string) =>
      calls.filter((c) => c.method === 'GET' && c.url.pathname === path).length;
    const betsBefore = getsBefore(BETS);
    const ordersBefore = getsBefore(ORDERS);
    await r.user.click(cancelButtons()[0]!);
    dialog = await screen.findByRole('alertdialog');
    await r.user.click(within(dialog).getByRole('button', { name: 'Yes, cancel' }));

    await waitFor(() =>
      expect(shown).toHaveBeenCalledWith(
        `Period ${NEXT} cancelled: 20.00 refunded.`,
        expect.any(Number),
        'success',
      ),
    );
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.url.pathname).toBe('/api/lottery/orders/o1/cancel');
    expect(posts[0]!.body).toEqual({ numero: NEXT });
    expect(posts[0]!.headers.get('idempotency-key')).toMatch(/^[A-Za-z0-9_-]{8,80}$/);
    expect(posts[0]!.headers.get('authorization')).toBe(`Bearer ${memberSession.token}`);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(r.queryClient.getQueryData(balanceKeys.of(memberSession.token))).toMatchObject({
      sumBalance: '980.00',
    });
    // My bets and the orders are fetched again: the period's bets now read cancelled, with no action left.
    await waitFor(() =>
      expect(within(screen.getByTestId('my-bet-4')).getByTestId('bet-status')).toHaveTextContent('Cancelled'),
    );
    expect(getsBefore(BETS)).toBeGreaterThan(betsBefore);
    expect(getsBefore(ORDERS)).toBeGreaterThan(ordersBefore);
    await waitFor(() => expect(cancelButtons()).toHaveLength(0));
  });

  it('WALLET-009 a period that locked meanwhile: the refusal is shown translated and nothing is refunded', async () => {
    const shown = vi.spyOn(toast, 'show').mockResolvedValue(undefined);
    stub({ [CANCEL]: { status: 409, code: 'lottery_suborder_not_cancellable' } });
    const r = open();
    await waitFor(() => expect(cancelButtons()).toHaveLength(1));
    await r.user.click(cancelButtons()[0]!);
    await r.user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes, cancel' }),
    );
    expect(await screen.findByTestId('cancel-error')).toHaveTextContent(
      'This period can no longer be cancelled: its betting time is over.',
    );
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(shown).not.toHaveBeenCalled();
  });

  it('WALLET-009 a bet the list already shows cancelled offers no cancel, even while the orders still say it could be', async () => {
    // The two lists reload apart after a cancel: my bets may arrive first.
    const { calls } = stub({ [BETS]: { value: { list: myBets('cancelled'), pageNum: 1, totalPages: 1 } } });
    open();
    const status = within(await screen.findByTestId('my-bet-4')).getByTestId('bet-status');
    expect(status).toHaveTextContent('Cancelled');
    // The orders are in (their suborder still cancellable) and rendered: yet no action is offered.
    await waitFor(() => expect(calls.some((c) => c.url.pathname === ORDERS)).toBe(true));
    await new Promise((r) => setTimeout(r, 0));
    expect(cancelButtons()).toHaveLength(0);
  });

  it('WALLET-009 the current period is not offered once the screen sees it locked', async () => {
    const locked = gameMenus({ period: { ...gameMenus().period, state: 'locked' } });
    stub({
      '/api/lottery/gameMenus': { value: locked },
      [ORDERS]: {
        value: {
          list: [
            order({
              id: 'o1',
              suborders: [suborder({ numero: CURRENT }), suborder({ numero: NEXT })],
            }),
          ],
          pageNum: 1,
          totalPages: 1,
        },
      },
      [BETS]: {
        value: {
          list: [
            bet({ id: '3', orderId: 'o1', numero: NEXT }),
            bet({ id: '2', orderId: 'o1', numero: CURRENT }),
          ],
          pageNum: 1,
          totalPages: 1,
        },
      },
    });
    open();
    expect(await screen.findByTestId('locked-note')).toBeInTheDocument();
    // The follow period still can be cancelled; the locked one, though the orders were read before, not.
    await waitFor(() => expect(cancelButtons()).toHaveLength(1));
    expect(within(screen.getByTestId('my-bet-3')).getByRole('button')).toBe(cancelButtons()[0]);
    expect(within(screen.getByTestId('my-bet-2')).queryByRole('button')).toBeNull();
  });
});
