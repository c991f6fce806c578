import { z } from 'zod';
import { DomainError } from '../../lib/domain-error';
import type { Hub88Setup } from './hub88-setup';
import { HUB88_SIGNATURE_HEADER, signHub88 } from './hub88-signature';

/** One game of Hub88's list (the fields we use; Hub88 sends more). */
export const hub88Game = z.looseObject({
  game_code: z.string().min(1).max(100),
  name: z.string().min(1).max(200),
  category: z.string().max(100).nullish(),
  product: z.string().max(100).nullish(),
  enabled: z.boolean(),
  url_thumb: z.string().max(1000).nullish(),
  platforms: z.array(z.string()).nullish(),
  blocked_countries: z.array(z.string()).nullish(),
});
export type Hub88Game = z.infer<typeof hub88Game>;

/** `game/url`'s request (docs.hub88.io, Operator API → Games API). */
export interface Hub88GameUrlRequest {
  user: string;
  token: string;
  sub_partner_id: string;
  operator_id: number;
  game_code: string;
  currency: string;
  country: string;
  platform: 'GPL_MOBILE' | 'GPL_DESKTOP';
  lang: string;
  lobby_url: string;
  ip: string;
}

const unavailable = () => new DomainError('vendor_unavailable', 503, 'This game vendor is not reachable now');

/** Hub88's operator API (games): signed JSON POSTs to `{HUB88_API_URL}/operator/generic/v2/…`. */
export function hub88Api(setup: Hub88Setup, o: { timeoutMs?: number } = {}) {
  async function post(path: string, body: object): Promise<unknown> {
    if (!setup.apiUrl) throw unavailable();
    const raw = JSON.stringify(body);
    let res: Response;
    try {
      res = await fetch(`${setup.apiUrl}/operator/generic/v2/${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [HUB88_SIGNATURE_HEADER]: signHub88(setup.privateKey, raw),
        },
        body: raw,
        signal: AbortSignal.timeout(o.timeoutMs ?? 10_000),
      });
    } catch {
      throw unavailable();
    }
    const json: unknown = await res.json().catch(() => null);
    if (!res.ok || json === null) throw unavailable();
    return json;
  }

  return {
    /** Every game Hub88 offers this operator (enabled or not). */
    async listGames(): Promise<Hub88Game[]> {
      const list = z.array(z.unknown()).safeParse(await post('game/list', { operator_id: setup.operatorId }));
      if (!list.success) throw unavailable();
      // A malformed entry is left out, not the whole list.
      return list.data.flatMap((g) => {
        const p = hub88Game.safeParse(g);
        return p.success ? [p.data] : [];
      });
    },

    /** The game's page for one launch: Hub88's URL, unchanged. */
    async gameUrl(req: Omit<Hub88GameUrlRequest, 'operator_id'>): Promise<string> {
      const r = z
        .object({ url: z.url({ protocol: /^https?$/ }) })
        .safeParse(await post('game/url', { ...req, operator_id: setup.operatorId }));
      if (!r.success) throw unavailable();
      return r.data.url;
    },
  };
}
