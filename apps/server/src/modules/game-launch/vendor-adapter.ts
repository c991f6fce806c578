import type { Database } from '../../db/database';

/** The catalogue game being launched, as a vendor needs it. */
export interface LaunchGame {
  nodeId: string;
  /** The vendor's own code of the game (catalogue game_id); wallet callbacks carry it as gameCode. */
  gameCode: string;
  /** Catalogue vendor (vassalage) and category (gameType). */
  vendor: string;
  gameType: string;
  name: string;
  /** The smallest stake the catalogue allows for this game (decimal string). */
  minBet: string;
}

/** Who plays: the launch token the wallet issued for them, and the merchant the vendor must call back. */
export interface LaunchMember {
  merchantCode: string;
  memberId: bigint;
  username: string;
  currency: string;
  token: string;
  book: 'real' | 'play';
  /** The member's address, as the launch request came in. */
  ip: string;
}

/**
 * What every game vendor integration implements (spec §7 "generic game launch"): turn a launch into the
 * address of the vendor's game page. Money never moves here; the vendor calls the game wallet for that.
 */
export interface VendorAdapter {
  /** The seamless-wallet integration code (game_vendor.code, vendor.wallet_vendor_code), e.g. PSIM. */
  readonly code: string;
  /**
   * The wallet token a launch gets: bound to the launched game unless `anyGame` (a vendor whose lobbies
   * switch games within one session: the wallet then checks each game against the catalogue); its
   * lifetime (the wallet's default, 8 h, unless given).
   */
  readonly launchToken?: { anyGame?: boolean; ttlMs?: number };
  launch(
    game: LaunchGame,
    member: LaunchMember,
    language: string,
    device: 'MOBILE' | 'PC',
    backUrl: string,
  ): Promise<string>;
}

// Keyed by the app's database handle, as payment adapters are: each app (a server process or a test's
// app) has its own vendors.
const registries = new WeakMap<Database, Map<string, VendorAdapter>>();

/** Configures (adds or replaces) vendor adapters of the app that uses `db`. */
export function configureVendorAdapters(db: Database, adapters: VendorAdapter[]): void {
  const m = registries.get(db) ?? new Map<string, VendorAdapter>();
  for (const a of adapters) m.set(a.code, a);
  registries.set(db, m);
}

/** The adapter for a wallet integration code, or undefined when it is not running here. */
export function vendorAdapter(db: Database, code: string): VendorAdapter | undefined {
  return registries.get(db)?.get(code);
}
