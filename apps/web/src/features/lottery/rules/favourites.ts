import { storage } from '../../../lib/storage';

/**
 * Lottery favourites live on the device under LOTTFAV (spec §3, LOTT-014): a map from userName to that
 * user's gameIds, the most recently added first.
 */
export type LottFav = Record<string, string[]>;

function isLottFav(v: unknown): v is LottFav {
  return (
    v !== null &&
    typeof v === 'object' &&
    !Array.isArray(v) &&
    Object.values(v).every((ids) => Array.isArray(ids) && ids.every((id) => typeof id === 'string'))
  );
}

/** The whole map; anything malformed counts as empty. */
export function readLottFav(): LottFav {
  const v = storage.getJson<unknown>('LOTTFAV');
  return isLottFav(v) ? v : {};
}

/** One user's favourite gameIds, most recently added first. */
export const favouritesOf = (map: LottFav, userName: string): string[] => map[userName] ?? [];

/** Adds (at the front: most recent first) or removes one gameId for one user; other users are kept. */
export function toggled(map: LottFav, userName: string, gameId: string): LottFav {
  const ids = favouritesOf(map, userName);
  const next = ids.includes(gameId) ? ids.filter((i) => i !== gameId) : [gameId, ...ids];
  return { ...map, [userName]: next };
}

const listeners = new Set<() => void>();

export const lottFavStore = {
  read: readLottFav,
  toggle: (userName: string, gameId: string): void => {
    storage.setJson('LOTTFAV', toggled(readLottFav(), userName, gameId));
    listeners.forEach((l) => l());
  },
  subscribe: (l: () => void): (() => void) => {
    listeners.add(l);
    return () => listeners.delete(l);
  },
};
