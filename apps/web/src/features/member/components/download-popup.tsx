import { useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from '../../../i18n/react';
import type { DownloadLink, ResourceType } from '@panalo/contract/startup';
import { useModal } from '../../../components/ui/use-modal';
import { IconClose } from '../../../components/ui/icons';

const linkOf = (resources: readonly DownloadLink[], type: ResourceType) =>
  resources.find((r) => r.resourceType === type && r.url.length > 0)?.url ?? null;

/** iOS and iPadOS (which says "Macintosh" but has touch). */
export function isIosDevice(userAgent: string, maxTouchPoints: number): boolean {
  return /\b(iPhone|iPad|iPod)\b/.test(userAgent) || (/\bMacintosh\b/.test(userAgent) && maxTouchPoints > 1);
}

export interface DownloadChoice {
  kind: 'ios' | 'profile' | 'android';
  url: string;
}

/** The links this device can use (spec §3 download links): iOS app and profile, or the Android app. */
export function downloadChoices(resources: readonly DownloadLink[], ios: boolean): DownloadChoice[] {
  const pairs: [DownloadChoice['kind'], ResourceType][] = ios
    ? [
        ['ios', 'IOS'],
        ['profile', 'MOBILECONFIG'],
      ]
    : [['android', 'Android']];
  return pairs.flatMap(([kind, type]) => {
    const url = linkOf(resources, type);
    return url ? [{ kind, url }] : [];
  });
}

/**
 * The app-download popup opened by the member centre's download tile (MINE-014, CONTENT-025). Home has
 * its own for its download bar; features do not share components, so this one is a small sheet over the
 * same data (bundle.info.resources). Closes via its mask, its close button or Escape.
 */
export default function DownloadPopup(props: {
  resources: readonly DownloadLink[];
  appName: string;
  iconUrl: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const onMask = useModal(true, panel, props.onClose);
  const ios = isIosDevice(navigator.userAgent, navigator.maxTouchPoints ?? 0);
  const choices = downloadChoices(props.resources, ios);
  return createPortal(
    <div className="mine-sheet" data-testid="mine-download-popup">
      <div className="mine-sheet__mask" onClick={onMask} data-testid="mine-download-mask" />
      <div
        ref={panel}
        className="mine-sheet__panel"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
      >
        <header className="mine-sheet__head">
          {props.iconUrl && (
            <img className="mine-sheet__icon" src={props.iconUrl} alt="" width={40} height={40} />
          )}
          <h2 id={titleId} className="mine-sheet__title">
            {t('member.download.title', { app: props.appName })}
          </h2>
          <button
            type="button"
            className="mine-icon-btn"
            aria-label={t('member.download.close')}
            onClick={props.onClose}
            data-testid="mine-download-close"
          >
            <IconClose />
          </button>
        </header>
        {choices.length > 0 ? (
          <div className="mine-sheet__links">
            {choices.map((c, n) => (
              <a
                key={c.kind}
                className="btn btn--primary"
                href={c.url}
                target="_blank"
                rel="noopener noreferrer"
                data-testid={`mine-download-${c.kind}`}
                {...(n === 0 ? { 'data-autofocus': true } : {})}
              >
                {c.kind === 'ios'
                  ? t('member.download.ios')
                  : c.kind === 'profile'
                    ? t('member.download.profile')
                    : t('member.download.android')}
              </a>
            ))}
          </div>
        ) : (
          <p className="mine-sheet__empty" data-testid="mine-download-none">
            {t('member.download.none')}
          </p>
        )}
      </div>
    </div>,
    document.body,
  );
}
