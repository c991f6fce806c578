import { useInfiniteQuery } from '@tanstack/react-query';
import type { GameRecord, GameRecordsReply } from '@panalo/contract/game-records';
import { useSession } from '../../../lib/session';
import type { DateRange } from '../../../lib/date-range';
import { pagedQueryOptions } from '../../../lib/paging';
import { recordsKeys } from './records-keys';

/** GET /api/games/records (the betting record): `gameType` one category or none, `from`/`to` inclusive. */
export const gameRecordsQueryOptions = (
  token: string,
  gameType: string,
  range: DateRange,
  language: string,
) =>
  pagedQueryOptions<GameRecord, GameRecordsReply>(
    recordsKeys.games(token, gameType, range, language),
    '/games/records',
    {
      gameType: gameType === 'ALL' ? undefined : gameType,
      from: range.from,
      to: range.to,
      language,
    },
  );

export function useGameRecords(gameType: string, range: DateRange | null, language: string) {
  const token = useSession()?.token ?? '';
  const r = range ?? { from: '', to: '' };
  return useInfiniteQuery({
    ...gameRecordsQueryOptions(token, gameType, r, language),
    enabled: token !== '' && range !== null,
  });
}
