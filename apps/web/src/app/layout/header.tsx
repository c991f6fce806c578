import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '../../lib/session';
import { storage } from '../../lib/storage';
import { balanceHidden as balanceHiddenFlag, useUiFlag } from '../../lib/ui-store';
import { useSite } from '../site';
import { MemberActions, MemberSummary, VisitorActions, balanceView, displayName } from './header-parts';
import { IconBack, IconMenu } from './icons';
import { LanguageSwitcher } from './language-switcher';
import { backTarget, hasAppHistory, headerLeft, headerTitleKey } from './rules';
import { useHeaderBalance } from './use-header-balance';
import { useMemberInfo } from './use-member-info';
import { revokeSession } from './revoke-session';
import { useSignOut } from './use-sign-out';

// The menu and the sign-out question are code of their own, fetched when the member reaches for the
// menu button (pointer down, focus) or opens it: the first page does not carry them.
const loadMenu = () => Promise.all([import('./menu'), import('./confirm-dialog')]);
const Menu = lazy(() => loadMenu().then(([m]) => ({ default: m.Menu })));
const ConfirmDialog = lazy(() => loadMenu().then(([, d]) => ({ default: d.ConfirmDialog })));

/** The app header (SHELL-009..020) with the menu it opens (SHELL-021..024). */
export function Header() {
  const { t } = useTranslation();
  const site = useSite();
  const { bundle } = site;
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const { balance, refresh } = useHeaderBalance();
  const hidden = useUiFlag(balanceHiddenFlag);
  const [refreshing, setRefreshing] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  // Mounted from the first opening on (so that it can animate closed), never before.
  const [menuUsed, setMenuUsed] = useState(false);
  const signOut = useSignOut(revokeSession);
  // Re-renders when GET /api/members/me answers; a partial cached copy still gives a name.
  const { info } = useMemberInfo();
  const name = session ? displayName(session, info ?? storage.getJson<unknown>('memberInfo')) : '';
  const titleKey = headerTitleKey(pathname, search);

  const goBack = () => {
    const target = backTarget(pathname, hasAppHistory(window.history.state));
    if (target === 'history') void navigate(-1);
    else void navigate(target.to);
  };

  const refreshBalance = () => {
    setMenuOpen(false);
    // ROLE-008: a visitor cannot refresh a balance; they are sent to log in.
    if (!session) {
      void navigate('/m/login');
      return;
    }
    setRefreshing(true);
    void refresh().finally(() => setRefreshing(false));
  };

  return (
    <header className="app-header" data-testid="header">
      <div className="app-header__bar">
        {headerLeft(pathname) === 'logo' ? (
          <img
            className="app-header__logo"
            src={site.img(bundle.site.theme.logo)}
            alt={bundle.site.theme.logoAlt}
            height={28}
            data-testid="header-logo"
          />
        ) : (
          <button
            type="button"
            className="icon-btn app-header__back"
            aria-label={t('shell.header.back')}
            onClick={goBack}
            data-testid="header-back"
          >
            <IconBack />
          </button>
        )}
        <div className="app-header__actions">
          {session ? (
            <>
              <MemberSummary name={name} balance={balanceView(balance, hidden, refreshing)} />
              <MemberActions />
            </>
          ) : (
            <VisitorActions showRegister={site.flag('DIRECTREG')} />
          )}
          <LanguageSwitcher />
          <button
            type="button"
            className="icon-btn"
            aria-label={t('shell.header.menu')}
            aria-haspopup="dialog"
            aria-expanded={menuOpen}
            onPointerDown={() => void loadMenu()}
            onFocus={() => void loadMenu()}
            onClick={() => {
              setMenuUsed(true);
              setMenuOpen(true);
            }}
            data-testid="menu-button"
          >
            <IconMenu />
          </button>
        </div>
      </div>
      {/* On its own row: beside the back arrow and the header actions it would have no room at 320-390 px. */}
      {titleKey && (
        <div className="app-header__title" data-testid="header-title">
          {t(titleKey)}
        </div>
      )}
      {menuUsed && (
        // One boundary for both, mounted together from the first opening: signing out closes the menu
        // and opens the question in the same commit, so the question's focus lands after the menu's.
        <Suspense fallback={null}>
          <Menu
            open={menuOpen}
            onClose={() => setMenuOpen(false)}
            loggedIn={session !== null}
            showFeedback={site.flag('FEEDBACK3')}
            balanceHidden={hidden}
            siteName={bundle.site.name}
            onRefreshBalance={refreshBalance}
            onToggleBalance={() => balanceHiddenFlag.toggle()}
            onSignOut={() => {
              setMenuOpen(false);
              signOut.ask();
            }}
          />
          <ConfirmDialog
            open={signOut.confirming}
            title={t('shell.signOut.title')}
            body={t('shell.signOut.body')}
            okLabel={t('shell.signOut.ok')}
            cancelLabel={t('shell.signOut.cancel')}
            onOk={() => void signOut.confirm()}
            onCancel={signOut.cancel}
            testId="sign-out-dialog"
          />
        </Suspense>
      )}
    </header>
  );
}
