import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nProvider } from '../../i18n/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { createI18n } from '../../i18n';
import { renderWithShell } from '../test-utils';
import { SiteProvider } from '../site';
import { makeBundle, memberSession, panaloBundle } from '../test-fixtures';
import { Header } from './header';
import { BALANCE_STARS, MemberSummary, balanceView, displayName } from './header-parts';

const header = () => screen.getByTestId('header');

describe('Header, logged out', () => {
  it('SHELL-009 shows the merchant logo on home', () => {
    renderWithShell(<Header />, { path: '/m/home' });
    const logo = screen.getByRole('img', { name: 'Panalo' });
    expect(logo).toHaveAttribute('src', '/cdn/edge-a/img/brand/panalo-logo.svg');
    expect(screen.queryByTestId('header-back')).toBeNull();
  });

  it('SHELL-010 shows a back arrow instead of the logo elsewhere', () => {
    renderWithShell(<Header />, { path: '/m/help' });
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
    expect(screen.queryByTestId('header-logo')).toBeNull();
  });

  it('SHELL-014 shows the page title', () => {
    renderWithShell(<Header />, { path: '/m/help' });
    expect(screen.getByTestId('header-title')).toHaveTextContent('Help centre');
  });

  it('SHELL-011 back on notice goes to /m/home', async () => {
    const r = renderWithShell(<Header />, { path: '/m/notice' });
    await r.user.click(screen.getByRole('button', { name: 'Back' }));
    expect(r.location().pathname).toBe('/m/home');
  });

  it('SHELL-012 back elsewhere returns to the previous page when the app has history', async () => {
    const i18n = createI18n('EN');
    window.history.replaceState({ idx: 1, key: 'k', usr: null }, '');
    try {
      render(
        <QueryClientProvider client={new QueryClient()}>
          <I18nProvider i18n={i18n}>
            <SiteProvider bundle={panaloBundle}>
              <MemoryRouter initialEntries={['/m/gameList', '/m/help']} initialIndex={1}>
                <Routes>
                  <Route path="/m/help" element={<Header />} />
                  <Route path="/m/gameList" element={<p>game list</p>} />
                </Routes>
              </MemoryRouter>
            </SiteProvider>
          </I18nProvider>
        </QueryClientProvider>,
      );
      fireEvent.click(screen.getByRole('button', { name: 'Back' }));
      expect(await screen.findByText('game list')).toBeInTheDocument();
    } finally {
      window.history.replaceState(null, '');
    }
  });

  it('SHELL-013 back with no history goes to /m/home', async () => {
    const r = renderWithShell(<Header />, { path: '/m/help' });
    await r.user.click(screen.getByRole('button', { name: 'Back' }));
    expect(r.location().pathname).toBe('/m/home');
  });

  it('SHELL-015 SHELL-017 shows login, language switch and menu', () => {
    renderWithShell(<Header />);
    expect(within(header()).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/m/login');
    expect(within(header()).getByRole('button', { name: 'Language: English' })).toBeInTheDocument();
    expect(within(header()).getByRole('button', { name: 'Menu' })).toBeInTheDocument();
    expect(screen.queryByTestId('header-member')).toBeNull();
  });

  it('SHELL-016 shows register when DIRECTREG is on', () => {
    renderWithShell(<Header />, { bundle: makeBundle({ flags: { DIRECTREG: true } }) });
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/m/register');
  });

  it('SHELL-016 hides register when DIRECTREG is off', () => {
    renderWithShell(<Header />, { bundle: makeBundle({ flags: { DIRECTREG: false } }) });
    expect(screen.queryByRole('link', { name: 'Register' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Log in' })).toBeInTheDocument();
  });
});

describe('Header, logged in', () => {
  it('SHELL-018 shows the nickname from memberInfo', () => {
    renderWithShell(<Header />, {
      session: memberSession,
      storage: { memberInfo: JSON.stringify({ nickname: 'Juanito', account: 'juan123' }) },
    });
    expect(screen.getByTestId('header-name')).toHaveTextContent('Juanito');
    expect(screen.queryByRole('link', { name: 'Log in' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Register' })).toBeNull();
  });

  it('SHELL-018 falls back to the account, then to the session user name', () => {
    const first = renderWithShell(<Header />, {
      session: memberSession,
      storage: { memberInfo: JSON.stringify({ nickname: '', account: 'acct-77' }) },
    });
    expect(screen.getByTestId('header-name')).toHaveTextContent('acct-77');
    first.unmount();
    localStorage.removeItem('memberInfo');
    renderWithShell(<Header />, { session: memberSession });
    expect(screen.getByTestId('header-name')).toHaveTextContent('juan123');
  });

  it('SHELL-019 shows a neutral dash, not a number, while the balance is unknown', () => {
    renderWithShell(<Header />, { session: memberSession });
    const balance = screen.getByTestId('header-balance');
    expect(balance).toHaveTextContent('—');
    expect(balance).toHaveTextContent('Balance not loaded yet');
    expect(balance.textContent).not.toMatch(/\d/);
  });

  it('SHELL-020 shows deposit and withdraw icons, the language switch and the menu', () => {
    renderWithShell(<Header />, { session: memberSession });
    expect(screen.getByRole('link', { name: 'Deposit' })).toHaveAttribute('href', '/m/voucherCenter');
    expect(screen.getByRole('link', { name: 'Withdraw' })).toHaveAttribute('href', '/m/withdraw');
    expect(screen.getByRole('button', { name: 'Language: English' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Menu' })).toBeInTheDocument();
  });

  it('WALLET-005 shows stars when the balance is hidden', () => {
    renderWithShell(<Header />, { session: memberSession, storage: { balanceHidden: '1' } });
    expect(screen.getByTestId('header-balance')).toHaveTextContent(BALANCE_STARS);
  });
});

describe('header presentational parts', () => {
  const i18n = createI18n('EN');
  const renderPart = (ui: React.ReactElement) =>
    render(
      <I18nProvider i18n={i18n}>
        <MemoryRouter>{ui}</MemoryRouter>
      </I18nProvider>,
    );

  it('SHELL-019 shows the total balance with exactly 2 decimals', () => {
    renderPart(<MemberSummary name="Juanito" balance={balanceView('1234.5', false, false)} />);
    expect(screen.getByTestId('header-balance')).toHaveTextContent('1,234.50');
  });

  it('SHELL-019 WALLET-005 WALLET-006 balance view: amount, stars when hidden or refreshing, dash when unknown', () => {
    expect(balanceView('10', false, false)).toEqual({ kind: 'amount', text: '10.00' });
    expect(balanceView('0.129', false, false)).toEqual({ kind: 'amount', text: '0.12' });
    expect(balanceView('10', true, false)).toEqual({ kind: 'hidden' });
    expect(balanceView('10', false, true)).toEqual({ kind: 'hidden' });
    expect(balanceView(null, false, false)).toEqual({ kind: 'unknown' });
  });

  it('SHELL-018 display name: nickname, else account, else user name', () => {
    expect(displayName(memberSession, { nickname: ' Ana ', account: 'a1' })).toBe('Ana');
    expect(displayName(memberSession, { account: 'a1' })).toBe('a1');
    expect(displayName(memberSession, null)).toBe('juan123');
    expect(displayName(memberSession, 'garbage')).toBe('juan123');
  });
});
