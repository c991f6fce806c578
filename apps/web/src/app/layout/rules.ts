/**
 * Shell rules of spec §2 "Layout": which page shows the header and the footer, what the header's left
 * slot and title are, and where its back arrow goes. Pure functions of the location so that they are
 * tested without rendering anything.
 *
 * Pages are named by the single segment after /m/ (e.g. /m/notice is "notice"); the home aliases are
 * "home" and the register aliases are "register". Matching ignores case and a trailing slash, as the
 * router does.
 */

/** Home and its aliases (SHELL-029). */
export const HOME_PATHS = ['/', '/m', '/m/', '/m/index', '/m/index.html', '/m/home'] as const;
/** The register screen and its aliases (SHELL-030). */
export const REGISTER_PATHS = ['/m/register', '/register.html', '/m/register.html'] as const;

export const HOME_ROUTE = '/m/home';

const lower = (list: readonly string[]) => new Set(list.map((p) => p.toLowerCase()));
const home = lower(HOME_PATHS);
const register = lower(REGISTER_PATHS);

/** The page a path shows, as the shell rules name it; null for deeper paths (/m/agent/team/overview). */
export function pageName(pathname: string): string | null {
  const p = pathname.toLowerCase();
  if (home.has(p)) return 'home';
  const trimmed = p.length > 1 ? p.replace(/\/+$/, '') : p;
  if (home.has(trimmed)) return 'home';
  if (register.has(trimmed)) return 'register';
  const m = /^\/m\/([^/]+)$/.exec(trimmed);
  return m?.[1] ?? null;
}

const names = (...n: string[]) => new Set(n.map((x) => x.toLowerCase()));

const HEADERLESS = names('login', 'register', 'mine', 'agent');
const BACK_TO_HOME = names('login', 'register', 'trail', 'notice', 'forget');
const FOOTERLESS = names(
  'login',
  'register',
  'trail',
  'launchGame',
  'changePsw',
  'notice',
  'activity',
  'forget',
  'service',
  'moreLottery',
  'useragreement',
  'maintenance',
  'agent',
);

export function isHomePath(pathname: string): boolean {
  return pageName(pathname) === 'home';
}

/** SHELL-008: no header on login, register, mine and agent. */
export function headerVisible(pathname: string): boolean {
  const name = pageName(pathname);
  return name === null || !HEADERLESS.has(name);
}

/** SHELL-009/010: the logo on home, a back arrow everywhere else. */
export function headerLeft(pathname: string): 'logo' | 'back' {
  return isHomePath(pathname) ? 'logo' : 'back';
}

/**
 * SHELL-011..013: where the back arrow goes. `hasHistory` says whether this tab has an earlier entry of
 * our own app (react-router keeps its index in window.history.state.idx); without one, going back
 * would leave the site, so it goes home instead.
 */
export function backTarget(pathname: string, hasHistory: boolean): { to: string } | 'history' {
  const name = pageName(pathname);
  if (name !== null && BACK_TO_HOME.has(name)) return { to: HOME_ROUTE };
  return hasHistory ? 'history' : { to: HOME_ROUTE };
}

/** Reads react-router's history index: BrowserRouter stores `{ idx }` in each history entry. */
export function hasAppHistory(state: unknown): boolean {
  if (state === null || typeof state !== 'object' || !('idx' in state)) return false;
  const idx = state.idx;
  return typeof idx === 'number' && idx > 0;
}

/** SHELL-027: the footer is hidden on these pages. */
export function footerVisible(pathname: string): boolean {
  const name = pageName(pathname);
  return name === null || !FOOTERLESS.has(name);
}

/**
 * The query that marks the change-password screen as the first password change (after a login with
 * firstTimeLogin): /m/changePsw?first=1.
 */
export const FIRST_PASSWORD_QUERY = 'first';

const TITLES: Record<string, string> = {
  activity: 'shell.title.activity',
  forget: 'shell.title.forget',
  trail: 'shell.title.trail',
  notice: 'shell.title.notice',
  gamecenter: 'shell.title.gameCenter',
  slotscenter: 'shell.title.slotsCenter',
  webemail: 'shell.title.messages',
  message: 'shell.title.messages',
  set: 'shell.title.settings',
  help: 'shell.title.help',
};

/** SHELL-014: the i18n key of the header title for this page, or null when it has none. */
export function headerTitleKey(pathname: string, search = ''): string | null {
  const name = pageName(pathname);
  if (name === null) return null;
  if (name === 'changepsw') {
    return new URLSearchParams(search).get(FIRST_PASSWORD_QUERY) === '1' ? 'shell.title.firstPassword' : null;
  }
  return TITLES[name] ?? null;
}

/** SHELL-028 inputs: read from the browser by `readDeviceShell`, passed in for tests. */
export interface DeviceShell {
  isIOS: boolean;
  /** Running as an app shell: launched from the home screen or a native wrapper (standalone). */
  standalone: boolean;
  screenHeight: number;
}

export const TALL_FOOTER_MIN_SCREEN_HEIGHT = 812;

/** SHELL-028: inside an iPhone app shell with a screen at least 812 high (home indicator) the footer is taller. */
export function tallFooter(d: DeviceShell): boolean {
  return d.isIOS && d.standalone && d.screenHeight >= TALL_FOOTER_MIN_SCREEN_HEIGHT;
}

export function readDeviceShell(w: Window = window): DeviceShell {
  const nav = w.navigator as Navigator & { standalone?: boolean };
  const ua = nav.userAgent;
  // iPadOS reports itself as a Mac; touch points tell them apart.
  const isIOS = /iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && nav.maxTouchPoints > 1);
  const standalone =
    nav.standalone === true ||
    (typeof w.matchMedia === 'function' && w.matchMedia('(display-mode: standalone)').matches);
  return { isIOS, standalone, screenHeight: w.screen.height };
}
