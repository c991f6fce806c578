import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { balanceKeys } from '../../../app/layout/use-header-balance';
import { renderWithShell } from '../../../app/test-utils';
import { memberSession } from '../../../app/test-fixtures';
import { stubApi, type StubAnswer } from '../../member/test/member-fixtures';
import { bet, betType, gameMenus, lotteryGame } from '../test/fixtures';
import { StartLotteryScreen } from './start-lottery-screen';

const MENUS = '/api/lottery/gameMenus';
const RESULTS = '/api/lottery/results';
const WINNERS = '/api/lottery/winners';
const BETS = '/api/lottery/bets';
const POST_BETS = 'POST /api/lottery/bets';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

type Routes = Parameters<typeof stubApi>[0];
const results = {
  list: [
    {
      gameCode: 'WINGO1',
      numero: '202611240041',
      result: '7',
      winningTime: '2026-11-24T00:41:00.000Z',
      seedHash: 'aa',
    },
    {
      gameCode: 'WINGO1',
      numero: '202611240040',
      result: '2',
      winningTime: '2026-11-24T00:40:00.000Z',
      seedHash: 'bb',
    },
    {
      gameCode: 'WINGO1',
      numero: '202611240039',
      result: '9',
      winningTime: '2026-11-24T00:39:00.000Z',
      seedHash: 'cc',
    },
  ],
  pageNum: 1,
  totalPages: 1,
};
const winner = (userName: string, winAmount: string) => ({
  vo: {
    userName,
    gameCode: 'WINGO1',
    remark: 'Wingo 1 min',
    numero: '202611240041',
    winAmount,
    winTime: '2026-11-24T00:41:00.000Z',
  },
});

function stub(over: Routes = {}) {
  return stubApi({
    [MENUS]: { value: gameMenus() },
    [RESULTS]: { value: results },
    [WINNERS]: { value: [winner('ju***23', '18.00'), winner('ma***ia', '450.00')] },
    [BETS]: { value: { list: [], pageNum: 1, totalPages: 1 } },
    ...over,
  });
}
const open = (session = memberSession, path = '/m/startLottery?code=WINGO1') =>
  renderWithShell(<StartLotteryScreen />, { path, session });

