import { z } from 'zod';
import { ok } from './common';

/** Content types of spec §3: Agent A, Player PL, Banner B, Pop_Up PU, Promotion PR; H = home headline. */
export const contentType = z.enum(['A', 'PL', 'B', 'PU', 'PR', 'H']);
export type ContentType = z.infer<typeof contentType>;
export const execution = z.enum(['A', 'B', 'F']);
export type Execution = z.infer<typeof execution>;
export const platform = z.enum(['M', 'W']);

const lang = z.string().regex(/^[A-Za-z_]{2,8}$/);
const contentTypeList = z
  .string()
  .max(64)
  .transform((s) => s.split(',').filter((x) => x.length > 0))
  .pipe(z.array(contentType).min(1));

export const announcementsQuery = z.object({
  types: contentTypeList,
  groupName: z.string().regex(/^[a-z_]{1,32}$/),
  platform: platform.default('M'),
  lang: lang.optional(),
});
export type AnnouncementsQuery = z.input<typeof announcementsQuery>;

export const announcement = z.object({
  id: z.number(),
  type: contentType,
  title: z.string(),
  content: z.string().describe('sanitised HTML'),
  execution: execution.nullable(),
  promotionType: z.string().nullable(),
  url: z.string().nullable().describe('banner image path (through the image CDN)'),
  linkUrl: z.string().nullable(),
});
export type Announcement = z.infer<typeof announcement>;
export const announcementsResponse = ok(z.array(announcement));

export const noticeQuery = z.object({ lang: lang.optional() });
export const noticeItem = z.object({
  id: z.number(),
  title: z.string(),
  content: z.string(),
  date: z.string(),
});
export type NoticeItem = z.infer<typeof noticeItem>;
export const noticeResponse = ok(z.object({ contentLobby: z.array(noticeItem) }));

/** Notices a member reads (agent announcements, type A, spec §7 "Agent query"; site messages, type PL): each with whether I read it, and the unread count. */
export const readableNoticeItem = noticeItem.extend({ read: z.boolean() });
export type ReadableNoticeItem = z.infer<typeof readableNoticeItem>;
export const readableNoticesResponse = ok(
  z.object({
    list: z.array(readableNoticeItem),
    footer: z.object({ unreadCount: z.number().int() }),
  }),
);
export type ReadableNotices = z.infer<typeof readableNoticesResponse>['value'];
export const noticeIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
export const noticeReadResponse = ok(z.object({ unreadCount: z.number().int() }));

export const hotMatch = z.object({
  matchTime: z.string().describe('ISO 8601'),
  homeTeam: z.string(),
  awayTeam: z.string(),
  homeTeamImageUrl: z.string(),
  awayTeamImageUrl: z.string(),
  vendor: z.string(),
  roomId: z.string(),
  nodeId: z.string(),
  league: z.string(),
});
export type HotMatch = z.infer<typeof hotMatch>;
export const hotMatchResponse = ok(z.array(hotMatch));

export const helpQuery = z.object({
  device: z.enum(['MOBILE', 'WEB']).default('MOBILE'),
  lang: lang.optional(),
});
export const helpItem = z.object({ id: z.number(), title: z.string(), content: z.string() });
export type HelpItem = z.infer<typeof helpItem>;
export const helpResponse = ok(z.array(helpItem));

export const pageParams = z.object({ slug: z.enum(['useragreement']) });
export const pageQuery = z.object({ lang: lang.optional() });
export const contentPage = z.object({ slug: z.string(), title: z.string(), content: z.string() });
export const pageResponse = ok(contentPage);

/** Game categories of spec §1, in the merchant's order (the game list itself is the games module's). */
export const GAME_CATEGORIES = [
  'HOT',
  'SPORTS',
  'ESPORTS',
  'LIVE',
  'FISH',
  'RNG',
  'PVP',
  'INHOUSE',
  'COCKFIGHT',
  'LOTT',
] as const;
export const gameCategoryCode = z.enum(GAME_CATEGORIES);
export type GameCategoryCode = z.infer<typeof gameCategoryCode>;
export const gameCategory = z.object({ code: gameCategoryCode, iconUrl: z.string() });
export type GameCategory = z.infer<typeof gameCategory>;
export const gameCategoriesResponse = ok(z.array(gameCategory));
