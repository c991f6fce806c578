import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { renderWithShell } from '../../../app/test-utils';
import { memberSession } from '../../../app/test-fixtures';
import { stubApi } from '../../member/test/member-fixtures';
import type { LotteryGame } from '@panalo/contract/lottery';
import { menu, vn, wingo1, wingo3 } from '../test/fixtures';
import { LobbyScreen } from './lobby-screen';

const MENU = '/api/lottery/menu';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const menuCalls = (calls: ReturnType<typeof stubApi>['calls']) =>
  calls.filter((c) => c.url.pathname === MENU);
const card = (code: string) => screen.getByTestId(`lottery-card-${code}`);
const fast = (game: LotteryGame) => ({ FAST: { tag: 'FAST', labelName: 'Fast', gameMenus: [game] } });
/** Fake clock from the start (no real time passes): the test moves it. */
const fakeClock = () => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'] });
  vi.setSystemTime(1_000_000);
};
const tick = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));

describe('lottery lobby screen', () => {
  it('LOTT-001 LOTT-003 LOTT-004 API-059 menu of groups, item width, cards of the HOT tab', async () => {
    const { calls } = stubApi({ [MENU]: { value: menu() } });
    renderWithShell(<LobbyScreen />, { path: '/m/lottery' });
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual([
      'Hot',
      'Favourites',
      'Fast games',
      'Digits',
      'Daily draws',
    ]);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(tabs[2]!.style.width).toBe('calc(1.3 * var(--lott-rem))');
    const cards = within(screen.getByTestId('lottery-cards')).getAllByRole('listitem');
    expect(cards.map((c) => c.dataset.testid)).toEqual(['lottery-card-WINGO1', 'lottery-card-5D']);
    expect(Object.fromEntries(menuCalls(calls)[0]!.url.searchParams)).toEqual({
      prizeMode: 'Lott',
      device: 'MOBILE',
      language: 'EN',
    });
  });

  it('LOTT-005 LOTT-006 LOTT-007 LOTT-008 LOTT-009 a card: icon, name, sale status, numero, digits, heart', async () => {
    stubApi({ [MENU]: { value: menu() } });
    const r = renderWithShell(<LobbyScreen />, { path: '/m/lottery?tab=DAILY' });
    await screen.findByTestId('lottery-card-VNLOTTO');
    const c = within(card('VNLOTTO'));
    expect(c.getByTestId('lottery-icon')).toHaveAttribute(
      'src',
      expect.stringContaining('lottery/vnlotto.svg'),
    );
    expect(c.getByTestId('lottery-name')).toHaveTextContent('Vietnam lotto');
    expect(c.getByTestId('lottery-sale')).toHaveTextContent('Closed');
    expect(c.getByTestId('lottery-timer')).toHaveTextContent('--:--:--');
    expect(c.getByTestId('lottery-numero')).toHaveTextContent('Period 20261124');
    // "12345~67890~11123,45623": the first group's first number, digit by digit.
    const digits = c.getByTestId('lottery-previous');
    expect([...digits.children].map((d) => d.textContent)).toEqual(['1', '2', '3', '4', '5']);
    expect(c.getByTestId('lottery-fav')).toHaveAttribute('aria-pressed', 'false');
    await r.user.click(screen.getByTestId('lottery-tab-FAST'));
    expect(within(card('WINGO1')).getByTestId('lottery-sale')).toHaveTextContent('On sale');
    await r.user.click(within(card('WINGO1')).getByTestId('lottery-open'));
    expect(r.location().pathname + r.location().search).toBe('/m/startLottery?code=WINGO1');
  });

  it('LOTT-015 LOTT-016 LOTT-017 LOTT-018 LOTT-019 the card timer ticks every 500 ms to the sales lock', async () => {
    fakeClock();
    // 12 s to the draw, lock 5 s before it: the card counts 7 s down (the answer came at once: no gap).
    stubApi({ [MENU]: { value: fast({ ...wingo1, remainTime: 12_000, lockTime: 5 }) } });
    renderWithShell(<LobbyScreen />, { path: '/m/lottery?tab=FAST' });
    await tick(0);
    const timer = screen.getByTestId('lottery-timer');
    expect(timer).toHaveTextContent('00:00:07');
    expect(timer).toHaveAttribute('data-near', 'false');
    await tick(499);
    expect(timer).toHaveTextContent('00:00:07');
    await tick(1); // 500 ms: the first tick shows 6.5 s
    expect(timer).toHaveTextContent('00:00:06');
    expect(timer).toHaveAttribute('data-near', 'false');
    await tick(1_000); // 5.5 s left: near
    expect(timer).toHaveTextContent('00:00:05');
    expect(timer).toHaveAttribute('data-near', 'true');
    await tick(5_500); // expired
    expect(timer).toHaveTextContent('--:--:--');
    expect(timer).toHaveAttribute('data-near', 'false');
  });

  it('LOTT-024 the FAV tab sends a visitor to the login', async () => {
    stubApi({ [MENU]: { value: menu() } });
    const r = renderWithShell(<LobbyScreen />, { path: '/m/lottery' });
    await r.user.click(await screen.findByTestId('lottery-tab-FAV'));
    expect(r.location().pathname).toBe('/m/login');
    expect(r.location().search).toBe(`?redirect=${encodeURIComponent('/m/lottery?tab=FAV')}`);
  });

  it('LOTT-014 LOTT-022 LOTT-023 LOTT-026 LOTT-027 favourites: stored per user, first, removed on the FAV tab', async () => {
    stubApi({ [MENU]: { value: menu() } });
    const r = renderWithShell(<LobbyScreen />, { path: '/m/lottery?tab=FAV', session: memberSession });
    expect(await screen.findByTestId('lottery-empty')).toHaveTextContent('No favourites yet');
    await r.user.click(screen.getByTestId('lottery-tab-FAST'));
    await r.user.click(within(card('WINGO3')).getByTestId('lottery-fav'));
    expect(within(card('WINGO3')).getByTestId('lottery-fav')).toHaveAttribute('aria-pressed', 'true');
    // Favourites first in every tab.
    const order = () =>
      within(screen.getByTestId('lottery-cards'))
        .getAllByRole('listitem')
        .map((c) => c.dataset.testid);
    expect(order()).toEqual(['lottery-card-WINGO3', 'lottery-card-WINGO1']);
    await r.user.click(screen.getByTestId('lottery-tab-DAILY'));
    await r.user.click(within(card('VNLOTTO')).getByTestId('lottery-fav'));
    expect(JSON.parse(localStorage.getItem('LOTTFAV')!)).toEqual({ juan123: [vn.gameId, wingo3.gameId] });
    await r.user.click(screen.getByTestId('lottery-tab-FAV'));
    expect(order()).toEqual(['lottery-card-VNLOTTO', 'lottery-card-WINGO3']);
    await r.user.click(within(card('VNLOTTO')).getByTestId('lottery-fav'));
    expect(order()).toEqual(['lottery-card-WINGO3']);
    expect(JSON.parse(localStorage.getItem('LOTTFAV')!)).toEqual({ juan123: [wingo3.gameId] });
  });

  it('LOTT-028 the menu is refetched when the smallest remaining time has passed', async () => {
    fakeClock();
    // Card remaining 14 − 5 = 9 s: the next fetch comes 9 s after the answer.
    const { calls } = stubApi({ [MENU]: { value: fast({ ...wingo1, remainTime: 14_000, lockTime: 5 }) } });
    renderWithShell(<LobbyScreen />, { path: '/m/lottery?tab=FAST' });
    await tick(0);
    expect(screen.getByTestId('lottery-card-WINGO1')).toBeInTheDocument();
    expect(menuCalls(calls)).toHaveLength(1);
    await tick(8_900);
    expect(menuCalls(calls)).toHaveLength(1);
    await tick(200);
    expect(menuCalls(calls)).toHaveLength(2);
  });

  it('I18N-013 a language change refetches the menu after 200 ms', async () => {
    const { calls } = stubApi({ [MENU]: { value: menu() } });
    const r = renderWithShell(<LobbyScreen />, { path: '/m/lottery' });
    await screen.findByTestId('lottery-cards');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await act(async () => {
      await r.i18n.changeLanguage('TY');
    });
    await act(async () => vi.advanceTimersByTimeAsync(150));
    expect(menuCalls(calls)).toHaveLength(1);
    await act(async () => vi.advanceTimersByTimeAsync(60));
    vi.useRealTimers();
    await waitFor(() => expect(menuCalls(calls)).toHaveLength(2));
    expect(menuCalls(calls)[1]!.url.searchParams.get('language')).toBe('TY');
  });

  it('the lobby shows loading, then an error with a retry', async () => {
    let fail = true;
    stubApi({ [MENU]: () => (fail ? { status: 500, code: 'unknown_error' } : { value: menu() }) });
    const r = renderWithShell(<LobbyScreen />, { path: '/m/lottery' });
    expect(screen.getByTestId('lottery-loading')).toHaveAttribute('aria-busy', 'true');
    expect(await screen.findByTestId('lottery-error')).toHaveTextContent('could not be loaded');
    fail = false;
    await r.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('lottery-cards')).toBeInTheDocument();
    expect(screen.queryByTestId('lottery-error')).toBeNull();
  });

  it('an empty group says so', async () => {
    stubApi({ [MENU]: { value: { FAST: { tag: 'FAST', labelName: 'Fast', gameMenus: [] } } } });
    renderWithShell(<LobbyScreen />, { path: '/m/lottery' });
    expect(await screen.findByTestId('lottery-empty')).toHaveTextContent('No lotteries here yet.');
  });
});
