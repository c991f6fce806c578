import { useId, useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import type { DownloadLink } from '@panalo/contract/startup';
import type { Platform } from '../lib/platform';
import { platformDownloads } from '../rules/downloads';
import { AddToHomePanel } from './add-to-home-panel';
import { Dialog, DialogHeader } from './dialog';

/**
 * Download popup (CONTENT-015/025/026): the platform's links; on iOS also the add-to-home-screen
 * panel. Closes via its mask or its close button. Exported as default for lazy loading; the member
 * centre's download tile can open the same popup.
 */
export default function DownloadPopup(props: {
  platform: Platform;
  resources: readonly DownloadLink[];
  appName: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const [panel, setPanel] = useState(false);
  const ios = props.platform.ios !== null;
  const links = platformDownloads(props.resources, ios);
  if (panel) {
    return <AddToHomePanel ios={props.platform.ios} resources={props.resources} onClose={props.onClose} />;
  }
  return (
    <Dialog labelledBy={titleId} onClose={props.onClose} testId="download-popup" placement="bottom">
      <DialogHeader
        titleId={titleId}
        title={t('home.download.title', { app: props.appName })}
        onClose={props.onClose}
        closeTestId="download-popup-close"
      />
      <div className="download-popup__links">
        {links.appUrl && (
          <a
            className="btn btn--primary"
            href={links.appUrl}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="download-app-link"
            data-autofocus
          >
            {t(ios ? 'home.download.ios' : 'home.download.android')}
          </a>
        )}
        {ios && !props.platform.standalone && (
          <button
            type="button"
            className="btn download-popup__secondary"
            onClick={() => setPanel(true)}
            data-testid="download-add-to-home"
          >
            {t('home.download.addToHome')}
          </button>
        )}
      </div>
    </Dialog>
  );
}
