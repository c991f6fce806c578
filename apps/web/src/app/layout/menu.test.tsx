import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderWithShell } from '../test-utils';
import { makeBundle, memberSession } from '../test-fixtures';
import { Header } from './header';
import { BALANCE_STARS } from './header-parts';
import type { HeaderBalance } from './use-header-balance';

const toastShow = vi.hoisted(() => vi.fn(async () => {}));
vi.mock(import('../../lib/toast'), async (orig) => ({
  ...(await orig()),
  toast: { show: toastShow, clear: vi.fn(async () => {}) },
}));
const logoutLocally = vi.hoisted(() => vi.fn(async () => {}));
vi.mock(import('../../lib/logout'), async (orig) => ({ ...(await orig()), logoutLocally }));

// Tests can stand in a balance (and a refresh they finish themselves) for the wallet's.
const balanceHook = vi.hoisted(() => ({ current: null as null | (() => HeaderBalance) }));
vi.mock(import('./use-header-balance'), async (orig) => {
  const real = await orig();
  return { ...real, useHeaderBalance: () => balanceHook.current?.() ?? real.useHeaderBalance() };
});

afterEach(() => {
  vi.clearAllMocks();
  balanceHook.current = null;
});

async function openMenu(opts: Parameters<typeof renderWithShell>[1] = {}) {
  const r = renderWithShell(<Header />, opts);
  await r.user.click(screen.getByRole('button', { name: 'Menu' }));
  return { ...r, menu: await screen.findByRole('dialog', { name: 'Menu' }) };
}

describe('Menu', () => {
  it('SHELL-021 SHELL-024 a visitor sees deposit, withdraw, help and the copyright line', async () => {
    const { menu } = await openMenu({ bundle: makeBundle({ flags: { FEEDBACK3: false } }) });
    const labels = within(menu)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(labels).toEqual(['Deposit', 'Withdraw', 'Help centre']);
    expect(within(menu).getByText(/2018-2024/)).toHaveTextContent('© 2018-2024 Panalo');
  });

  it('SHELL-022 balance and sign-out entries only for a logged-in user', async () => {
    const visitor = await openMenu();
    expect(within(visitor.menu).queryByRole('button', { name: 'Refresh balance' })).toBeNull();
    expect(within(visitor.menu).queryByRole('button', { name: 'Hide balance' })).toBeNull();
    expect(within(visitor.menu).queryByRole('button', { name: 'Sign out' })).toBeNull();
    visitor.unmount();

    const { menu } = await openMenu({ session: memberSession });
    expect(within(menu).getByRole('link', { name: 'Deposit' })).toHaveAttribute('href', '/m/voucherCenter');
    expect(within(menu).getByRole('link', { name: 'Withdraw' })).toHaveAttribute('href', '/m/withdraw');
    expect(within(menu).getByRole('button', { name: 'Refresh balance' })).toBeInTheDocument();
    expect(within(menu).getByRole('button', { name: 'Hide balance' })).toBeInTheDocument();
    expect(within(menu).getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    expect(within(menu).getByRole('link', { name: 'Help centre' })).toHaveAttribute('href', '/m/help');
    expect(within(menu).getByText(/2018-2024/)).toBeInTheDocument();
  });

  it('SHELL-023 feedback only when FEEDBACK3 is on', async () => {
    const on = await openMenu({ bundle: makeBundle({ flags: { FEEDBACK3: true } }) });
    expect(within(on.menu).getByRole('link', { name: 'Feedback' })).toHaveAttribute('href', '/m/feedback');
    on.unmount();
    const off = await openMenu({ bundle: makeBundle({ flags: { FEEDBACK3: false } }) });
    expect(within(off.menu).queryByRole('link', { name: 'Feedback' })).toBeNull();
  });

  it('ROLE-006 a visitor tapping deposit or withdraw is sent to /m/login', async () => {
    const r = await openMenu();
    expect(within(r.menu).getByRole('link', { name: 'Withdraw' })).toHaveAttribute('href', '/m/login');
    await r.user.click(within(r.menu).getByRole('link', { name: 'Deposit' }));
    expect(r.location().pathname).toBe('/m/login');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('WALLET-007 hide/show balance toggles the header balance and is remembered', async () => {
    const r = await openMenu({ session: memberSession });
    await r.user.click(within(r.menu).getByRole('button', { name: 'Hide balance' }));
    expect(localStorage.getItem('balanceHidden')).toBe('1');
    expect(screen.getByTestId('header-balance')).toHaveTextContent(BALANCE_STARS);
    await r.user.click(within(r.menu).getByRole('button', { name: 'Show balance' }));
    expect(localStorage.getItem('balanceHidden')).toBe('0');
    expect(screen.getByTestId('header-balance')).not.toHaveTextContent(BALANCE_STARS);
  });

  it('WALLET-006 ROLE-008 refresh balance closes the menu and shows stars until the reload ends', async () => {
    let finish = () => {};
    const refresh = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    balanceHook.current = () => ({ balance: '88.5', refresh });
    const r = await openMenu({ session: memberSession });
    expect(screen.getByTestId('header-balance')).toHaveTextContent('88.50');
    await r.user.click(within(r.menu).getByRole('button', { name: 'Refresh balance' }));
    expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull();
    expect(refresh).toHaveBeenCalledOnce();
    expect(screen.getByTestId('header-balance')).toHaveTextContent(BALANCE_STARS);
    finish();
    await waitFor(() => expect(screen.getByTestId('header-balance')).toHaveTextContent('88.50'));
  });

  it('AUTH-062 sign out asks first; cancel keeps the session', async () => {
    const r = await openMenu({ session: memberSession });
    await r.user.click(within(r.menu).getByRole('button', { name: 'Sign out' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Sign out?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await r.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(logoutLocally).not.toHaveBeenCalled();
    expect(localStorage.getItem('MC_SESSION_INFO')).not.toBeNull();
  });

  it('AUTH-063 AUTH-068 OK shows a loading toast that lasts 9999 s and signs out', async () => {
    const r = await openMenu({ session: memberSession });
    await r.user.click(within(r.menu).getByRole('button', { name: 'Sign out' }));
    const dialog = screen.getByRole('alertdialog');
    await r.user.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    expect(toastShow).toHaveBeenCalledWith('Please wait…', 9_999_000, 'loading');
    expect(logoutLocally).toHaveBeenCalledOnce();
  });

  it('SHELL-021 keyboard: Escape closes the menu and focus returns to the menu button', async () => {
    const r = renderWithShell(<Header />);
    const button = screen.getByRole('button', { name: 'Menu' });
    button.focus();
    await r.user.keyboard('{Enter}');
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    expect(menu).toHaveAttribute('aria-modal', 'true');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(menu.contains(document.activeElement)).toBe(true);
    await r.user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(button).toHaveFocus();
  });

  it('SHELL-021 keyboard: Tab wraps inside the open menu', async () => {
    const r = await openMenu();
    const focusables = Array.from(r.menu.querySelectorAll<HTMLElement>('a[href], button'));
    expect(focusables.length).toBeGreaterThan(2);
    const last = focusables[focusables.length - 1]!;
    last.focus();
    await r.user.tab();
    expect(focusables[0]).toHaveFocus();
    await r.user.tab({ shift: true });
    expect(last).toHaveFocus();
  });
});
