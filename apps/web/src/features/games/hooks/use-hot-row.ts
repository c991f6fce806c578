import { useQuery } from '@tanstack/react-query';
import { getHotGames } from '../api/games-api';
import { gamesKeys } from '../api/games-keys';

/** The lobby shows a category's first hot games; the list's hot tab has them all. */
export const HOT_ROW_SIZE = 8;

/** A category's hot games for the lobby's row (one request, the first HOT_ROW_SIZE kept). */
export const useHotRow = (gameType: string, language: string) =>
  useQuery({
    queryKey: gamesKeys.hotRow(gameType, language),
    queryFn: ({ signal }) => getHotGames(gameType, language, signal),
    select: (games) => games.slice(0, HOT_ROW_SIZE),
    staleTime: 5 * 60_000,
  });
