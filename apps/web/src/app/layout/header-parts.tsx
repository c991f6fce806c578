import { useTranslation } from '../../i18n/react';
import { Link } from 'react-router';
import type { SessionInfo } from '../../lib/session';
// Not lib/format: the header is first-page code, and that module's other formatters are the screens'.
import { displayAmount } from '@panalo/contract/money-display';
import { IconDeposit, IconWithdraw } from './icons';

/** What the header shows for the member: nickname, else account, else the session's user name (SHELL-018). */
export function displayName(session: SessionInfo, memberInfo: unknown): string {
  if (memberInfo && typeof memberInfo === 'object') {
    const { nickname, account } = memberInfo as { nickname?: unknown; account?: unknown };
    if (typeof nickname === 'string' && nickname.trim()) return nickname.trim();
    if (typeof account === 'string' && account.trim()) return account.trim();
  }
  return session.userName;
}

export const BALANCE_STARS = '******';

export type BalanceView = { kind: 'hidden' } | { kind: 'unknown' } | { kind: 'amount'; text: string };

/**
 * Spec §4 "Balance display": stars while hidden and while a refresh is running; an unknown balance is a
 * dash, never a made-up number; otherwise exactly 2 decimals (SHELL-019).
 */
export function balanceView(balance: string | null, hidden: boolean, refreshing: boolean): BalanceView {
  if (hidden || refreshing) return { kind: 'hidden' };
  if (balance === null) return { kind: 'unknown' };
  return { kind: 'amount', text: displayAmount(balance) };
}

/** Logged-out actions: login, and register when direct registration is on (SHELL-015/016). */
export function VisitorActions({ showRegister }: { showRegister: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <Link className="hdr-btn" to="/m/login" data-testid="header-login">
        {t('shell.header.login')}
      </Link>
      {showRegister && (
        <Link className="hdr-btn hdr-btn--solid" to="/m/register" data-testid="header-register">
          {t('shell.header.register')}
        </Link>
      )}
    </>
  );
}

/** Logged-in summary: name and total balance (SHELL-018/019). */
export function MemberSummary({ name, balance }: { name: string; balance: BalanceView }) {
  const { t } = useTranslation();
  return (
    <div className="hdr-member" data-testid="header-member">
      <span className="hdr-member__name" data-testid="header-name">
        {name}
      </span>
      <span className="hdr-member__balance" data-testid="header-balance">
        <span className="visually-hidden">{t('shell.header.balance')} </span>
        {balance.kind === 'amount' ? (
          balance.text
        ) : (
          <>
            <span aria-hidden="true">{balance.kind === 'hidden' ? BALANCE_STARS : '—'}</span>
            <span className="visually-hidden">
              {t(balance.kind === 'hidden' ? 'shell.header.balanceHidden' : 'shell.header.balanceUnknown')}
            </span>
          </>
        )}
      </span>
    </div>
  );
}

/** Logged-in deposit and withdraw icon links (SHELL-020). */
export function MemberActions() {
  const { t } = useTranslation();
  return (
    <>
      <Link
        className="icon-btn"
        to="/m/voucherCenter"
        aria-label={t('shell.header.deposit')}
        data-testid="header-deposit"
      >
        <IconDeposit size={22} />
      </Link>
      <Link
        className="icon-btn"
        to="/m/withdraw"
        aria-label={t('shell.header.withdraw')}
        data-testid="header-withdraw"
      >
        <IconWithdraw size={22} />
      </Link>
    </>
  );
}
