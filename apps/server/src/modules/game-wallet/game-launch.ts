import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { randomToken, sha256Hex } from '../../lib/crypto';
import { DomainError } from '../../lib/domain-error';
import { houseKey, ledgerAccount, memberWalletKey } from '../wallet/ledger';
import { bookFor } from '../wallet/wallet.service';
import { gameWalletRepository } from './game-wallet.repository';

/** How long a vendor may use a launch token to authenticate and bet (wins and refunds come later too). */
export const LAUNCH_TOKEN_TTL_MS = 8 * 60 * 60 * 1000;

/**
 * Issues the token a game vendor receives in the launch URL. The member's wallet (play money for a
 * free-trial account) and its house shard are resolved now, so the callbacks need no account lookup.
 */
export async function issueLaunchToken(
  db: Database,
  clock: Clock,
  o: {
    merchantId: number;
    memberId: bigint;
    memberType: number;
    currency: string;
    vendorCode: string;
    /** The game launched; callbacks for another game are refused. Null for a vendor lobby. */
    gameCode?: string | null;
    ttlMs?: number;
  },
): Promise<{ token: string; expiresAt: Date; book: 'real' | 'play' }> {
  const vendor = await gameWalletRepository.vendor(db, o.merchantId, o.vendorCode);
  if (!vendor) throw new DomainError('unknown_vendor', 404, 'Unknown game vendor');
  if (!vendor.enabled) throw new DomainError('vendor_disabled', 403, 'This game vendor is disabled');
  const book = bookFor(o.memberType);
  const wallet = await ledgerAccount(db, memberWalletKey(o.merchantId, o.memberId, o.currency, book));
  const house = await ledgerAccount(db, houseKey(o.merchantId, o.memberId, o.currency, book));
  const token = randomToken();
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + (o.ttlMs ?? LAUNCH_TOKEN_TTL_MS));
  await db
    .insertInto('game_session')
    .values({
      merchant_id: o.merchantId,
      vendor_id: vendor.id,
      member_id: o.memberId,
      token_hash: sha256Hex(token),
      book,
      currency: o.currency,
      game_code: o.gameCode ?? null,
      wallet_account_id: wallet,
      house_account_id: house,
      created_at: now,
      expires_at: expiresAt,
    })
    .execute();
  return { token, expiresAt, book };
}
