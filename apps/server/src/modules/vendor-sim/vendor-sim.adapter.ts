import type { VendorAdapter } from '../game-launch/vendor-adapter';

/**
 * Our side of the vendor simulator: its launch address is `<sim>/games/<gameCode>` with the wallet
 * token, the operator (merchant) to call back, the language, the way back and what the game is.
 */
export function vendorSimAdapter(o: { simulatorUrl: string; code?: string }): VendorAdapter {
  const base = o.simulatorUrl.replace(/\/+$/, '');
  return {
    code: o.code ?? 'PSIM',
    async launch(game, member, language, _device, backUrl) {
      const q = new URLSearchParams({
        token: member.token,
        merchant: member.merchantCode,
        lang: language,
        back: backUrl,
        type: game.gameType,
        name: game.name,
        currency: member.currency,
        min: game.minBet,
      });
      return `${base}/games/${encodeURIComponent(game.gameCode)}?${q.toString()}`;
    },
  };
}
