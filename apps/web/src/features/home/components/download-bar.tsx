import { lazy, Suspense, useState, type CSSProperties } from 'react';
import { useTranslation } from '../../../i18n/react';
import { useSite } from '../../../app/site';
import { useSession } from '../../../lib/session';
import { storage } from '../../../lib/storage';
import { usePlatform } from '../hooks/use-platform';
import { DOWNLOAD_BAR_DISMISSED, downloadBarVisible, linkOf } from '../rules/downloads';
import { CloseIcon } from './icons';

const DownloadPopup = lazy(() => import('./download-popup'));

/** Merchant colours come from configuration: only plain hex colours reach a style attribute. */
const hexColour = (v: string) => (/^#[0-9a-f]{3,8}$/i.test(v) ? v : undefined);

/**
 * Download bar (CONTENT-015..024): app icon, name and description, a button that opens the download
 * popup, and a dismiss that stores hideDownloadBar=1. Shown only when every rule of spec §4 allows.
 */
export function DownloadBar() {
  const { t } = useTranslation();
  const site = useSite();
  const { bundle } = site;
  const session = useSession();
  const platform = usePlatform();
  const [hideDownloadBar, setHideDownloadBar] = useState(() => storage.get('hideDownloadBar'));
  const [open, setOpen] = useState(false);
  const resources = bundle.info.resources;
  const visible = downloadBarVisible({
    hideDownloadBar,
    platform,
    resources,
    downloadRequiresLogin: bundle.site.downloadRequiresLogin,
    hasSession: session !== null,
  });
  const icon = linkOf(resources, 'AppDownloadIcon');
  const tpl = bundle.info.mobileTemplate;
  const style: CSSProperties = {
    background: hexColour(tpl.app_background),
    color: hexColour(tpl.app_desc_font_color),
  };
  const dismiss = () => {
    storage.set('hideDownloadBar', DOWNLOAD_BAR_DISMISSED);
    setHideDownloadBar(DOWNLOAD_BAR_DISMISSED);
  };

  return (
    <>
      {visible && (
        <aside
          className="download-bar"
          style={style}
          data-testid="download-bar"
          aria-label={t('home.download.label')}
        >
          {icon && (
            <img
              className="download-bar__icon"
              src={site.img(icon)}
              alt=""
              width={40}
              height={40}
              decoding="async"
            />
          )}
          <span className="download-bar__text">
            <strong className="download-bar__name">{bundle.site.appName}</strong>
            <span className="download-bar__desc">{tpl.app_desc}</span>
          </span>
          <button
            type="button"
            className="download-bar__open"
            onClick={() => setOpen(true)}
            data-testid="download-bar-open"
          >
            {t('home.download.open')}
          </button>
          <button
            type="button"
            className="home-icon-btn download-bar__dismiss"
            aria-label={t('home.download.dismiss')}
            onClick={dismiss}
            data-testid="download-bar-dismiss"
          >
            <CloseIcon />
          </button>
        </aside>
      )}
      {open && (
        <Suspense fallback={null}>
          <DownloadPopup
            platform={platform}
            resources={resources}
            appName={bundle.site.appName}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
