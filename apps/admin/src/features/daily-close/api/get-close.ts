import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DailyClose } from '@panalo/contract/daily-close';
import { api } from '../../../lib/api';
import { dailyCloseKeys } from './keys';

export type { DailyClose };

/** GET /ops/daily-close/:day: one closed day with its sheet (404 `close_none` when not closed yet). */
export const getClose = (day: string) =>
  api<DailyClose>('GET', `/ops/daily-close/${encodeURIComponent(day)}`);

export const closeQueryOptions = (day: string) =>
  queryOptions({ queryKey: dailyCloseKeys.day(day), queryFn: () => getClose(day) });

/** One closed day's sheet; not asked for an address that names no day (`enabled`). */
export const useClose = (day: string, enabled: boolean) => useQuery({ ...closeQueryOptions(day), enabled });
