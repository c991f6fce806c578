import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Announcement } from '@panalo/contract/content';
import { storage } from '../../../lib/storage';
import {
  closeGroup,
  pairsOf,
  parsePopupStore,
  popupGroupsFor,
  popupsByGroup,
  POPUP_REFRESH_DELAY_MS,
  refreshGroup,
  type PopupGroup,
  type PopupGroupState,
  type PopupStore,
  type Viewer,
} from '../rules/popups';

const loadStore = () => parsePopupStore(storage.getJson('popupState'));

/**
 * The popups to show now (HOME-027..033). The list is taken 500 ms after the announcements arrive;
 * each of the viewer's groups is compared with what popupState remembers; `close` stores show=false.
 */
export function usePopupAnnouncements(announcements: readonly Announcement[] | undefined, viewer: Viewer) {
  const [list, setList] = useState<readonly Announcement[] | null>(null);
  const [store, setStore] = useState<PopupStore>(loadStore);

  useEffect(() => {
    if (!announcements) return;
    const timer = setTimeout(() => setList(announcements), POPUP_REFRESH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [announcements]);

  const { loggedIn, firstTimeLogin } = viewer;
  const groups = useMemo(() => popupGroupsFor({ loggedIn, firstTimeLogin }), [loggedIn, firstTimeLogin]);
  const byGroup = useMemo(() => popupsByGroup(list ?? [], groups), [list, groups]);
  const refreshed = useMemo(() => {
    const out = new Map<PopupGroup, PopupGroupState>();
    if (list === null) return out;
    for (const [g, items] of byGroup) {
      if (items.length > 0) out.set(g, refreshGroup(store[g], pairsOf(items)));
    }
    return out;
  }, [list, byGroup, store]);

  // Remember the lists now on screen, so that the same list stays closed after a reload (HOME-031).
  useEffect(() => {
    if (refreshed.size === 0) return;
    storage.setJson('popupState', { ...loadStore(), ...Object.fromEntries(refreshed) });
  }, [refreshed]);

  const shownGroups = useMemo(() => [...refreshed].filter(([, s]) => s.show).map(([g]) => g), [refreshed]);
  const items = useMemo(() => shownGroups.flatMap((g) => byGroup.get(g) ?? []), [shownGroups, byGroup]);

  const close = useCallback(() => {
    const next: PopupStore = { ...loadStore() };
    for (const g of shownGroups) {
      const s = refreshed.get(g);
      if (s) next[g] = closeGroup(s);
    }
    storage.setJson('popupState', next);
    setStore(next);
  }, [shownGroups, refreshed]);

  return { items, close };
}
