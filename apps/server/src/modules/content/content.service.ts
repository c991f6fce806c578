import { findLocale } from '@panalo/contract/locales';
import type {
  ReadableNotices,
  Announcement,
  GameCategory,
  HelpItem,
  HotMatch,
  NoticeItem,
} from '@panalo/contract/content';
import { contentType, execution, gameCategoryCode } from '@panalo/contract/content';
import { notFound } from '../../lib/domain-error';
import { sanitizeContentHtml } from '../../lib/sanitize';
import type { MerchantRow } from '../merchants/merchants.repository';
import { fillFigures, type FiguresByCode } from '../promotions/promotion-figures';
import type { ContentRepository, LangPreference } from './content.repository';

/** The language content is served in: the asked one when the merchant supports it, else its default. */
export function contentLanguage(merchant: MerchantRow, asked: string | undefined): LangPreference {
  const fallback = merchant.default_language;
  const code = asked ? findLocale(asked)?.code : undefined;
  return { lang: code && merchant.languages.includes(code) ? code : fallback, fallback };
}

type AnnouncementRow = Awaited<ReturnType<ContentRepository['announcements']>>[number];

/** Notices newest first, each dated from when it went live (its start), else from when it was written. */
function noticeList(rows: AnnouncementRow[]): NoticeItem[] {
  return rows
    .map((r) => ({ row: r, date: r.starts_at ?? r.created_at }))
    .sort((a, b) => b.date.getTime() - a.date.getTime() || b.row.id - a.row.id)
    .map(({ row, date }) => ({
      id: row.id,
      title: row.title,
      content: sanitizeContentHtml(row.content),
      date: date.toISOString(),
    }));
}

/** The notices a member reads with a read state: agent announcements and site messages. */
export type ReadableKind = 'agent' | 'site';
const READABLE_TYPE: Record<ReadableKind, string> = { agent: 'A', site: 'PL' };

/** Reads the figures of the promotions some texts name (promotions/promotion-figures.ts). */
export type FigureLoader = (merchantId: number, texts: string[]) => Promise<FiguresByCode>;

