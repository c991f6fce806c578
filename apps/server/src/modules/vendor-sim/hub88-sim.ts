import { randomBytes, randomUUID, type KeyObject } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { HUB88_SIGNATURE_HEADER, hub88SignatureValid, signHub88 } from '../hub88/hub88-signature';
import type { Hub88TxSource } from './hub88-transactions-sim';

// The simulator playing Hub88 (issue 21): the operator API's game/list and game/url, signed both ways
// with Hub88's RSA scheme, and the Wallet API calls to the operator that a round makes. Its game pages
// are the simulator's own (the same page as every demo vendor's); only who is called back differs.

/** A Hub88 title of the demo: Hub88's fields, and which of the simulator's engines plays it. */
export interface Hub88Title {
  game_code: string;
  name: string;
  category: string;
  product: string;
  enabled: boolean;
  /** The engine's game type (engines.ts) and the smallest stake (minor units). */
  engineType: string;
  min: bigint;
}

/** Slots, fishing, a live table, sports, e-sports and cockfight, as today's demo vendors; one retired. */
export const HUB88_TITLES: readonly Hub88Title[] = [
  t('h88_golden_carabao', 'Golden Carabao', 'Video Slots', 'RNG'),
  t('h88_island_fortune', 'Island Fortune', 'Video Slots', 'RNG'),
  t('h88_manila_bay_fishing', 'Manila Bay Fishing', 'Fishing', 'FISH'),
  t('h88_live_baccarat', 'Live Baccarat Manila', 'Live Dealer', 'LIVE'),
  t('h88_hoops_sportsbook', 'Hoops Sportsbook', 'Sportsbook', 'SPORTS'),
  t('h88_esports_arena', 'Esports Arena', 'Esports', 'ESPORTS'),
  t('h88_sabong_derby', 'Sabong Derby', 'Cockfighting', 'COCKFIGHT'),
  { ...t('h88_retired_reels', 'Retired Reels', 'Video Slots', 'RNG'), enabled: false },
];

function t(game_code: string, name: string, category: string, engineType: string): Hub88Title {
  return { game_code, name, category, product: 'Panalo Sim Studio', enabled: true, engineType, min: 100n };
}

/** Hub88's keys in the demo: its own private key (signs its calls) and the operator's public key. */
export interface Hub88SimKeys {
  hub88PrivateKey: KeyObject;
  operatorPublicKey: KeyObject;
  operatorId: number;
}

/** What a game/url launch leaves with the simulator: whom to call back, with which wallet token. */
export interface Hub88Launch {
  merchant: string;
  user: string;
  token: string;
  currency: string;
  title: Hub88Title;
}

const gameUrlBody = z.looseObject({
  user: z.string().min(4).max(255),
  token: z.string().min(10).max(255),
  sub_partner_id: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/),
  operator_id: z.number().int(),
  game_code: z.string().min(1).max(100),
  currency: z.string().regex(/^[A-Z]{3}$/),
  country: z.string().regex(/^[A-Z]{2}$/),
  platform: z.enum(['GPL_MOBILE', 'GPL_DESKTOP']),
  lang: z.string().min(2).max(8),
  lobby_url: z.url({ protocol: /^https?$/ }),
  ip: z.string().min(1).max(64),
});

/** The largest page of `transactions/list` the simulator answers. */
export const HUB88_LIST_MAX_PER_PAGE = 10_000;

/** An ISO 8601 time without a zone is read as UTC (Hub88's examples: `2017-11-05T13:15:30`). */
const isoTime = z
  .string()
  .max(40)
  .transform((v, ctx) => {
    const ms = Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(v) ? v : `${v}Z`);
    if (Number.isNaN(ms)) {
      ctx.addIssue({ code: 'custom', message: 'time' });
      return z.NEVER;
    }
    return ms;
  });
