import type { VendorAdapter } from '../game-launch/vendor-adapter';
import { hub88Api } from './hub88-api';
import { HUB88_VENDOR, hub88User, type Hub88Setup } from './hub88-setup';

/** Hub88's languages are ISO 639-1 lower case; ours are the site's codes (TY is Filipino). */
const langOf = (language: string): string =>
  language.toUpperCase() === 'TY' ? 'tl' : language.slice(0, 2).toLowerCase();

/**
 * Our side of a Hub88 launch: a fresh wallet token (for any Hub88 game, Hub88's lobbies switch games;
 * HUB88_TOKEN_TTL_SECONDS long), then Hub88's `game/url`; the member goes to Hub88's URL unchanged.
 */
export function hub88Adapter(setup: Hub88Setup): VendorAdapter {
  const api = hub88Api(setup);
  return {
    code: HUB88_VENDOR,
    launchToken: { anyGame: true, ttlMs: setup.tokenTtlMs },
    async launch(game, member, language, device, backUrl) {
      return api.gameUrl({
        user: hub88User(member.memberId),
        token: member.token,
        sub_partner_id: member.merchantCode,
        game_code: game.gameCode,
        currency: member.currency,
        country: 'PH',
        platform: device === 'PC' ? 'GPL_DESKTOP' : 'GPL_MOBILE',
        lang: langOf(language),
        lobby_url: backUrl,
        ip: member.ip,
      });
    },
  };
}
