import type { DownloadLink, ResourceType } from '@panalo/contract/startup';
import type { Platform } from '../lib/platform';
import { iosSupportsPwa } from '../lib/platform';

/** The stored value of hideDownloadBar once the visitor dismissed the bar (CONTENT-017). */
export const DOWNLOAD_BAR_DISMISSED = '1';

export const linkOf = (resources: readonly DownloadLink[], type: ResourceType): string | null =>
  resources.find((r) => r.resourceType === type && r.url.length > 0)?.url ?? null;

/** The links the download popup offers on this platform (iOS: app and profile; others: Android). */
export interface PlatformDownloads {
  appUrl: string | null;
  profileUrl: string | null;
}

export function platformDownloads(resources: readonly DownloadLink[], ios: boolean): PlatformDownloads {
  return ios
    ? { appUrl: linkOf(resources, 'IOS'), profileUrl: linkOf(resources, 'MOBILECONFIG') }
    : { appUrl: linkOf(resources, 'Android'), profileUrl: null };
}

export type DownloadBarHiddenReason =
  | 'dismissed'
  | 'standalone'
  | 'webClipWithoutIosLink'
  | 'iosWithoutPwa'
  | 'nativeApp'
  | 'noLinkForPlatform'
  | 'loginRequired';

export interface DownloadBarInputs {
  /** The stored hideDownloadBar value. */
  hideDownloadBar: string | null;
  platform: Platform;
  resources: readonly DownloadLink[];
  downloadRequiresLogin: boolean;
  hasSession: boolean;
}

/** Every hide rule of spec §4 "Download bar" (CONTENT-017..024); the first that applies wins. */
export function downloadBarHiddenReason(i: DownloadBarInputs): DownloadBarHiddenReason | null {
  const { platform: p } = i;
  const iosLink = linkOf(i.resources, 'IOS');
  if (i.hideDownloadBar === DOWNLOAD_BAR_DISMISSED) return 'dismissed';
  if (p.standalone) return 'standalone';
  if (p.webClip && !iosLink) return 'webClipWithoutIosLink';
  if (p.ios && !iosSupportsPwa(p.ios)) return 'iosWithoutPwa';
  if (p.nativeApp) return 'nativeApp';
  const links = platformDownloads(i.resources, p.ios !== null);
  if (!links.appUrl && !links.profileUrl) return 'noLinkForPlatform';
  if (i.downloadRequiresLogin && !i.hasSession) return 'loginRequired';
  return null;
}

export const downloadBarVisible = (i: DownloadBarInputs) => downloadBarHiddenReason(i) === null;
