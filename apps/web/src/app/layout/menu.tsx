import { useId, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';
import { Link } from 'react-router';
import { Overlay } from './overlay';
import { IconDeposit, IconWithdraw } from './icons';
import {
  IconClose,
  IconEye,
  IconEyeOff,
  IconFeedback,
  IconHelp,
  IconRefresh,
  IconSignOut,
} from '../../components/ui/icons';

export interface MenuProps {
  open: boolean;
  onClose: () => void;
  loggedIn: boolean;
  /** FEEDBACK3 white-label flag (SHELL-023). */
  showFeedback: boolean;
  balanceHidden: boolean;
  siteName: string;
  onRefreshBalance: () => void;
  onToggleBalance: () => void;
  onSignOut: () => void;
}

function Entry({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <>
      <span className="menu__icon">{icon}</span>
      <span className="menu__label">{children}</span>
    </>
  );
}

/**
 * The side menu (SHELL-021..024). Deposit, withdraw and help are always there (a visitor's deposit and
 * withdraw lead to /m/login, ROLE-006); balance and sign-out entries only with a session (SHELL-022).
 */
export function Menu(p: MenuProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const memberOnly = (to: string) => (p.loggedIn ? to : '/m/login');
  return (
    <Overlay open={p.open} onClose={p.onClose} variant="drawer" labelledBy={titleId} testId="menu">
      <div className="menu__head">
        <h2 id={titleId} className="menu__title">
          {t('shell.menu.title')}
        </h2>
        <button
          type="button"
          className="icon-btn"
          aria-label={t('shell.menu.close')}
          onClick={p.onClose}
          data-testid="menu-close"
        >
          <IconClose />
        </button>
      </div>
      <ul className="menu__list">
        <li>
          <Link className="menu__item" to={memberOnly('/m/voucherCenter')} onClick={p.onClose}>
            <Entry icon={<IconDeposit />}>{t('shell.menu.deposit')}</Entry>
          </Link>
        </li>
        <li>
          <Link className="menu__item" to={memberOnly('/m/withdraw')} onClick={p.onClose}>
            <Entry icon={<IconWithdraw />}>{t('shell.menu.withdraw')}</Entry>
          </Link>
        </li>
        {p.loggedIn && (
          <>
            <li>
              <button type="button" className="menu__item" onClick={p.onRefreshBalance}>
                <Entry icon={<IconRefresh />}>{t('shell.menu.refreshBalance')}</Entry>
              </button>
            </li>
            <li>
              <button type="button" className="menu__item" onClick={p.onToggleBalance}>
                {p.balanceHidden ? (
                  <Entry icon={<IconEye />}>{t('shell.menu.showBalance')}</Entry>
                ) : (
                  <Entry icon={<IconEyeOff />}>{t('shell.menu.hideBalance')}</Entry>
                )}
              </button>
            </li>
          </>
        )}
        <li>
          <Link className="menu__item" to="/m/help" onClick={p.onClose}>
            <Entry icon={<IconHelp />}>{t('shell.menu.help')}</Entry>
          </Link>
        </li>
        {p.showFeedback && (
          <li>
            <Link className="menu__item" to="/m/feedback" onClick={p.onClose}>
              <Entry icon={<IconFeedback />}>{t('shell.menu.feedback')}</Entry>
            </Link>
          </li>
        )}
        {p.loggedIn && (
          <li>
            <button type="button" className="menu__item menu__item--danger" onClick={p.onSignOut}>
              <Entry icon={<IconSignOut />}>{t('shell.menu.signOut')}</Entry>
            </button>
          </li>
        )}
      </ul>
      <p className="menu__copyright" data-testid="menu-copyright">
        {t('shell.menu.copyright', { name: p.siteName })}
      </p>
    </Overlay>
  );
}
