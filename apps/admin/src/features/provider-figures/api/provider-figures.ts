import type { z } from 'zod';
import type { brandDay, brandSpan, providerFiguresResponse } from '@panalo/contract/provider';
import { PROVIDER_PATHS } from '@panalo/contract/provider-rules';
import { providerApi } from '../../../lib/provider-api';

export type ProviderFigures = z.infer<typeof providerFiguresResponse>['value'];
/** One brand's figures of one of its reporting days. */
export type BrandDay = z.infer<typeof brandDay>;
/** One brand's figures over the whole range, with its name and currency. */
export type BrandSpan = z.infer<typeof brandSpan>;

/**
 * The brands' figures over `from`–`to` (at most `FIGURES_MAX_DAYS` days), per brand and day and per
 * brand over the range; `brand` '' for every brand (`figures`).
 */
export const getProviderFigures = (from: string, to: string, brand: string) =>
  providerApi<ProviderFigures>('GET', PROVIDER_PATHS.figures, { query: { from, to, brand } });
