import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithShell } from '../test-utils';
import { makeBundle, memberSession } from '../test-fixtures';
import { Footer, inviteTarget } from './footer';

const toastShow = vi.hoisted(() => vi.fn(async () => {}));
vi.mock(import('../../lib/toast'), async (orig) => ({
  ...(await orig()),
  toast: { show: toastShow, clear: vi.fn(async () => {}) },
}));

afterEach(() => vi.clearAllMocks());

const nav = () => screen.getByRole('navigation', { name: 'Main navigation' });
const referralOff = makeBundle({ promotions: { REFERRAL: { enabled: false } } });

describe('Footer', () => {
  it('SHELL-025 shows home, events, deposit, invite friends and member tabs', () => {
    renderWithShell(<Footer tall={false} />, { session: memberSession });
    const tabs = within(nav()).getAllByRole('link');
    expect(tabs.map((t) => t.textContent)).toEqual(['Home', 'Events', 'Deposit +3%', 'Invite', 'Member']);
    expect(within(nav()).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/m/home');
    expect(within(nav()).getByRole('link', { name: 'Events' })).toHaveAttribute('href', '/m/activity');
    expect(screen.getByTestId('footer-tab-deposit')).toHaveAttribute('href', '/m/voucherCenter');
    expect(within(nav()).getByRole('link', { name: 'Member' })).toHaveAttribute('href', '/m/mine');
  });

  it('SHELL-026 the deposit tab carries the +3% badge', () => {
    renderWithShell(<Footer tall={false} />);
    expect(within(screen.getByTestId('footer-tab-deposit')).getByTestId('footer-badge')).toHaveTextContent(
      '+3%',
    );
  });

  it('SHELL-025 marks the active tab', () => {
    const home = renderWithShell(<Footer tall={false} />, { path: '/' });
    expect(screen.getByTestId('footer-tab-home')).toHaveAttribute('aria-current', 'page');
    expect(screen.getByTestId('footer-tab-member')).not.toHaveAttribute('aria-current');
    home.unmount();
    renderWithShell(<Footer tall={false} />, { path: '/m/mine' });
    expect(screen.getByTestId('footer-tab-member')).toHaveAttribute('aria-current', 'page');
    expect(screen.getByTestId('footer-tab-home')).not.toHaveAttribute('aria-current');
  });

  it('ROLE-006 a visitor tapping deposit is sent to /m/login', async () => {
    const r = renderWithShell(<Footer tall={false} />);
    await r.user.click(screen.getByTestId('footer-tab-deposit'));
    expect(r.location().pathname).toBe('/m/login');
  });

  it('ROLE-007 a visitor tapping invite friends is sent to /m/login', async () => {
    const r = renderWithShell(<Footer tall={false} />, { bundle: referralOff });
    await r.user.click(screen.getByTestId('footer-tab-invite'));
    expect(r.location().pathname).toBe('/m/login');
    expect(toastShow).not.toHaveBeenCalled();
  });

  it('PROMO-005 with REFERRAL enabled invite friends opens /m/inviteFriends', async () => {
    const r = renderWithShell(<Footer tall={false} />, { session: memberSession });
    await r.user.click(screen.getByTestId('footer-tab-invite'));
    expect(r.location().pathname).toBe('/m/inviteFriends');
  });

  it('PROMO-006 with REFERRAL disabled invite friends shows contact_service as an info toast for 2 s', async () => {
    const r = renderWithShell(<Footer tall={false} />, { session: memberSession, bundle: referralOff });
    await r.user.click(screen.getByTestId('footer-tab-invite'));
    expect(toastShow).toHaveBeenCalledWith(
      'This feature is not available for your account, please contact customer service',
      2000,
    );
    expect(r.location().pathname).toBe('/m/home');
  });

  it('PROMO-006 a missing REFERRAL promotion counts as disabled', () => {
    expect(inviteTarget(true, false)).toBe('contact');
    expect(inviteTarget(true, true)).toBe('invite');
    expect(inviteTarget(false, true)).toBe('login');
    renderWithShell(<Footer tall={false} />, {
      session: memberSession,
      bundle: makeBundle({ promotions: {} }),
    });
    expect(screen.getByTestId('footer-tab-invite').tagName).toBe('BUTTON');
  });

  it('SHELL-028 the tall variant is marked for the iPhone app shell', () => {
    const r = renderWithShell(<Footer tall />);
    expect(screen.getByTestId('footer')).toHaveClass('app-footer--tall');
    r.unmount();
    renderWithShell(<Footer tall={false} />);
    expect(screen.getByTestId('footer')).not.toHaveClass('app-footer--tall');
  });
});
