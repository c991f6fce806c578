import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import type { WhitelabelFlag } from '@panalo/contract/merchant';
import { useSite } from '../../../app/site';
import { useMemberInfo } from '../../../app/layout/use-member-info';
import { loginUrl } from '../../../components/ui/require-session';
import { useSession } from '../../../lib/session';
import { memberCentreVersion } from '../../../lib/templates';
import { useUnreadCount } from '../../../app/layout/use-unread-count';
import { useKycStatus } from '../../../lib/kyc-status';
import { useKnownRoute } from '../../../app/known-routes';
import { Link } from 'react-router';
import { PROFILE_ROUTE } from '@panalo/contract/profile-rules';
import { useTranslation } from '../../../i18n/react';
import { ListItems, QuickTiles } from '../components/mine-entries';
import { MineHeader } from '../components/mine-header';
import { MineIcon } from '../components/icons';
import { BENEFITS_ROUTE } from '@panalo/contract/promotion-rules';
import { GuestPanel, MemberPanel } from '../components/profile-panel';
import { useEntryOpener } from '../hooks/use-entry-opener';
import { listItems, quickTiles, vipOn, type MineEntry } from '../rules/mine-entries';
import '../member.css';

const DownloadPopup = lazy(() => import('../components/download-popup'));

/**
 * The member centre, /m/mine (spec §2 "Member centre (Mine)"): its own header, the login-or-register
 * panel or the member's panel, quick tiles and the flag-driven list. mobileTemplate mem_cen '1' gives
 * the new layout, anything else the base one (SHELL-054).
 */
export function MineScreen() {
  const site = useSite();
  const { bundle } = site;
  const navigate = useNavigate();
  const current = useSession();
  const { info } = useMemberInfo();
  const kyc = useKycStatus();
  const unread = useUnreadCount();
  const open = useEntryOpener();
  const known = useKnownRoute();
  const { t } = useTranslation();
  const [now] = useState(() => Date.now());
  const [downloadOpen, setDownloadOpen] = useState(false);
  const version = memberCentreVersion(bundle.info.mobileTemplate);

  const inputs = {
    flag: (name: WhitelabelFlag) => site.flag(name),
    promotions: bundle.site.promotions,
    member: current ? { type: info?.type ?? current.type, toUpline: info?.toUpline ?? false } : null,
    // Shown once known, where the merchant offers verification (not to visitors or free-trial accounts).
    kycLevel: kyc.data?.enabled ? kyc.data.level : null,
  };

  // An entry whose screen this build does not have yet is hidden, not a way to the not-found screen.
  const built = (entries: MineEntry[]) => entries.filter((e) => e.to === null || known(e.to));

  const onOpen = (entry: MineEntry) => {
    if (entry.to !== null) {
      open(entry.to);
      return;
    }
    // The download tile (MINE-014, CONTENT-025) opens the popup; a merchant may require a login first.
    if (bundle.site.downloadRequiresLogin && !current) void navigate(loginUrl('/m/mine'));
    else setDownloadOpen(true);
  };

  const icon = bundle.info.resources.find((r) => r.resourceType === 'AppDownloadIcon')?.url;
  return (
    <div className={`mine mine--${version}`} data-testid="mine-screen" data-version={version}>
      <MineHeader />
      <div className="mine__top">
        {current ? (
          <>
            <MemberPanel
              account={info?.account ?? current.userName}
              info={info}
              vip={vipOn(site)}
              now={now}
              benefits={known(BENEFITS_ROUTE)}
            />
            <Link
              className="mine-icon-btn mine-edit-profile"
              to={PROFILE_ROUTE}
              aria-label={t('member.home.editProfile')}
              data-testid="mine-edit-profile"
            >
              <MineIcon name="user" size={20} />
            </Link>
          </>
        ) : (
          <GuestPanel />
        )}
      </div>
      <QuickTiles entries={built(quickTiles(inputs))} version={version} onOpen={onOpen} />
      <ListItems entries={built(listItems(inputs))} version={version} onOpen={onOpen} unread={unread} />
      {downloadOpen && (
        <Suspense fallback={null}>
          <DownloadPopup
            resources={bundle.info.resources}
            appName={bundle.site.appName}
            iconUrl={icon ? site.img(icon) : null}
            onClose={() => setDownloadOpen(false)}
          />
        </Suspense>
      )}
    </div>
  );
}
