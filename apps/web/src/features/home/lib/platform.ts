import { storage } from '../../../lib/storage';

/**
 * The native app shell adds this token to its user agent. The spec only says "inside the native app"
 * (CONTENT-021); the token is our contract with the app build.
 */
export const NATIVE_APP_UA_TOKEN = 'PanaloApp';

/** The first iOS release whose Safari can install a web app to the home screen (service workers, manifest). */
export const IOS_PWA_MIN: IosVersion = { major: 11, minor: 3, patch: 0 };

export interface IosVersion {
  major: number;
  minor: number;
  patch: number;
}

export interface Platform {
  /** iOS / iPadOS version, or null on any other system. */
  ios: IosVersion | null;
  /** Running as an installed web app (PWA). */
  standalone: boolean;
  /** Started from an iOS web clip (configuration-profile shortcut). */
  webClip: boolean;
  /** Running inside the native app shell. */
  nativeApp: boolean;
}

/** What the browser tells us; injected so the rules are tested without a browser. */
export interface PlatformInputs {
  userAgent: string;
  maxTouchPoints: number;
  /** matchMedia('(display-mode: standalone)').matches */
  displayModeStandalone: boolean;
  /** Safari's non-standard navigator.standalone */
  navigatorStandalone: boolean;
  /** The stored WEBCLIP value. */
  webClipFlag: string | null;
}

const num = (s: string | undefined) => (s ? Number.parseInt(s, 10) : 0);

/** iOS version from the user agent; iPadOS 13+ says "Macintosh", so touch support decides there. */
export function parseIosVersion(userAgent: string, maxTouchPoints = 0): IosVersion | null {
  const ios = /\b(?:iPhone|iPad|iPod)\b.*?\bOS (\d+)[_.](\d+)(?:[_.](\d+))?/.exec(userAgent);
  if (ios) return { major: num(ios[1]), minor: num(ios[2]), patch: num(ios[3]) };
  if (/\bMacintosh\b/.test(userAgent) && maxTouchPoints > 1) {
    const v = /\bVersion\/(\d+)(?:\.(\d+))?(?:\.(\d+))?/.exec(userAgent);
    return v ? { major: num(v[1]), minor: num(v[2]), patch: num(v[3]) } : { major: 13, minor: 0, patch: 0 };
  }
  return null;
}

export function compareVersion(a: IosVersion, b: IosVersion): number {
  return a.major - b.major || a.minor - b.minor || a.patch - b.patch;
}

export function iosSupportsPwa(v: IosVersion): boolean {
  return compareVersion(v, IOS_PWA_MIN) >= 0;
}

/** Any stored WEBCLIP value other than empty, '0' or 'false' marks a web-clip start. */
export function isWebClipFlag(value: string | null): boolean {
  return value !== null && value !== '' && value !== '0' && value !== 'false';
}

export function detectPlatform(i: PlatformInputs): Platform {
  return {
    ios: parseIosVersion(i.userAgent, i.maxTouchPoints),
    standalone: i.displayModeStandalone || i.navigatorStandalone,
    webClip: isWebClipFlag(i.webClipFlag),
    nativeApp: i.userAgent.includes(NATIVE_APP_UA_TOKEN),
  };
}

/** Reads the inputs from the live browser. */
export function browserPlatformInputs(): PlatformInputs {
  const nav = navigator as Navigator & { standalone?: boolean };
  let displayModeStandalone: boolean;
  try {
    displayModeStandalone = window.matchMedia('(display-mode: standalone)').matches;
  } catch {
    displayModeStandalone = false; // very old browsers without matchMedia
  }
  return {
    userAgent: nav.userAgent,
    maxTouchPoints: nav.maxTouchPoints ?? 0,
    displayModeStandalone,
    navigatorStandalone: nav.standalone === true,
    webClipFlag: storage.get('WEBCLIP'),
  };
}
