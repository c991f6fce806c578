import { useCallback, useMemo } from 'react';
import { useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import type { Game } from '@panalo/contract/games';
import { useSession } from '../../../lib/session';
import { favouriteIdsQueryOptions } from '../../../lib/favourite-ids';
import { addFavourite, removeFavourite } from '../api/games-api';
import { favouriteAction, withId, withoutGame, withoutId } from '../rules/favourites';
import type { GamePages } from './use-game-pages';

const EMPTY: readonly string[] = [];

/** Lists that show only favourites: the fav tab, and the all tab with the FAV classification. */
const isFavouritesList = (key: QueryKey): boolean =>
  key[0] === 'games' && (key[1] === 'favourites' || (key[1] === 'list' && key[3] === 'FAV'));

/**
 * The member's favourite ids (strings, GAMES-038) and the heart toggle of spec §4: a visitor goes to
 * /m/login (GAMES-041, ROLE-005); a favourite is removed (GAMES-039), anything else added (GAMES-040).
 */
export function useFavourites() {
  const session = useSession();
  const client = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const user = session?.userName ?? '';
  const idsOptions = useMemo(() => favouriteIdsQueryOptions(user), [user]);
  const idsKey = idsOptions.queryKey;
  const ids = useQuery({ ...idsOptions, enabled: session !== null });
  const list = session ? (ids.data ?? EMPTY) : EMPTY;

  const toggle = useCallback(
    async (game: Game) => {
      const current = client.getQueryData<string[]>(idsKey) ?? [];
      const action = favouriteAction(session !== null, new Set(current), game.nodeId);
      const req = { nodeId: game.nodeId, vendor: game.vassalage };
      if (action === 'login') {
        void navigate(`/m/login?redirect=${encodeURIComponent(location.pathname + location.search)}`);
        return;
      }
      if (action === 'remove') {
        // GAMES-043: the lists change at once; the server's answer then confirms the ids.
        client.setQueryData<string[]>(idsKey, withoutId(current, game.nodeId));
        client.setQueriesData<GamePages>({ predicate: (q) => isFavouritesList(q.queryKey) }, (data) =>
          data
            ? { ...data, pages: data.pages.map((p) => ({ ...p, games: withoutGame(p.games, game.nodeId) })) }
            : data,
        );
      } else {
        client.setQueryData<string[]>(idsKey, withId(current, game.nodeId));
      }
      try {
        const after = await (action === 'remove' ? removeFavourite(req) : addFavourite(req));
        client.setQueryData<string[]>(idsKey, after);
        // An added game belongs in the favourites lists; they load it again when next shown.
        if (action === 'add')
          void client.invalidateQueries({
            predicate: (q) => isFavouritesList(q.queryKey),
            refetchType: 'none',
          });
      } catch {
        void client.invalidateQueries({ queryKey: idsKey });
        void client.invalidateQueries({ predicate: (q) => isFavouritesList(q.queryKey) });
      }
    },
    [client, session, idsKey, navigate, location.pathname, location.search],
  );

  return { ids: list, toggle };
}
