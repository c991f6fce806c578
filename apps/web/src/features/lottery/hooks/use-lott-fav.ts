import { useCallback, useSyncExternalStore } from 'react';
import { favouritesOf, lottFavStore, type LottFav } from '../rules/favourites';

let cached: { raw: LottFav | null; json: string } = { raw: null, json: '' };
// useSyncExternalStore wants the same object while nothing changed: keep the last parse.
function snapshot(): LottFav {
  const value = lottFavStore.read();
  const json = JSON.stringify(value);
  if (cached.raw === null || cached.json !== json) cached = { raw: value, json };
  return cached.raw!;
}

/** The signed-in user's lottery favourites (LOTTFAV) and a toggle; a visitor has none. */
export function useLottFav(userName: string | null): { ids: string[]; toggle: (gameId: string) => void } {
  const map = useSyncExternalStore(lottFavStore.subscribe, snapshot, snapshot);
  const ids = userName ? favouritesOf(map, userName) : [];
  const toggle = useCallback(
    (gameId: string) => {
      if (userName) lottFavStore.toggle(userName, gameId);
    },
    [userName],
  );
  return { ids, toggle };
}
