import type { z } from 'zod';
import { CATALOGUE_OPS_PATHS, type GameShownFilter } from '@panalo/contract/catalogue-rules';
import type {
  OpsGame,
  opsGamesResponse,
  OpsGameUpdate,
  OpsVendor,
  OpsVendorUpdate,
} from '@panalo/contract/games-ops';
import { api } from '../../../lib/api';

export type GamePage = z.infer<typeof opsGamesResponse>['value'];

/** The Hub88 sync's answer: its schema is the route's own (hub88-ops.routes.ts), not in the contract. */
export interface SyncResult {
  enabled: number;
  disabled: number;
}

export const PAGE_SIZE = 20;
const gamePath = (id: string) => CATALOGUE_OPS_PATHS.game.replace(':id', encodeURIComponent(id));
const vendorPath = (code: string) => CATALOGUE_OPS_PATHS.vendor.replace(':code', encodeURIComponent(code));

export const listGames = (page: number, filters: { vendor: string; q: string; show: GameShownFilter }) =>
  api<GamePage>('GET', CATALOGUE_OPS_PATHS.games, {
    query: { vendor: filters.vendor, q: filters.q, show: filters.show, page, pageSize: PAGE_SIZE },
  });

/** A game's settings on this site (null: the catalogue's own). */
export const saveGame = (id: string, body: OpsGameUpdate) => api<OpsGame>('PUT', gamePath(id), { body });

export const listVendors = () => api<OpsVendor[]>('GET', CATALOGUE_OPS_PATHS.vendors);

export const saveVendor = (code: string, body: OpsVendorUpdate) =>
  api<OpsVendor>('PUT', vendorPath(code), { body });

/** Reads Hub88's game list again now (one Idempotency-Key per intent). */
export const syncHub88 = (idempotencyKey: string) =>
  api<SyncResult>('POST', '/ops/vendors/HUB88/sync', { idempotencyKey });
