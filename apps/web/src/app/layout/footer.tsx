import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';
import { Link, useLocation } from 'react-router';
import { useSession } from '../../lib/session';
import { TOAST_MS, toast } from '../../lib/toast';
import { useSite } from '../site';
import { IconGift, IconHome, IconInvite, IconUser, IconWallet } from './icons';
import { pageName } from './rules';

/** Where the invite-friends tab leads (ROLE-007, PROMO-005/006). */
export function inviteTarget(loggedIn: boolean, referralEnabled: boolean): 'login' | 'invite' | 'contact' {
  if (!loggedIn) return 'login';
  return referralEnabled ? 'invite' : 'contact';
}

interface TabProps {
  id: string;
  label: string;
  icon: ReactNode;
  active: boolean;
  badge?: string;
}

function TabBody({ icon, label, badge }: Pick<TabProps, 'icon' | 'label' | 'badge'>) {
  return (
    <>
      <span className="tab__icon">{icon}</span>
      <span className="tab__label">{label}</span>
      {badge && (
        <span className="tab__badge" data-testid="footer-badge">
          {' '}
          {badge}
        </span>
      )}
    </>
  );
}

function TabLink({ to, ...p }: TabProps & { to: string }) {
  return (
    <Link
      className="tab"
      to={to}
      aria-current={p.active ? 'page' : undefined}
      data-testid={`footer-tab-${p.id}`}
    >
      <TabBody icon={p.icon} label={p.label} {...(p.badge ? { badge: p.badge } : {})} />
    </Link>
  );
}

/** The tab bar (SHELL-025/026); `tall` adds room for the home indicator in an iPhone app shell (SHELL-028). */
export function Footer({ tall }: { tall: boolean }) {
  const { t } = useTranslation();
  const { bundle } = useSite();
  const session = useSession();
  const { pathname } = useLocation();
  const page = pageName(pathname);
  const loggedIn = session !== null;
  const invite = inviteTarget(loggedIn, bundle.site.promotions.REFERRAL?.enabled === true);
  const inviteProps: TabProps = {
    id: 'invite',
    label: t('shell.footer.invite'),
    icon: <IconInvite />,
    active: page === 'invitefriends',
  };

  return (
    <footer className={tall ? 'app-footer app-footer--tall' : 'app-footer'} data-testid="footer">
      <nav className="app-footer__tabs" aria-label={t('shell.footer.label')}>
        <TabLink
          id="home"
          to="/m/home"
          label={t('shell.footer.home')}
          icon={<IconHome />}
          active={page === 'home'}
        />
        <TabLink
          id="events"
          to="/m/activity"
          label={t('shell.footer.events')}
          icon={<IconGift />}
          active={page === 'activity'}
        />
        <TabLink
          id="deposit"
          to={loggedIn ? '/m/voucherCenter' : '/m/login'}
          label={t('shell.footer.deposit')}
          icon={<IconWallet />}
          badge={t('shell.footer.depositBadge')}
          active={page === 'vouchercenter'}
        />
        {invite === 'contact' ? (
          <button
            type="button"
            className="tab"
            data-testid="footer-tab-invite"
            onClick={() => void toast.show(t('errors.contact_service'), TOAST_MS.info)}
          >
            <TabBody icon={inviteProps.icon} label={inviteProps.label} />
          </button>
        ) : (
          <TabLink {...inviteProps} to={invite === 'login' ? '/m/login' : '/m/inviteFriends'} />
        )}
        <TabLink
          id="member"
          to="/m/mine"
          label={t('shell.footer.member')}
          icon={<IconUser />}
          active={page === 'mine'}
        />
      </nav>
    </footer>
  );
}
