import type { TestApp } from '../../test-support/test-app';

export type Ok<T> = { success: true; value: T };
export type Err = { success: false; code: string; message: string };

type Texts = Partial<Record<string, { title: string; content: string }>>;

/** GET through the real HTTP stack; `as` picks the merchant by Host (default) or by the Merchant header. */
export function getter(t: TestApp) {
  return <T>(url: string, as: { host?: string; merchant?: string } = {}) =>
    t.request<T>({
      method: 'GET',
      url,
      headers: { host: as.host ?? 'localhost', ...(as.merchant ? { merchant: as.merchant } : {}) },
    });
}

export async function merchantId(t: TestApp, code: string): Promise<number> {
  const row = await t.ctx.db
    .selectFrom('merchant')
    .select('id')
    .where('code', '=', code)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Writes an announcement straight into the tables (as an operator tool would), with the given translations. */
export async function insertAnnouncement(
  t: TestApp,
  code: string,
  a: {
    type?: string;
    group?: string;
    platform?: string;
    startsAt?: Date | null;
    endsAt?: Date | null;
    createdAt?: Date;
    sort?: number;
    texts: Texts;
    /** Writes the translations under another merchant (a corrupt row the queries must not show). */
    i18nMerchant?: string;
  },
): Promise<number> {
  const mid = await merchantId(t, code);
  const { id } = await t.ctx.db
    .insertInto('announcement')
    .values({
      merchant_id: mid,
      type: a.type ?? 'PL',
      group_name: a.group ?? 'm_home',
      platform: a.platform ?? 'ALL',
      starts_at: a.startsAt ?? null,
      ends_at: a.endsAt ?? null,
      sort: a.sort ?? 100,
      // Written well before the test clock's now, so that it never displaces the seeded newest notice.
      created_at: a.createdAt ?? new Date(t.clock.now().getTime() - 30 * 86_400_000),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const i18nMid = a.i18nMerchant ? await merchantId(t, a.i18nMerchant) : mid;
  const rows = Object.entries(a.texts).flatMap(([lang, text]) =>
    text ? [{ announcement_id: id, merchant_id: i18nMid, lang, ...text }] : [],
  );
  if (rows.length > 0) await t.ctx.db.insertInto('announcement_i18n').values(rows).execute();
  return id;
}

export async function insertHelpItem(
  t: TestApp,
  code: string,
  texts: Texts,
  opts: { device?: string; sort?: number } = {},
): Promise<number> {
  const mid = await merchantId(t, code);
  const { id } = await t.ctx.db
    .insertInto('help_item')
    .values({ merchant_id: mid, device: opts.device ?? 'MOBILE', sort: opts.sort ?? 100 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const rows = Object.entries(texts).flatMap(([lang, text]) =>
    text ? [{ help_item_id: id, merchant_id: mid, lang, ...text }] : [],
  );
  if (rows.length > 0) await t.ctx.db.insertInto('help_item_i18n').values(rows).execute();
  return id;
}

export async function insertHotMatch(
  t: TestApp,
  code: string,
  m: { home: string; away: string; at: Date; league?: string },
): Promise<void> {
  await t.ctx.db
    .insertInto('hot_match')
    .values({
      merchant_id: await merchantId(t, code),
      league: m.league ?? 'Test League',
      home_team: m.home,
      away_team: m.away,
      home_team_image_url: 'teams/x.svg',
      away_team_image_url: 'teams/y.svg',
      match_time: m.at,
      vendor: 'SABA',
      room_id: 'r',
      node_id: 'n',
      sort: 0,
    })
    .execute();
}

export const text = (title: string, content = `<p>${title}</p>`) => ({ title, content });
