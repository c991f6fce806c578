import { describe, expect, it } from 'vitest';
import type { DownloadLink } from '@panalo/contract/startup';
import type { Platform } from '../lib/platform';
import { addToHomeTips } from './add-to-home';
import { downloadBarHiddenReason, platformDownloads, type DownloadBarInputs } from './downloads';

const android: Platform = { ios: null, standalone: false, webClip: false, nativeApp: false };
const ios = (major: number, minor = 0): Platform => ({ ...android, ios: { major, minor, patch: 0 } });
const link = (resourceType: DownloadLink['resourceType'], url = `/dl/${resourceType}`): DownloadLink => ({
  resourceType,
  url,
});
const all = [link('IOS'), link('Android'), link('MOBILECONFIG'), link('AppDownloadIcon')];

const bar = (p: Partial<DownloadBarInputs> = {}): DownloadBarInputs => ({
  hideDownloadBar: null,
  platform: android,
  resources: all,
  downloadRequiresLogin: false,
  hasSession: false,
  ...p,
});

describe('download bar visibility', () => {
  it('CONTENT-017 shown by default, hidden once hideDownloadBar=1 is stored', () => {
    expect(downloadBarHiddenReason(bar())).toBeNull();
    expect(downloadBarHiddenReason(bar({ hideDownloadBar: '1' }))).toBe('dismissed');
    expect(downloadBarHiddenReason(bar({ hideDownloadBar: '0' }))).toBeNull();
  });

  it('CONTENT-018 hidden in an installed web app', () => {
    expect(downloadBarHiddenReason(bar({ platform: { ...android, standalone: true } }))).toBe('standalone');
  });

  it('CONTENT-019 hidden in a web clip without an iOS link, shown with one', () => {
    const clip = { ...ios(15), webClip: true };
    expect(downloadBarHiddenReason(bar({ platform: clip, resources: [link('MOBILECONFIG')] }))).toBe(
      'webClipWithoutIosLink',
    );
    expect(downloadBarHiddenReason(bar({ platform: clip, resources: [link('IOS')] }))).toBeNull();
  });

  it('CONTENT-020 hidden on iOS below 11.3', () => {
    expect(downloadBarHiddenReason(bar({ platform: ios(11, 2) }))).toBe('iosWithoutPwa');
    expect(downloadBarHiddenReason(bar({ platform: ios(10) }))).toBe('iosWithoutPwa');
    expect(downloadBarHiddenReason(bar({ platform: ios(11, 3) }))).toBeNull();
  });

  it('CONTENT-021 hidden inside the native app', () => {
    expect(downloadBarHiddenReason(bar({ platform: { ...android, nativeApp: true } }))).toBe('nativeApp');
  });

  it('CONTENT-022 on iOS needs an IOS or MOBILECONFIG link', () => {
    const p = ios(16);
    expect(downloadBarHiddenReason(bar({ platform: p, resources: [link('Android')] }))).toBe(
      'noLinkForPlatform',
    );
    expect(downloadBarHiddenReason(bar({ platform: p, resources: [link('IOS')] }))).toBeNull();
    expect(downloadBarHiddenReason(bar({ platform: p, resources: [link('MOBILECONFIG')] }))).toBeNull();
  });

  it('CONTENT-023 elsewhere needs an Android link', () => {
    expect(
      downloadBarHiddenReason(
        bar({ resources: [link('IOS'), link('MOBILECONFIG'), link('AppDownloadIcon')] }),
      ),
    ).toBe('noLinkForPlatform');
    expect(downloadBarHiddenReason(bar({ resources: [link('Android')] }))).toBeNull();
    expect(downloadBarHiddenReason(bar({ resources: [link('Android', '')] }))).toBe('noLinkForPlatform');
  });

  it('CONTENT-024 when login is required, only with a session', () => {
    expect(downloadBarHiddenReason(bar({ downloadRequiresLogin: true }))).toBe('loginRequired');
    expect(downloadBarHiddenReason(bar({ downloadRequiresLogin: true, hasSession: true }))).toBeNull();
  });

  it('CONTENT-016 the popup offers the platform links by resourceType', () => {
    expect(platformDownloads(all, true)).toEqual({ appUrl: '/dl/IOS', profileUrl: '/dl/MOBILECONFIG' });
    expect(platformDownloads(all, false)).toEqual({ appUrl: '/dl/Android', profileUrl: null });
  });
});

describe('add-to-home-screen panel', () => {
  const v = (major: number, minor: number) => ({ major, minor, patch: 0 });

  it('CONTENT-028 legacy tip on iOS 11 and below and on 12.0/12.1 only', () => {
    for (const old of [v(10, 3), v(11, 0), v(11, 4), v(12, 0), v(12, 1)]) {
      expect(addToHomeTips(old, []).legacyTip).toBe(true);
    }
    for (const current of [v(12, 2), v(13, 0), v(17, 4)]) {
      expect(addToHomeTips(current, []).legacyTip).toBe(false);
    }
    expect(addToHomeTips(null, []).legacyTip).toBe(false);
  });

  it('CONTENT-029 download-profile button with a MOBILECONFIG link, else click-and-add guidance', () => {
    expect(addToHomeTips(v(16, 0), [link('MOBILECONFIG', '/p.mobileconfig')]).action).toEqual({
      kind: 'downloadProfile',
      url: '/p.mobileconfig',
    });
    expect(addToHomeTips(v(16, 0), [link('IOS')]).action).toEqual({ kind: 'clickAndAdd' });
  });
});
