import type { Announcement, Execution } from '@panalo/contract/content';

/*
 * Spec §4 speaks of popup groups A (logged in) and B (anonymous) and §3 gives popups an execution of
 * A, B or F; it never says whether the two are one field. We read them as one: a popup's `execution`
 * is its group, so a first-time-login user's extra "execution F" popups form group F.
 */
export type PopupGroup = Execution;

/** Popup list refresh delay (spec §9, HOME-032). */
export const POPUP_REFRESH_DELAY_MS = 500;
/** Length of the closing animation before show=false is stored (HOME-033). */
export const POPUP_CLOSE_MS = 200;

export interface Viewer {
  loggedIn: boolean;
  firstTimeLogin: boolean;
}

/** HOME-028..030: B for visitors, A for members, plus F on a first-time login. */
export function popupGroupsFor(viewer: Viewer): PopupGroup[] {
  if (!viewer.loggedIn) return ['B'];
  return viewer.firstTimeLogin ? ['A', 'F'] : ['A'];
}

/** The PU announcements of each of the viewer's groups, in server order. */
export function popupsByGroup(
  announcements: readonly Announcement[],
  groups: readonly PopupGroup[],
): Map<PopupGroup, Announcement[]> {
  const out = new Map<PopupGroup, Announcement[]>(groups.map((g) => [g, []]));
  for (const a of announcements) {
    if (a.type !== 'PU' || a.execution === null) continue;
    out.get(a.execution)?.push(a);
  }
  return out;
}

export interface PopupPair {
  title: string;
  content: string;
}

/** What is kept per group under the storage key popupState. */
export interface PopupGroupState {
  list: PopupPair[];
  show: boolean;
}
export type PopupStore = Partial<Record<PopupGroup, PopupGroupState>>;

export const pairsOf = (items: readonly Announcement[]): PopupPair[] =>
  items.map(({ title, content }) => ({ title, content }));

export function samePairs(a: readonly PopupPair[], b: readonly PopupPair[]): boolean {
  return a.length === b.length && a.every((p, i) => p.title === b[i]?.title && p.content === b[i]?.content);
}

/**
 * HOME-031: a group shows again when its list of title/content pairs differs from the stored one;
 * with the same list it keeps its stored show flag (false once closed).
 */
export function refreshGroup(stored: PopupGroupState | undefined, list: PopupPair[]): PopupGroupState {
  if (stored && samePairs(stored.list, list)) return stored;
  return { list, show: list.length > 0 };
}

/** HOME-033: closing stores show=false (and keeps the list it was closed on). */
export const closeGroup = (state: PopupGroupState): PopupGroupState => ({ ...state, show: false });

const isPair = (v: unknown): v is PopupPair =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as PopupPair).title === 'string' &&
  typeof (v as PopupPair).content === 'string';

/** Reads a stored popupState defensively: anything malformed counts as never seen. */
export function parsePopupStore(raw: unknown): PopupStore {
  const out: PopupStore = {};
  if (typeof raw !== 'object' || raw === null) return out;
  for (const g of ['A', 'B', 'F'] as const) {
    const s = (raw as Record<string, unknown>)[g] as Partial<PopupGroupState> | undefined;
    if (s && Array.isArray(s.list) && s.list.every(isPair) && typeof s.show === 'boolean') {
      out[g] = { list: s.list, show: s.show };
    }
  }
  return out;
}

export interface PopupPager {
  index: number;
  canPrev: boolean;
  canNext: boolean;
}

/** HOME-034/035: previous and next page through the popups and stop at the ends. */
export function popupPager(index: number, count: number): PopupPager {
  const i = Math.min(Math.max(0, index), Math.max(0, count - 1));
  return { index: i, canPrev: i > 0, canNext: i < count - 1 };
}

export const turnPage = (index: number, delta: -1 | 1, count: number) =>
  popupPager(index + delta, count).index;
