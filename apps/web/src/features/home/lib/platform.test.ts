import { describe, expect, it } from 'vitest';
import {
  detectPlatform,
  iosSupportsPwa,
  isWebClipFlag,
  parseIosVersion,
  type PlatformInputs,
} from './platform';

const UA = {
  iphone14:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 14_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/14.0.3 Mobile/15E148 Safari/604.1',
  iphone11_2:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 11_2 like Mac OS X) AppleWebKit/604.4.7 (KHTML, like Gecko) Version/11.0 Mobile/15C114 Safari/604.1',
  ipad12_1_4:
    'Mozilla/5.0 (iPad; CPU OS 12_1_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.0 Mobile/15E148 Safari/604.1',
  ipadOs:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.5 Safari/605.1.15',
  android:
    'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36',
};

const inputs = (p: Partial<PlatformInputs> = {}): PlatformInputs => ({
  userAgent: UA.android,
  maxTouchPoints: 5,
  displayModeStandalone: false,
  navigatorStandalone: false,
  webClipFlag: null,
  ...p,
});

describe('platform detection', () => {
  it('CONTENT-020 reads the iOS version from iPhone, iPad and iPadOS user agents', () => {
    expect(parseIosVersion(UA.iphone14)).toEqual({ major: 14, minor: 4, patch: 0 });
    expect(parseIosVersion(UA.iphone11_2)).toEqual({ major: 11, minor: 2, patch: 0 });
    expect(parseIosVersion(UA.ipad12_1_4)).toEqual({ major: 12, minor: 1, patch: 4 });
    expect(parseIosVersion(UA.ipadOs, 5)).toEqual({ major: 16, minor: 5, patch: 0 });
    // A real Mac (no touch) and Android are not iOS.
    expect(parseIosVersion(UA.ipadOs, 0)).toBeNull();
    expect(parseIosVersion(UA.android, 5)).toBeNull();
  });

  it('CONTENT-020 iOS supports an installed web app from 11.3', () => {
    expect(iosSupportsPwa({ major: 11, minor: 2, patch: 9 })).toBe(false);
    expect(iosSupportsPwa({ major: 11, minor: 3, patch: 0 })).toBe(true);
    expect(iosSupportsPwa({ major: 10, minor: 9, patch: 0 })).toBe(false);
    expect(iosSupportsPwa({ major: 17, minor: 0, patch: 0 })).toBe(true);
  });

  it('CONTENT-018 standalone from display-mode or navigator.standalone', () => {
    expect(detectPlatform(inputs()).standalone).toBe(false);
    expect(detectPlatform(inputs({ displayModeStandalone: true })).standalone).toBe(true);
    expect(detectPlatform(inputs({ userAgent: UA.iphone14, navigatorStandalone: true })).standalone).toBe(
      true,
    );
  });

  it('CONTENT-019 a web clip is marked by the stored WEBCLIP value', () => {
    expect(detectPlatform(inputs({ webClipFlag: '1' })).webClip).toBe(true);
    expect(detectPlatform(inputs({ webClipFlag: 'true' })).webClip).toBe(true);
    for (const v of [null, '', '0', 'false']) expect(isWebClipFlag(v)).toBe(false);
  });

  it('CONTENT-021 the native app is recognised by the PanaloApp user-agent token', () => {
    expect(detectPlatform(inputs()).nativeApp).toBe(false);
    expect(detectPlatform(inputs({ userAgent: `${UA.android} PanaloApp/2.3.1` })).nativeApp).toBe(true);
  });
});
