import type { Database } from '../database';
import { agreementSeed } from './content/agreement';
import { announcementSeeds } from './content/announcements';
import { helpSeeds } from './content/help';
import { matchSeeds, teamSlug } from './content/matches';
import { brandOf, SEED_LANGS, type Brand } from './content/types';

const hour = 3_600_000;
const day = 24 * hour;
const quarter = 15 * 60_000;

/** The home's game categories, in menu order, of a brand that names none. */
export const DEFAULT_CATEGORIES = [
  'HOT',
  'LOTT',
  'SPORTS',
  'ESPORTS',
  'LIVE',
  'RNG',
  'FISH',
  'PVP',
  'INHOUSE',
  'COCKFIGHT',
];

const categories: Record<string, string[]> = {
  panalo: DEFAULT_CATEGORIES,
  luzon: ['HOT', 'LIVE', 'RNG', 'PVP', 'LOTT', 'SPORTS'],
};

/**
 * Demo content for one merchant (banners, headline, notices, popups, agent notices, hot matches, help,
 * user agreement, game categories), dated relative to `now`. Called once, inside the transaction that
 * creates the merchant, so a second seed run never duplicates it; a handful of batched inserts keeps it fast.
 */
export async function seedContent(trx: Database, merchantId: number, code: string, now: Date): Promise<void> {
  const brand = brandOf(code);
  const at = (days: number) => new Date(now.getTime() + days * day);

  const announcements = announcementSeeds(brand);
  const inserted = await trx
    .insertInto('announcement')
    .values(
      announcements.map((a, sort) => ({
        merchant_id: merchantId,
        type: a.type,
        group_name: a.group,
        platform: 'ALL',
        execution: a.execution ?? null,
        promotion_type: a.promotionType ?? null,
        image_url: a.image ?? null,
        link_url: a.link ?? null,
        sort,
        starts_at: a.startsInDays === undefined ? null : at(a.startsInDays),
        ends_at: a.endsInDays === undefined ? null : at(a.endsInDays),
        created_at: at(-a.ageDays),
      })),
    )
    .returning(['id', 'sort'])
    .execute();
  await trx
    .insertInto('announcement_i18n')
    .values(
      inserted.flatMap(({ id, sort }) => {
        const texts = announcements[sort]?.texts;
        return texts
          ? SEED_LANGS.map((lang) => ({ announcement_id: id, merchant_id: merchantId, lang, ...texts[lang] }))
          : [];
      }),
    )
    .execute();

  await trx
    .insertInto('hot_match')
    .values(
      matchSeeds.map((m, sort) => ({
        merchant_id: merchantId,
        league: m.league,
        home_team: m.home,
        away_team: m.away,
        home_team_image_url: `teams/${teamSlug(m.home)}.webp`,
        away_team_image_url: `teams/${teamSlug(m.away)}.webp`,
        match_time: new Date(Math.ceil((now.getTime() + m.inHours * hour) / quarter) * quarter),
        vendor: m.vendor,
        room_id: `${code}-room-${sort + 1}`,
        node_id: `match-${sort + 1}`,
        sort,
      })),
    )
    .execute();

  await seedHelpAndAgreement(trx, merchantId, brand);
  await seedGameCategories(trx, merchantId, categories[code] ?? DEFAULT_CATEGORIES);
}

/** The help pages and the user agreement, in every seeded language, written for the brand. */
export async function seedHelpAndAgreement(trx: Database, merchantId: number, brand: Brand): Promise<void> {
  const help = helpSeeds(brand);
  const items = await trx
    .insertInto('help_item')
    .values(help.map((_, sort) => ({ merchant_id: merchantId, device: 'MOBILE', sort })))
    .returning(['id', 'sort'])
    .execute();
  await trx
    .insertInto('help_item_i18n')
    .values(
      items.flatMap(({ id, sort }) => {
        const texts = help[sort];
        return texts
          ? SEED_LANGS.map((lang) => ({ help_item_id: id, merchant_id: merchantId, lang, ...texts[lang] }))
          : [];
      }),
    )
    .execute();

  const agreement = agreementSeed(brand);
  await trx
    .insertInto('content_page')
    .values(
      SEED_LANGS.map((lang) => ({
        merchant_id: merchantId,
        slug: 'useragreement',
        lang,
        ...agreement[lang],
      })),
    )
    .execute();
}

/** The home's game categories, in menu order. */
export async function seedGameCategories(trx: Database, merchantId: number, codes: string[]): Promise<void> {
  await trx
    .insertInto('game_category')
    .values(
      codes.map((c, sort) => ({
        merchant_id: merchantId,
        code: c,
        icon_url: `categories/${c.toLowerCase()}.webp`,
        sort,
        enabled: true,
      })),
    )
    .execute();
}
