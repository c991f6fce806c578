import type { Database } from '../../db/database';
import { DomainError } from '../../lib/domain-error';
import { configureVendorAdapters } from '../game-launch/vendor-adapter';
import { hub88Adapter } from './hub88.adapter';
import { hub88Api } from './hub88-api';
import { syncHub88Catalogue, type CatalogueSync } from './hub88-catalogue';
import type { Hub88Setup } from './hub88-setup';

/** Fetches Hub88's game list and mirrors it into the catalogue (start and the operator's sync call). */
export async function refreshHub88Catalogue(db: Database, setup: Hub88Setup): Promise<CatalogueSync> {
  // Not connected here (no HUB88_* settings and no simulator playing Hub88): the operator's request
  // cannot be met on this server, which is not an outage of Hub88's.
  if (!setup.apiUrl)
    throw new DomainError('vendor_not_connected', 409, 'Hub88 is not connected on this server');
  return syncHub88Catalogue(db, await hub88Api(setup).listGames());
}

/**
 * Connects the app to Hub88 (the real one, or the simulator playing it): launches go through its
 * game/url, and the catalogue is brought up to date now. An unreachable Hub88 at start is logged, not
 * fatal: the site runs without its games until the operator syncs again.
 */
export async function startHub88(
  db: Database,
  setup: Hub88Setup,
  log: (msg: string) => void,
): Promise<CatalogueSync | null> {
  if (!setup.apiUrl) return null;
  configureVendorAdapters(db, [hub88Adapter(setup)]);
  try {
    return await refreshHub88Catalogue(db, setup);
  } catch (err) {
    log(
      `hub88: the game list could not be read at start (${(err as Error).message}); sync again from the console`,
    );
    return null;
  }
}
