import { z } from 'zod';
import { DomainError } from '../../lib/domain-error';
import { HUB88_SIGNATURE_HEADER, signHub88 } from '../hub88/hub88-signature';
import type { Hub88Setup } from '../hub88/hub88-setup';
import { HUB88_UNITS_PER_MINOR } from '../hub88/hub88-setup';
import type { PayMongoAccount } from '../payments/paymongo/paymongo.adapter';

// The outside parties' own lists that reconciliation reads (issue 52 items 2 and 3): Hub88's
// Transactions API and PayMongo's payments list. Each call is signed or authenticated as their other
// calls, paged, paced (at most `perSecond` calls a second), and retried with backoff when the party is
// unreachable, answers 5xx or says 429 (its Retry-After honoured); anything else fails the run, which
// its job retries later.

/** One item of an outside list, as staged for comparison (amounts in minor units). */
export interface OutsideItem {
  ref: string;
  /** The item it refers to: Hub88's bet of a win or rollback; PayMongo: our deposit id. */
  ref2: string | null;
  kind: string;
  amount: bigint;
  fee: bigint;
  status: string;
  round: string | null;
  member: string | null;
  at: Date;
}

export interface ListOptions {
  /** Calls a second at most. */
  perSecond?: number;
  /** Attempts of one page before the run fails. */
  attempts?: number;
  timeoutMs?: number;
  /** Backoff's first wait, ms (doubled on each attempt). */
  backoffMs?: number;
}

const unavailable = (who: string, detail: string) =>
  new DomainError('recon_source_unavailable', 503, `${who} could not be read: ${detail}`, { who });
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Calls `fetchPage` paced and retried; answers its JSON. */
function pagedCaller(who: string, o: ListOptions) {
  const gap = 1000 / (o.perSecond ?? 20);
  let last = 0;
  return async (call: () => Promise<Response>): Promise<unknown> => {
    let detail = '';
    for (let attempt = 0; attempt < (o.attempts ?? 5); attempt++) {
      const wait = last + gap - Date.now();
      if (wait > 0) await sleep(wait);
      last = Date.now();
      let res: Response;
      try {
        res = await call();
      } catch (err) {
        detail = (err as Error).message;
        await sleep((o.backoffMs ?? 200) * 2 ** attempt);
        continue;
      }
      if (res.status === 429 || res.status >= 500) {
        detail = `HTTP ${res.status}`;
        const retryAfter = Number(res.headers.get('retry-after'));
        await res.body?.cancel();
        await sleep(
          Number.isFinite(retryAfter) && retryAfter > 0
            ? retryAfter * 1000
            : (o.backoffMs ?? 200) * 2 ** attempt,
        );
        continue;
      }
      const json: unknown = await res.json().catch(() => null);
      if (!res.ok || json === null) throw unavailable(who, `HTTP ${res.status}`);
      return json;
    }
    throw unavailable(who, detail);
  };
}

/** One item of Hub88's list (the fields we read). */
interface Hub88Item {
  transaction_uuid: string;
  reference_transaction_uuid?: string | null;
  type: string;
  user?: string | null;
  round?: string | null;
  amount?: number | null;
  status: string;
  created_at: string;
}
const str = (v: unknown, max: number) => typeof v === 'string' && v.length <= max;
const optStr = (v: unknown, max: number) => v === undefined || v === null || str(v, max);
/**
 * Checked by hand, not by a schema: a day's list is millions of items, and this check is most of the
 * reading's cost with one.
 */
function isHub88Item(v: unknown): v is Hub88Item {
  if (typeof v !== 'object' || v === null) return false;
  const t = v as Record<string, unknown>;
  return (
    str(t.transaction_uuid, 100) &&
    (t.transaction_uuid as string).length > 0 &&
    optStr(t.reference_transaction_uuid, 100) &&
    str(t.type, 20) &&
    optStr(t.user, 255) &&
    optStr(t.round, 255) &&
    (t.amount === undefined || t.amount === null || Number.isSafeInteger(t.amount)) &&
    str(t.status, 40) &&
    str(t.created_at, 40)
  );
}
const hub88Page = z.object({ transactions: z.array(z.unknown()), total: z.number().int().nonnegative() });

/** Hub88's time format: ISO 8601 without a zone, read as UTC. */
const hub88Time = (d: Date) => d.toISOString().slice(0, 19);

/**
 * Hub88's Transactions API (`POST {HUB88_API_URL}/operator/generic/v2/transactions/list`, signed as
 * the other operator calls): one brand's (`sub_partner_id`) transactions of [from, to), page by page.
 */