describe('betting screen', () => {
  it('shows the period with its countdown to the lock, the server’s bet types, results, trend, winners, rules', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T00:41:15.000Z'));
    const { calls } = stub();
    open();
    expect(await screen.findByRole('heading', { name: 'Wingo 1 min' })).toBeInTheDocument();
    expect(screen.getByTestId('period-panel')).toHaveTextContent('Period 202611240042');
    expect(screen.getByTestId('period-state')).toHaveTextContent('Betting is open');
    // lockAt − serverTime = 40 s.
    expect(screen.getByTestId('period-timer')).toHaveTextContent('00:00:40');
    expect(
      within(screen.getByTestId('bet-types'))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Number', 'Colour', 'Big / Small']);
    expect(calls.find((c) => c.url.pathname === MENUS)!.url.searchParams.get('gameCode')).toBe('WINGO1');
    expect(await screen.findByTestId('result-202611240041')).toHaveTextContent('Period 202611240041');
    expect(
      within(screen.getByTestId('result-202611240041')).getByRole('link', { name: 'Verify' }),
    ).toHaveAttribute('href', '/m/lottery/verify?code=WINGO1&numero=202611240041');
    expect(screen.getByTestId('trend-chart').querySelector('svg')).toHaveAttribute(
      'aria-label',
      'Drawn digits, oldest first: 9, 2, 7',
    );
    expect(screen.getAllByTestId('winner-amount').map((w) => w.textContent)).toEqual(['450.00', '18.00']);
    expect(screen.getByTestId('rules-panel')).toHaveTextContent('Colour×1.5–4.5');
  });

  it('Win Go as the market reads it: coloured number balls (0 red and violet, 5 green and violet, odd green, even red), results with big or small and colours, a quick pick', async () => {
    stub();
    const r = open();
    const board = await screen.findByTestId('bet-board');
    const colour = (d: string) => within(board).getByTestId(`ball-${d}`).className;
    expect(['0', '1', '2', '5', '8'].map(colour)).toEqual([
      'lott-ball lott-ball--red-violet',
      'lott-ball lott-ball--green',
      'lott-ball lott-ball--red',
      'lott-ball lott-ball--green-violet',
      'lott-ball lott-ball--red',
    ]);
    const row = await screen.findByTestId('result-202611240041');
    expect(within(row).getByTestId('result-reading')).toHaveTextContent('Big');
    expect(within(row).getByTestId('result-reading')).toHaveTextContent('Green');
    // One picture per result (the balls); the colour dots are heard as words.
    expect(within(row).getAllByRole('img')).toHaveLength(1);
    expect(row.querySelector('.lott-ball')).toHaveClass('lott-ball--green');
    expect(within(screen.getByTestId('result-202611240040')).getByTestId('result-reading')).toHaveTextContent(
      'Small',
    );
    // A quick pick chooses one number not chosen yet.
    await r.user.click(within(board).getByTestId('random-pick'));
    expect(within(board).getAllByRole('button', { pressed: true })).toHaveLength(1);
    await r.user.click(within(board).getByTestId('random-pick'));
    expect(within(board).getAllByRole('button', { pressed: true })).toHaveLength(2);
  });

  it('places an order: selections, chips, multiplier, follow periods, confirmation with total, idempotency key', async () => {
    let posted: { body: unknown; key: string | null } | null = null;
    let myBets = [] as ReturnType<typeof bet>[];
    const { calls } = stub({
      [BETS]: () => ({ value: { list: myBets, pageNum: 1, totalPages: 1 } }),
      [POST_BETS]: ({ init }): StubAnswer => {
        posted = {
          body: JSON.parse(init!.body as string),
          key: new Headers(init!.headers).get('idempotency-key'),
        };
        myBets = [bet({ id: '9', selection: 'green', amount: '5.00', units: 2, stake: '10.00' })];
        return { value: { orderId: 'o1', bets: myBets, totalStake: '60.00', balance: '940.00' } };
      },
    });
    const r = open();
    await screen.findByTestId('bet-board');
    expect(await screen.findByTestId('my-bets-empty')).toBeInTheDocument();
    await r.user.click(screen.getByTestId('bet-type-colour'));
    await r.user.click(screen.getByTestId('choice-green'));
    expect(screen.getByTestId('choice-green')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('choice-violet')).toHaveTextContent('Violet×4.5');
    await r.user.click(screen.getByTestId('bet-type-number'));
    await r.user.click(screen.getByTestId('choice-7'));
    await r.user.click(screen.getByTestId('chip-5.00'));
    await r.user.click(screen.getByRole('button', { name: 'More: Multiplier' }));
    await r.user.click(screen.getByRole('button', { name: 'More: Periods' }));
    await r.user.click(screen.getByRole('button', { name: 'More: Periods' }));
    // 2 bets × 5.00 × 2 × 3 periods.
    expect(screen.getByTestId('slip-total')).toHaveTextContent('Bets: 2 · total 60.00');
    await r.user.click(screen.getByTestId('slip-submit'));
    const sheet = await screen.findByTestId('bet-confirm');
    expect(sheet).toHaveTextContent('Wingo 1 min, period 202611240042');
    expect(within(sheet).getByTestId('confirm-follow')).toHaveTextContent('For 3 periods in a row');
    expect(within(sheet).getByTestId('confirm-total')).toHaveTextContent('Total 60.00');
    await r.user.click(within(sheet).getByTestId('confirm-ok'));
    expect(await screen.findByTestId('bet-placed')).toHaveTextContent('Bets placed: 1, total 60.00');
    expect(posted!.body).toEqual({
      gameCode: 'WINGO1',
      numero: '202611240042',
      follow: 3,
      items: [
        { betType: 'colour', selection: 'green', amount: '5.00', units: 2 },
        { betType: 'number', selection: '7', amount: '5.00', units: 2 },
      ],
    });
    expect(posted!.key).toMatch(/^[A-Za-z0-9_-]{8,80}$/);
    expect(r.queryClient.getQueryData(balanceKeys.of(memberSession.token))).toMatchObject({
      sumBalance: '940.00',
    });
    expect(screen.queryByTestId('bet-confirm')).toBeNull();
    expect(screen.queryByTestId('slip-items')).toBeNull();
    // My bets refetched with the new bet.
    expect(await screen.findByTestId('my-bet-9')).toHaveTextContent('Colour · Green');
    expect(screen.getByTestId('my-bet-9')).toHaveTextContent('This period (202611240042)');
    expect(calls.filter((c) => c.method === 'GET' && c.url.pathname === BETS).length).toBeGreaterThanOrEqual(
      2,
    );
  });

  it('translates the server’s refusals; a retry after a lost answer reuses the key, a refusal starts a new one', async () => {
    const keys: (string | null)[] = [];
    const answers: (StubAnswer | 'network')[] = [
      'network',
      { status: 409, code: 'insufficient_balance' },
      { status: 409, code: 'lottery_period_closed' },
    ];
    stub({ [POST_BETS]: { value: null } });
    const fetchMock = vi.mocked(globalThis.fetch);
    const real = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (init?.method === 'POST') {
        keys.push(new Headers(init.headers).get('idempotency-key'));
        const a = answers.shift()!;
        if (a === 'network') throw new TypeError('Failed to fetch');
        return new Response(JSON.stringify({ success: false, code: 'code' in a ? a.code : '' }), {
          status: 'status' in a ? a.status : 200,
        });
      }
      return real(input, init);
    });
    const r = open();
    await screen.findByTestId('bet-board');
    await r.user.click(screen.getByTestId('choice-3'));
    await r.user.click(screen.getByTestId('slip-submit'));
    const sheet = await screen.findByTestId('bet-confirm');
    await r.user.click(within(sheet).getByTestId('confirm-ok'));
    expect(await within(sheet).findByTestId('bet-error')).toHaveTextContent('No network');
    await r.user.click(within(sheet).getByTestId('confirm-ok'));
    await waitFor(() =>
      expect(within(sheet).getByTestId('bet-error')).toHaveTextContent('Insufficient balance'),
    );
    await r.user.click(within(sheet).getByTestId('confirm-ok'));
    await waitFor(() =>
      expect(within(sheet).getByTestId('bet-error')).toHaveTextContent('Betting for this period has closed'),
    );
    expect(keys).toHaveLength(3);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
  });

  it('checks the slip before asking: nothing chosen, stake under the bet type’s minimum', async () => {
    stub({
      [MENUS]: {
        value: gameMenus({
          betTypes: [
            betType({
              betType: 'size',
              selection: { kind: 'list', values: ['big', 'small'] },
              minStake: '2.00',
            }),
          ],
        }),
      },
    });
    const r = open();
    await screen.findByTestId('bet-board');
    await r.user.click(screen.getByTestId('slip-submit'));
    expect(screen.getByTestId('slip-error')).toHaveTextContent('Choose at least one selection.');
    await r.user.click(screen.getByTestId('choice-big'));
    await r.user.click(screen.getByTestId('chip-1.00'));
    await r.user.click(screen.getByTestId('slip-submit'));
    expect(screen.getByTestId('slip-error')).toHaveTextContent('Each bet must be at least 2.00.');
    expect(screen.queryByTestId('bet-confirm')).toBeNull();
  });

  it('a visitor is sent to the login to bet', async () => {
    stub();
    const r = renderWithShell(<StartLotteryScreen />, { path: '/m/startLottery?code=WINGO1' });
    await screen.findByTestId('bet-board');
    expect(screen.getByText('Log in to see your bets.')).toBeInTheDocument();
    await r.user.click(screen.getByTestId('choice-3'));
    await r.user.click(screen.getByTestId('slip-submit'));
    expect(r.location().pathname).toBe('/m/login');
  });

  it('a locked period: --:--:--, no betting, and the next period is fetched on the refresh-timer rule', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(new Date('2026-11-24T00:41:57.000Z'));
    const locked = gameMenus({
      period: { ...gameMenus().period, state: 'locked' },
      game: lotteryGame({ isSale: false, remainTime: 3_000, lockTime: 5 }),
    });
    const { calls } = stub({ [MENUS]: { value: locked } });
    open();
    await act(async () => void (await vi.advanceTimersByTimeAsync(0)));
    expect(screen.getByTestId('period-timer')).toHaveTextContent('--:--:--');
    expect(screen.getByTestId('period-state')).toHaveTextContent('Betting is closed');
    expect(screen.getByTestId('slip-submit')).toBeDisabled();
    expect(screen.getByTestId('locked-note')).toBeInTheDocument();
    const menuCalls = () => calls.filter((c) => c.url.pathname === MENUS).length;
    expect(menuCalls()).toBe(1);
    await act(async () => void (await vi.advanceTimersByTimeAsync(7_000)));
    expect(menuCalls()).toBe(2);
  });

  it('an unknown code says so; a failed load offers a retry', async () => {
    stub({ [MENUS]: { status: 404, code: 'lottery_game_unknown' } });
    renderWithShell(<StartLotteryScreen />, { path: '/m/startLottery?code=NOPE' });
    expect(await screen.findByTestId('betting-error')).toHaveTextContent('This lottery is not available.');
    renderWithShell(<StartLotteryScreen />, { path: '/m/startLottery?code=bad%20code!' });
    expect(screen.getByTestId('lottery-unknown')).toHaveTextContent('This lottery is not available.');
  });
});
