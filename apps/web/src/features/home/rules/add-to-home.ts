import type { DownloadLink } from '@panalo/contract/startup';
import type { IosVersion } from '../lib/platform';
import { linkOf } from './downloads';

// The add-to-home-screen panel's rules, apart from the download bar's: they load with the panel.

export type AddToHomeAction = { kind: 'downloadProfile'; url: string } | { kind: 'clickAndAdd' };

export interface AddToHomeTips {
  /** iOS 11 and below, and 12.0/12.1, need the older instructions (CONTENT-028). */
  legacyTip: boolean;
  action: AddToHomeAction;
}

export function needsLegacyTip(ios: IosVersion | null): boolean {
  if (!ios) return false;
  return ios.major <= 11 || (ios.major === 12 && ios.minor <= 1);
}

/** What the add-to-home-screen panel shows (CONTENT-027..029). */
export function addToHomeTips(ios: IosVersion | null, resources: readonly DownloadLink[]): AddToHomeTips {
  const profile = linkOf(resources, 'MOBILECONFIG');
  return {
    legacyTip: needsLegacyTip(ios),
    action: profile ? { kind: 'downloadProfile', url: profile } : { kind: 'clickAndAdd' },
  };
}