const listBody = z.looseObject({
  operator_id: z.number().int(),
  sub_partner_id: z.string().max(32).optional(),
  user: z.string().max(255).optional(),
  round: z.string().min(1).max(255).optional(),
  start_time: isoTime.optional(),
  end_time: isoTime.optional(),
  page: z.number().int().min(1).max(1_000_000).default(1),
  per_page: z.number().int().min(1).max(HUB88_LIST_MAX_PER_PAGE).default(1000),
});
/**
 * Adds Hub88's operator API to the simulator's server: game/list, game/url and transactions/list (each
 * call's signature checked against the operator's public key). A launch's page is the simulator's usual
 * page under a launch id of its own; `launches` keeps what the rounds need. The transactions list is
 * rate-limited (429 past `listPerSecond` calls in a second), as an outside API is.
 */
export function hub88OperatorApi(
  app: FastifyInstance,
  keys: Hub88SimKeys,
  o: {
    simUrl: () => string;
    launches: Map<string, Hub88Launch>;
    maxLaunches: number;
    transactions: () => Hub88TxSource;
    listPerSecond?: number;
  },
) {
  let windowStart = 0;
  let inWindow = 0;
  const raw = new WeakMap<object, Buffer>();
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (req, body, done) => {
      raw.set(req, body as Buffer);
      done(null, undefined);
    });
    const signedBody = (req: object, header: unknown): unknown => {
      const bytes = raw.get(req) ?? Buffer.alloc(0);
      if (
        !hub88SignatureValid(keys.operatorPublicKey, bytes, typeof header === 'string' ? header : undefined)
      )
        return undefined;
      try {
        return JSON.parse(bytes.toString('utf8'));
      } catch {
        return null;
      }
    };

    scope.post('/operator/generic/v2/game/list', async (req, reply) => {
      const body = signedBody(req, req.headers[HUB88_SIGNATURE_HEADER]) as
        { operator_id?: unknown } | undefined;
      if (body === undefined) return reply.status(401).send({ error: 'RS_ERROR_INVALID_SIGNATURE' });
      if (body?.operator_id !== keys.operatorId)
        return reply.status(400).send({ error: 'RS_ERROR_INVALID_PARTNER' });
      return HUB88_TITLES.map((g) => ({
        game_code: g.game_code,
        game_id: g.game_code,
        name: g.name,
        category: g.category,
        product: g.product,
        enabled: g.enabled,
        platforms: ['GPL_DESKTOP', 'GPL_MOBILE'],
        blocked_countries: [],
        url_thumb: null,
        url_background: null,
      }));
    });

    scope.post('/operator/generic/v2/transactions/list', async (req, reply) => {
      const body = signedBody(req, req.headers[HUB88_SIGNATURE_HEADER]);
      if (body === undefined) return reply.status(401).send({ error: 'RS_ERROR_INVALID_SIGNATURE' });
      const now = Date.now();
      if (now - windowStart >= 1000) {
        windowStart = now;
        inWindow = 0;
      }
      if (++inWindow > (o.listPerSecond ?? 200))
        return reply.status(429).header('retry-after', '1').send({ error: 'Too many requests' });
      const b = listBody.safeParse(body);
      if (!b.success || b.data.operator_id !== keys.operatorId)
        return reply.status(400).send({ error: 'RS_ERROR_WRONG_SYNTAX' });
      const f = b.data;
      // Either a time range or a round (Hub88's rule since May 2025).
      const ranged = f.start_time !== undefined && f.end_time !== undefined;
      if (!ranged && f.round === undefined) return reply.status(400).send({ error: 'RS_ERROR_WRONG_SYNTAX' });
      const { items, total } = o.transactions().page(
        {
          ...(f.sub_partner_id !== undefined ? { subPartnerId: f.sub_partner_id } : {}),
          ...(f.user !== undefined ? { user: f.user } : {}),
          ...(f.round !== undefined ? { round: f.round } : {}),
          ...(ranged ? { from: f.start_time, to: f.end_time } : {}),
        },
        (f.page - 1) * f.per_page,
        f.per_page,
      );
      return { transactions: items, page: f.page, per_page: f.per_page, total };
    });

    scope.post('/operator/generic/v2/game/url', async (req, reply) => {
      const body = signedBody(req, req.headers[HUB88_SIGNATURE_HEADER]);
      if (body === undefined) return reply.status(401).send({ error: 'RS_ERROR_INVALID_SIGNATURE' });
      const b = gameUrlBody.safeParse(body);
      if (!b.success || b.data.operator_id !== keys.operatorId)
        return reply.status(400).send({ error: 'RS_ERROR_WRONG_SYNTAX' });
      const title = HUB88_TITLES.find((g) => g.game_code === b.data.game_code && g.enabled);
      if (!title) return reply.status(404).send({ error: 'RS_ERROR_INVALID_GAME' });
      const id = randomBytes(16).toString('hex');
      o.launches.set(id, {
        merchant: b.data.sub_partner_id,
        user: b.data.user,
        token: b.data.token,
        currency: b.data.currency,
        title,
      });
      if (o.launches.size > o.maxLaunches) o.launches.delete(o.launches.keys().next().value!);
      const q = new URLSearchParams({
        token: id,
        merchant: b.data.sub_partner_id,
        lang: b.data.lang === 'tl' ? 'TY' : b.data.lang.toUpperCase(),
        back: b.data.lobby_url,
        type: title.engineType,
        name: title.name,
        currency: b.data.currency,
        min: (Number(title.min) / 100).toFixed(2),
      });
      return { url: `${o.simUrl()}/games/${encodeURIComponent(title.game_code)}?${q.toString()}` };
    });
  });
}

