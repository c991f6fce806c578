import type { GameLaunch, GameLaunchReply } from '@panalo/contract/game-launch';
import { isTrialType } from '@panalo/contract/member-types';
import { formatAmount } from '@panalo/contract/money';
import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { DomainError } from '../../lib/domain-error';
import type { MerchantRow } from '../merchants/merchants.repository';
import { issueLaunchToken } from '../game-wallet/game-launch';
import { INHOUSE_WALLET_VENDOR } from '../game-wallet/game-wallet.seed';
import { gamesRepository } from '../games/games.repository';
import { gamesService } from '../games/games.service';
import { gameLaunchRepository } from './game-launch.repository';
import { vendorAdapter } from './vendor-adapter';

export interface LaunchCaller {
  memberId: bigint;
  username: string;
  memberType: number;
  /** The member's address (a vendor may ask for it). */
  ip: string;
}

/**
 * Where the vendor's back button leads: a path of this site (never //host, a scheme or a backslash
 * trick) made absolute on the origin the member came in on; else the game list of the category.
 */
export function backUrlOf(origin: string, asked: string, category: string): string {
  const safe =
    asked.startsWith('/') && !asked.startsWith('//') && !asked.includes('\\') && !/[\s<>"]/.test(asked);
  return `${origin}${safe ? asked : `/m/gameList?gameType=${encodeURIComponent(category)}`}`;
}

const unknownGame = () => new DomainError('unknown_game', 404, 'Unknown game');

/** The generic game launcher: checks the game for this merchant, issues a wallet token, asks the vendor. */
export function gameLauncher(db: Database, clock: Clock) {
  const repo = gameLaunchRepository(db);
  const catalogue = gamesRepository(db);
  const games = gamesService(catalogue, () => clock.now());

  return {
    /** Launches one catalogue game for a member (free-trial accounts with play money). */
    async launch(
      m: MerchantRow,
      caller: LaunchCaller,
      req: GameLaunch,
      origin: string,
    ): Promise<GameLaunchReply> {
      const language = req.language ?? m.default_language;
      const g = await repo.game(m.id, BigInt(req.nodeId), language, m.default_language);
      if (!g || g.vendor_code !== req.vendor || g.game_id !== req.gameId) throw unknownGame();
      if (!g.vendor_enabled || g.vendor_hidden)
        throw new DomainError('vendor_disabled', 403, 'This game vendor is disabled');
      const categories = await catalogue.enabledCategories(m.id);
      if (!g.game_enabled || g.game_hidden || !categories.includes(g.game_type)) throw unknownGame();
      // Lottery and our own games open their own screens (spec §4 routing), not a vendor's page.
      if (g.wallet_vendor_code === null || g.wallet_vendor_code === INHOUSE_WALLET_VENDOR.code)
        throw new DomainError('launch_unsupported', 400, 'This game opens from its own screen');
      if (isTrialType(caller.memberType) && !g.support_play)
        throw new DomainError(
          'trial_play_unsupported',
          403,
          'This game cannot be played with a trial account',
        );
      const adapter = vendorAdapter(db, g.wallet_vendor_code);
      if (!adapter) throw new DomainError('vendor_unavailable', 503, 'This game vendor is not reachable now');

      const { token, book } = await issueLaunchToken(db, clock, {
        merchantId: m.id,
        memberId: caller.memberId,
        memberType: caller.memberType,
        currency: m.currency,
        vendorCode: g.wallet_vendor_code,
        // A vendor whose lobbies switch games within one session gets a token for any of its games.
        gameCode: adapter.launchToken?.anyGame ? null : g.game_id,
        ...(adapter.launchToken?.ttlMs ? { ttlMs: adapter.launchToken.ttlMs } : {}),
      });
      await games.addRecent(m, caller.memberId, g.id.toString(), g.vendor_code);
      const gameUrl = await adapter.launch(
        {
          nodeId: g.id.toString(),
          gameCode: g.game_id,
          vendor: g.vendor_code,
          gameType: g.game_type,
          name: g.name,
          minBet: formatAmount(BigInt(g.min_bet)),
        },
        {
          merchantCode: m.code,
          memberId: caller.memberId,
          username: caller.username,
          currency: m.currency,
          token,
          book,
          ip: caller.ip,
        },
        language,
        req.device,
        backUrlOf(origin, req.backUrl, g.game_type),
      );
      return { gameUrl };
    },
  };
}
