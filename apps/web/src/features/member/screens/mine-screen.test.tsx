import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { renderWithShell } from '../../../app/test-utils';
import { makeBundle, memberSession, trialSession } from '../../../app/test-fixtures';
import { TOAST_MS, toast } from '../../../lib/toast';
import { DAY_MS, memberInfo, stubApi } from '../test/member-fixtures';
import { MineScreen } from './mine-screen';
import { KnownRoutesContext } from '../../../app/known-routes';

const ME = '/api/members/me';
const UNREAD = '/api/members/unread-count';

function renderMine(opts: Parameters<typeof renderWithShell>[1] = {}) {
  return renderWithShell(
    <Routes>
      <Route path="/m/mine" element={<MineScreen />} />
      <Route path="*" element={<p data-testid="elsewhere">elsewhere</p>} />
    </Routes>,
    { path: '/m/mine', ...opts },
  );
}

const entry = (id: string) => screen.getByTestId(`mine-entry-${id}`);
const queryEntry = (id: string) => screen.queryByTestId(`mine-entry-${id}`);

beforeEach(() => {
  stubApi({ [ME]: { value: memberInfo() }, [UNREAD]: { value: 3 } });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('member centre header', () => {
  it('MINE-004 MINE-005 MINE-006 titled member centre, back to home, settings to /m/set', async () => {
    const r = renderMine();
    expect(screen.getByRole('heading', { level: 1, name: 'Member centre' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/m/home');
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/m/set');
    await r.user.click(screen.getByRole('link', { name: 'Settings' }));
    expect(r.location().pathname).toBe('/m/set');
  });
});

describe('SHELL-054 template versions', () => {
  it('mem_cen "1" gives the new version: a card grid', () => {
    renderMine({ session: memberSession });
    expect(screen.getByTestId('mine-screen')).toHaveAttribute('data-version', 'new');
    expect(screen.getByTestId('mine-items')).toHaveClass('mine-items--grid');
    expect(entry('depositRecord')).toHaveClass('mine-card');
  });

  it('any other mem_cen gives the base version: a list with chevrons', () => {
    for (const mem_cen of ['0', '', '2']) {
      const bundle = makeBundle({
        info: { mobileTemplate: { ...makeBundle().info.mobileTemplate, mem_cen } },
      });
      const r = renderMine({ session: memberSession, bundle });
      expect(screen.getByTestId('mine-screen')).toHaveAttribute('data-version', 'base');
      expect(screen.getByTestId('mine-items')).toHaveClass('mine-items--list');
      expect(entry('depositRecord')).toHaveClass('mine-row');
      r.unmount();
    }
  });
});

describe('member centre for a visitor', () => {
  it('MINE-007 shows the login-or-register panel, whose buttons open login and registration', async () => {
    const r = renderMine();
    const panel = screen.getByTestId('mine-guest');
    expect(within(panel).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/m/login');
    expect(within(panel).getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/m/register');
    expect(screen.queryByTestId('mine-profile')).toBeNull();
    await r.user.click(within(panel).getByRole('link', { name: 'Log in' }));
    expect(r.location().pathname).toBe('/m/login');
  });

  it('MINE-032 ROLE-006 every list item and tile opens the login screen instead of navigating', async () => {
    const r = renderMine();
    await r.user.click(entry('depositRecord'));
    expect(r.location().pathname).toBe('/m/login');
    expect(new URLSearchParams(r.location().search).get('redirect')).toBe('/m/vouReport');
    r.unmount();
    const again = renderMine();
    await again.user.click(entry('deposit'));
    expect(again.location().pathname).toBe('/m/login');
  });

  it('MINE-036 a visitor’s unread count is not fetched; nor member info', async () => {
    const { calls } = stubApi({ [ME]: { value: memberInfo() }, [UNREAD]: { value: 3 } });
    renderMine();
    await screen.findByTestId('mine-guest');
    expect(calls.map((c) => c.url.pathname)).toEqual([]);
    expect(screen.queryByTestId('message-indicator-badge')).toBeNull();
  });
});

describe('member centre for a member', () => {
  it('an entry whose screen this build does not have yet is hidden; the profile is a tap away', async () => {
    const r = renderWithShell(
      <KnownRoutesContext
        value={(p) => !['/m/rewardCenter', '/m/inviteFriends', '/m/member/benefits'].includes(p)}
      >
        <Routes>
          <Route path="/m/mine" element={<MineScreen />} />
          <Route path="*" element={<p data-testid="elsewhere">elsewhere</p>} />
        </Routes>
      </KnownRoutesContext>,
      { path: '/m/mine', session: memberSession },
    );
    await screen.findByTestId('mine-days');
    expect(queryEntry('rewardCentre')).toBeNull();
    expect(queryEntry('invite')).toBeNull();
    expect(queryEntry('benefits')).toBeNull();
    // VIP is on, but its benefits screen is not built: the panel is not a link to the not-found screen.
    expect(screen.getByTestId('mine-profile').tagName).toBe('SECTION');
    expect(entry('mail')).toBeInTheDocument();
    expect(entry('download')).toBeInTheDocument();
    await r.user.click(screen.getByRole('link', { name: 'Edit my profile' }));
    expect(r.location().pathname).toBe('/m/member/home');
  });

  it('MINE-008 MINE-009 MINE-010 account, VIP label and days since registration', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(memberInfo().regDate + 30 * DAY_MS + 3600_000);
    renderMine({ session: memberSession });
    expect(await screen.findByTestId('mine-days')).toHaveTextContent('Joined 30 days ago');
    expect(screen.getByTestId('mine-account')).toHaveTextContent('juan123');
    expect(screen.getByTestId('mine-vip')).toHaveTextContent('VIP 2 · Silver');
  });

  it('MINE-009 MINE-011 with VIP off there is no label and the panel is not a link', async () => {
    renderMine({ session: memberSession, bundle: makeBundle({ flags: { VIPBENEFIT: false } }) });
    await screen.findByTestId('mine-days');
    expect(screen.queryByTestId('mine-vip')).toBeNull();
    expect(screen.getByTestId('mine-profile').tagName).toBe('SECTION');
    expect(queryEntry('benefits')).toBeNull();
  });

  it('MINE-011 MINE-013 with VIP on the panel and the level-benefits tile go to /m/member/benefits', async () => {
    const r = renderMine({ session: memberSession });
    expect(screen.getByTestId('mine-profile')).toHaveAttribute('href', '/m/member/benefits');
    await r.user.click(entry('benefits'));
    expect(r.location().pathname).toBe('/m/member/benefits');
  });

  it.each([
    ['MINE-015', 'deposit', '/m/voucherCenter'],
    ['MINE-016', 'withdraw', '/m/withdraw'],
    ['MINE-017', 'invite', '/m/inviteFriends'],
    ['MINE-018', 'security', '/m/securityCenter'],
    ['MINE-020', 'depositRecord', '/m/vouReport'],
    ['MINE-022', 'accountRecord', '/m/transaction/record'],
    ['MINE-028', 'mission', '/m/leaderBoard'],
    ['MINE-030', 'mail', '/m/webEmail'],
    ['MINE-031', 'feedback', '/m/feedback'],
  ])('%s %s navigates to %s', async (_id, id, to) => {
    const r = renderMine({ session: memberSession });
    await r.user.click(entry(id));
    expect(r.location().pathname).toBe(to);
  });

  it('MINE-019 MINE-025 agency centre and transfer to upline follow the member info', async () => {
    stubApi({ [ME]: { value: memberInfo({ type: 1, toUpline: true }) }, [UNREAD]: { value: 0 } });
    const r = renderMine({ session: memberSession });
    await waitFor(() => expect(queryEntry('uplineTransfer')).not.toBeNull());
    expect(queryEntry('agent')).not.toBeNull();
    await r.user.click(entry('agent'));
    expect(r.location().pathname).toBe('/m/agent');
    r.unmount();

    stubApi({ [ME]: { value: memberInfo({ type: 0, toUpline: false }) }, [UNREAD]: { value: 0 } });
    // The session says type 1; the member info (type 0) is what counts once it is in.
    renderMine({ session: memberSession });
    await waitFor(() => expect(queryEntry('agent')).toBeNull());
    expect(queryEntry('uplineTransfer')).toBeNull();
  });

  it('ROLE-003 with the flags off (as luzon) only the always-on tiles remain', async () => {
    const bundle = makeBundle({
      flags: {
        VIPBENEFIT: false,
        DEPRECM3: false,
        WITHREC3: false,
        TRANSREC3: false,
        TRANSBETREPMEM3: false,
        PERSREP: false,
        AGETRANSFERUP3: false,
        REWCEN3: false,
        MANPLAYREB3: false,
        PLYRBT: false,
        MAILCEN: false,
        FEEDBACK3: false,
      },
      promotions: { REFERRAL: { enabled: false } },
    });
    renderMine({ session: memberSession, bundle });
    await screen.findByTestId('mine-days');
    const tiles = within(screen.getByTestId('mine-tiles')).getAllByRole('button');
    expect(tiles.map((b) => b.dataset.testid)).toEqual([
      'mine-entry-download',
      'mine-entry-deposit',
      'mine-entry-withdraw',
      'mine-entry-security',
    ]);
    expect(within(screen.getByTestId('mine-items')).queryAllByRole('button')).toEqual([]);
  });

  it('issue 53 verification shows my level and opens /m/verification; hidden where the site has none', async () => {
    const kyc = (enabled: boolean) => ({
      value: { enabled, level: 2, mobileConfirmed: true, hasMobile: true, levels: [], documents: [] },
    });
    stubApi({ [ME]: { value: memberInfo() }, [UNREAD]: { value: 0 }, '/api/kyc': kyc(true) });
    const r = renderMine({ session: memberSession });
    const item = await screen.findByTestId('mine-entry-verification');
    expect(item).toHaveTextContent('Verification · Level 2');
    await r.user.click(item);
    expect(r.location().pathname).toBe('/m/verification');
    r.unmount();

    stubApi({ [ME]: { value: memberInfo() }, [UNREAD]: { value: 0 }, '/api/kyc': kyc(false) });
    renderMine({ session: memberSession });
    await screen.findByTestId('mine-days');
    expect(queryEntry('verification')).toBeNull();
  });

  it('issue 53 a free-trial account’s verification level is not asked', async () => {
    const { calls } = stubApi({ [ME]: { value: memberInfo({ type: 4 }) }, [UNREAD]: { value: 0 } });
    renderMine({ session: trialSession });
    await screen.findByTestId('mine-items');
    expect(calls.some((c) => c.url.pathname === '/api/kyc')).toBe(false);
    expect(queryEntry('verification')).toBeNull();
  });

  it('MINE-033 MINE-037 the mail item and the indicator carry the unread count', async () => {
    renderMine({ session: memberSession });
    expect(await screen.findByTestId('mine-mail-badge')).toHaveTextContent('3');
    expect(screen.getByTestId('message-indicator-badge')).toHaveTextContent('3');
  });

  it('MINE-014 CONTENT-025 the download tile opens the download popup, closed by its button', async () => {
    const r = renderMine({ session: memberSession });
    await r.user.click(entry('download'));
    const popup = await screen.findByRole('dialog', { name: 'Download the Panalo app' });
    // happy-dom is not iOS: the Android link of the merchant's resources.
    expect(within(popup).getByRole('link', { name: 'Download for Android' })).toHaveAttribute(
      'href',
      '/downloads/panalo.apk',
    );
    await r.user.click(within(popup).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(r.location().pathname).toBe('/m/mine');
  });

  it('MINE-014 a merchant that requires a login for downloads sends a visitor to log in first', async () => {
    const r = renderMine({ bundle: makeBundle({ site: { downloadRequiresLogin: true } }) });
    await r.user.click(entry('download'));
    expect(r.location().pathname).toBe('/m/login');
  });
});

describe('member centre for a free-trial account', () => {
  it('ROLE-011 ROLE-012 a member destination gives the free_reject toast for 2 s and stays', async () => {
    const show = vi.spyOn(toast, 'show').mockResolvedValue();
    const { calls } = stubApi({ [ME]: { value: memberInfo({ type: 4, account: 'guest8812' }) } });
    const r = renderMine({ session: trialSession });
    await r.user.click(entry('withdraw'));
    expect(show).toHaveBeenCalledWith('Please login an actual account to use this function', TOAST_MS.info);
    expect(r.location().pathname).toBe('/m/mine');
    // A trial account has no mailbox: the unread count is not asked for (the server would refuse it).
    expect(calls.some((c) => c.url.pathname === UNREAD)).toBe(false);
  });
});