export function contentService(repo: ContentRepository, figures: FigureLoader) {
  /** Live announcements with the promotion figures their texts name filled in (#49 item 1). */
  const announcementsOf = async (...args: Parameters<ContentRepository['announcements']>) => {
    const rows = await repo.announcements(...args);
    const known = await figures(
      args[0],
      rows.flatMap((r) => [r.title, r.content]),
    );
    return rows.map((r) => ({
      ...r,
      title: fillFigures(r.title, known),
      content: fillFigures(r.content, known),
    }));
  };
  const liveNotices = async (
    merchant: MerchantRow,
    kind: ReadableKind,
    lang: string | undefined,
    now: Date,
  ) =>
    noticeList(
      await announcementsOf(
        merchant.id,
        { types: [READABLE_TYPE[kind]], groupName: 'm_home', platform: 'M', now },
        contentLanguage(merchant, lang),
      ),
    );
  return {
    /** Announcements of the given types and group (spec §7 Content), translated, HTML sanitised. */
    async announcements(
      merchant: MerchantRow,
      q: { types: string[]; groupName: string; platform: string; lang?: string | undefined },
      now: Date,
    ): Promise<Announcement[]> {
      const rows = await announcementsOf(
        merchant.id,
        { types: q.types, groupName: q.groupName, platform: q.platform, now },
        contentLanguage(merchant, q.lang),
      );
      return rows.map((r) => ({
        id: r.id,
        type: contentType.parse(r.type),
        title: r.title,
        content: sanitizeContentHtml(r.content),
        execution: r.execution === null ? null : execution.parse(r.execution),
        promotionType: r.promotion_type,
        url: r.image_url,
        linkUrl: r.link_url,
      }));
    },

    /**
     * The notice page list (contentLobby): player notices and the headline of the home group, newest
     * first. A notice is dated from when it went live (its start), else from when it was written.
     */
    async notices(merchant: MerchantRow, lang: string | undefined, now: Date): Promise<NoticeItem[]> {
      return noticeList(
        await announcementsOf(
          merchant.id,
          { types: ['PL', 'H'], groupName: 'm_home', platform: 'M', now },
          contentLanguage(merchant, lang),
        ),
      );
    },

    /**
     * Notices a member reads with a read state, newest first: agent announcements (type A, spec §7
     * "Agent query": group m_home, answer value.footer.unreadCount) or site messages (/m/message: player
     * notices, type PL), each saying whether this member opened it.
     */
    async readableNotices(
      merchant: MerchantRow,
      kind: ReadableKind,
      memberId: bigint,
      lang: string | undefined,
      now: Date,
    ): Promise<ReadableNotices> {
      const list = await liveNotices(merchant, kind, lang, now);
      const read = await repo.readIds(
        memberId,
        list.map((n) => n.id),
      );
      const withRead = list.map((n) => ({ ...n, read: read.has(n.id) }));
      return { list: withRead, footer: { unreadCount: withRead.filter((n) => !n.read).length } };
    },

    /** Marks a live notice of that kind of the merchant opened; answers the unread count left. */
    async readNotice(merchant: MerchantRow, kind: ReadableKind, memberId: bigint, id: number, now: Date) {
      const list = await liveNotices(merchant, kind, undefined, now);
      if (!list.some((n) => n.id === id)) throw notFound();
      await repo.markRead(memberId, id, now);
      const read = await repo.readIds(
        memberId,
        list.map((n) => n.id),
      );
      return { unreadCount: list.filter((n) => !read.has(n.id)).length };
    },

    /** Hot matches from two hours before now (a match in play stays listed), soonest first. */
    async hotMatches(merchant: MerchantRow, now: Date): Promise<HotMatch[]> {
      const rows = await repo.hotMatches(merchant.id, new Date(now.getTime() - 2 * 3600_000));
      return rows.map((r) => ({
        matchTime: r.match_time.toISOString(),
        homeTeam: r.home_team,
        awayTeam: r.away_team,
        homeTeamImageUrl: r.home_team_image_url,
        awayTeamImageUrl: r.away_team_image_url,
        vendor: r.vendor,
        roomId: r.room_id,
        nodeId: r.node_id,
        league: r.league,
      }));
    },

    /** Help centre items of one device (API-033), in the merchant's order. */
    async help(merchant: MerchantRow, device: string, lang: string | undefined): Promise<HelpItem[]> {
      const rows = await repo.helpItems(merchant.id, device, contentLanguage(merchant, lang));
      const known = await figures(
        merchant.id,
        rows.flatMap((r) => [r.title, r.content]),
      );
      return rows.map((r) => ({
        id: r.id,
        title: fillFigures(r.title, known),
        content: sanitizeContentHtml(fillFigures(r.content, known)),
      }));
    },

    /** A content page such as the user agreement; 404 when the merchant has none. */
    async page(merchant: MerchantRow, slug: string, lang: string | undefined) {
      const row = await repo.page(merchant.id, slug, contentLanguage(merchant, lang));
      if (!row) throw notFound();
      const known = await figures(merchant.id, [row.title, row.content]);
      return {
        slug: row.slug,
        title: fillFigures(row.title, known),
        content: sanitizeContentHtml(fillFigures(row.content, known)),
      };
    },

    /** The merchant's enabled game categories; a code this build does not know is left out. */
    async gameCategories(merchant: MerchantRow): Promise<GameCategory[]> {
      const rows = await repo.gameCategories(merchant.id);
      return rows.flatMap((r) => {
        const code = gameCategoryCode.safeParse(r.code);
        return code.success ? [{ code: code.data, iconUrl: r.icon_url }] : [];
      });
    },
  };
}