export function hub88Transactions(setup: Hub88Setup, o: ListOptions & { perPage?: number } = {}) {
  const perPage = o.perPage ?? 10_000;
  const caller = pagedCaller('Hub88', o);
  const post = (body: object) =>
    caller(() => {
      if (!setup.apiUrl) throw new Error('not connected');
      const raw = JSON.stringify({ ...body, operator_id: setup.operatorId });
      return fetch(`${setup.apiUrl}/operator/generic/v2/transactions/list`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [HUB88_SIGNATURE_HEADER]: signHub88(setup.privateKey, raw),
        },
        body: raw,
        signal: AbortSignal.timeout(o.timeoutMs ?? 30_000),
      });
    });
  const itemOf = (t: Hub88Item): OutsideItem => {
    const units = BigInt(t.amount ?? 0);
    return {
      ref: t.transaction_uuid,
      ref2: t.reference_transaction_uuid ?? null,
      kind: t.type,
      // Whole centavos (Hub88 never sends less to an operator); a fraction is kept as a difference.
      amount: units / HUB88_UNITS_PER_MINOR,
      fee: units % HUB88_UNITS_PER_MINOR,
      status: t.status,
      round: t.round ?? null,
      member: t.user ?? null,
      at: new Date(Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(t.created_at) ? t.created_at : `${t.created_at}Z`)),
    };
  };
  return {
    /** Every page of the brand's [from, to), each handed to `onPage` before the next is asked for. */
    async list(
      f: { subPartnerId: string; from: Date; to: Date },
      onPage: (items: OutsideItem[]) => Promise<void>,
    ): Promise<{ pages: number; items: number }> {
      let pages = 0;
      let items = 0;
      for (let page = 1; ; page++) {
        const json = await post({
          sub_partner_id: f.subPartnerId,
          start_time: hub88Time(f.from),
          end_time: hub88Time(f.to),
          page,
          per_page: perPage,
        });
        const parsed = hub88Page.safeParse(json);
        if (!parsed.success || !parsed.data.transactions.every(isHub88Item))
          throw unavailable('Hub88', 'an unreadable transactions page');
        const list = parsed.data.transactions.map(itemOf);
        pages += 1;
        items += list.length;
        if (list.length > 0) await onPage(list);
        if (list.length < perPage || items >= parsed.data.total) return { pages, items };
      }
    },

    /** One round's transactions as Hub88 has them (a break's story); null when Hub88 cannot be read. */
    async round(subPartnerId: string, round: string): Promise<OutsideItem[] | null> {
      try {
        const parsed = hub88Page.safeParse(
          await post({ sub_partner_id: subPartnerId, round, page: 1, per_page: 100 }),
        );
        return parsed.success && parsed.data.transactions.every(isHub88Item)
          ? parsed.data.transactions.map(itemOf)
          : null;
      } catch {
        return null;
      }
    },
  };
}

const payment = z.object({
  id: z.string().min(1).max(100),
  attributes: z.object({
    amount: z.number().int(),
    fee: z.number().int().nullish(),
    currency: z.string().max(3),
    status: z.string().max(40),
    external_reference_number: z.string().max(100).nullish(),
    metadata: z.record(z.string(), z.unknown()).nullish(),
    created_at: z.number().int(),
    paid_at: z.number().int().nullish(),
  }),
});
const paymentsPage = z.object({ has_more: z.boolean(), data: z.array(payment) });

/**
 * PayMongo's payments list (`GET /v1/payments`, the secret key by basic auth), newest first, `limit` 100
 * and `after` the last id: read back until the payments are older than `from`.
 */
export function payMongoPayments(account: PayMongoAccount, o: ListOptions = {}) {
  // PayMongo's pages are small (100 payments): it is asked faster than Hub88.
  const caller = pagedCaller('PayMongo', { perSecond: 50, ...o });
  const auth = `Basic ${Buffer.from(`${account.secretKey}:`).toString('base64')}`;
  return {
    async list(
      f: { from: Date; to: Date },
      onPage: (items: OutsideItem[]) => Promise<void>,
    ): Promise<{ pages: number; items: number }> {
      let pages = 0;
      let items = 0;
      let after: string | undefined;
      for (;;) {
        const q = new URLSearchParams({ limit: '100', ...(after ? { after } : {}) });
        const json = await caller(() =>
          fetch(`${account.apiUrl.replace(/\/+$/, '')}/v1/payments?${q.toString()}`, {
            headers: { authorization: auth },
            signal: AbortSignal.timeout(o.timeoutMs ?? 30_000),
          }),
        );
        const parsed = paymentsPage.safeParse(json);
        if (!parsed.success) throw unavailable('PayMongo', 'an unreadable payments page');
        pages += 1;
        const list: OutsideItem[] = [];
        let older = false;
        for (const p of parsed.data.data) {
          const a = p.attributes;
          const at = new Date((a.paid_at ?? a.created_at) * 1000);
          if (at.getTime() < f.from.getTime()) older = true;
          if (at.getTime() < f.from.getTime() || at.getTime() >= f.to.getTime()) continue;
          const reference = a.metadata?.pm_reference_number ?? a.external_reference_number ?? null;
          list.push({
            ref: p.id,
            ref2: typeof reference === 'string' ? reference : null,
            kind: 'payment',
            amount: BigInt(a.amount),
            fee: BigInt(a.fee ?? 0),
            status: a.status,
            round: null,
            member: null,
            at,
          });
        }
        items += list.length;
        if (list.length > 0) await onPage(list);
        const lastId = parsed.data.data.at(-1)?.id;
        if (!parsed.data.has_more || older || !lastId) return { pages, items };
        after = lastId;
      }
    },
  };
}
