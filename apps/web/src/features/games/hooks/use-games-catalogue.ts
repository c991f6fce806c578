import { useQuery } from '@tanstack/react-query';
import { getGameTypes, getVendorConfig, getVendors } from '../api/games-api';
import { gamesKeys } from '../api/games-keys';

const LONG = 5 * 60_000;

/** The category's vendors (for the strip, the drawer and tile logos). */
export const useVendors = (gameType: string) =>
  useQuery({
    queryKey: gamesKeys.vendors(gameType),
    queryFn: ({ signal }) => getVendors(gameType, signal),
    staleTime: LONG,
  });

/** Vendor classifications of the category, named in the current language. */
export const useGameTypes = (gameType: string, language: string) =>
  useQuery({
    queryKey: gamesKeys.types(gameType, language),
    queryFn: ({ signal }) => getGameTypes(gameType, language, signal),
    staleTime: LONG,
  });

/** The merchant's categories in order (for the drawer's other-games section). */
export const useCategories = (enabled: boolean) =>
  useQuery({
    queryKey: gamesKeys.vendorConfig(),
    queryFn: ({ signal }) => getVendorConfig(signal),
    select: (c) => c.sorting.map((s) => s.gameCategory),
    staleTime: LONG,
    enabled,
  });