/** Hub88's answer to a wallet call; status '' when the operator did not answer (network, timeout, 5xx). */
export interface Hub88WalletReply {
  status: string;
  /** Units × 100,000. */
  balance: number | null;
  currency: string | null;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Hub88 calling the operator's Wallet API: signed JSON to `<api>/api/hub88/…`, the merchant named. */
export function hub88WalletClient(o: { apiBaseUrl: string; hub88PrivateKey: KeyObject; timeoutMs?: number }) {
  const base = o.apiBaseUrl.replace(/\/+$/, '');
  async function call(
    merchant: string,
    path: string,
    body: Record<string, unknown>,
  ): Promise<Hub88WalletReply> {
    const raw = JSON.stringify({ ...body, request_uuid: randomUUID() });
    try {
      const res = await fetch(`${base}/api/hub88/${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          merchant,
          [HUB88_SIGNATURE_HEADER]: signHub88(o.hub88PrivateKey, raw),
        },
        body: raw,
        signal: AbortSignal.timeout(o.timeoutMs ?? 5000),
      });
      if (res.status >= 500) return { status: '', balance: null, currency: null };
      const json = (await res.json()) as { status?: string; balance?: number; currency?: string };
      return { status: json.status ?? '', balance: json.balance ?? null, currency: json.currency ?? null };
    } catch {
      return { status: '', balance: null, currency: null };
    }
  }
  return {
    call,
    /** A call that must land (a win, a rollback): repeated with the same transaction while unanswered. */
    async deliver(merchant: string, path: string, body: Record<string, unknown>, attempts = 4) {
      let a = await call(merchant, path, body);
      for (let i = 1; i < attempts && (a.status === '' || a.status === 'RS_ERROR_UNKNOWN'); i++) {
        await sleep(100 * 2 ** i);
        a = await call(merchant, path, body);
      }
      return a;
    },
  };
}

/** Hub88's statuses in the words the simulator's page knows (vendor-sim.texts.ts). */
export const pageErrorOf = (status: string): string =>
  ({
    RS_ERROR_NOT_ENOUGH_MONEY: 'insufficient_funds',
    RS_ERROR_TOKEN_EXPIRED: 'token_expired',
    RS_ERROR_USER_DISABLED: 'member_disabled',
    RS_ERROR_LIMIT_REACHED: 'play_limit_reached',
    RS_ERROR_INVALID_TOKEN: 'invalid_token',
  })[status] ?? 'refused';

/** Units × 100,000 as a decimal text of the currency (whole centavos: the operator never answers less). */
export const decimalOfUnits = (units: number): string => (units / 100_000).toFixed(2);
