import { useId } from 'react';
import { useTranslation } from '../../../i18n/react';
import type { DownloadLink } from '@panalo/contract/startup';
import type { IosVersion } from '../lib/platform';
import { addToHomeTips } from '../rules/add-to-home';
import { Dialog, DialogHeader } from './dialog';

/**
 * Add-to-home-screen panel (CONTENT-027..029): mask, tips, the legacy tip on old iOS, then either the
 * configuration-profile download or the Share → Add to Home Screen steps; a close icon.
 */
export function AddToHomePanel(props: {
  ios: IosVersion | null;
  resources: readonly DownloadLink[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const tips = addToHomeTips(props.ios, props.resources);
  return (
    <Dialog labelledBy={titleId} onClose={props.onClose} testId="add-to-home" placement="bottom">
      <DialogHeader
        titleId={titleId}
        title={t('home.addToHome.title')}
        onClose={props.onClose}
        closeTestId="add-to-home-close"
      />
      <p className="add-home__tip" data-testid="add-to-home-tip">
        {t('home.addToHome.tip')}
      </p>
      {tips.legacyTip && (
        <p className="add-home__legacy" data-testid="add-to-home-legacy">
          {t('home.addToHome.legacy')}
        </p>
      )}
      {tips.action.kind === 'downloadProfile' ? (
        <>
          <a
            className="btn btn--primary home-dialog__action"
            href={tips.action.url}
            data-testid="add-to-home-profile"
            data-autofocus
          >
            {t('home.addToHome.profile')}
          </a>
          <p className="add-home__hint">{t('home.addToHome.profileHint')}</p>
        </>
      ) : (
        <ol className="add-home__steps" data-testid="add-to-home-steps">
          <li>{t('home.addToHome.step1')}</li>
          <li>{t('home.addToHome.step2')}</li>
          <li>{t('home.addToHome.step3')}</li>
        </ol>
      )}
    </Dialog>
  );
}
