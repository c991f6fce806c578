import { formatAmount, parseAmount } from '@panalo/contract/money';
import {
  HOT_LIST_LIMIT,
  type CategorySorting,
  type FavouriteRequest,
  type FavouritesReply,
  type Game,
  type GameClassification,
  type GameListFilter,
  type GameListReply,
  type GameVendor,
  type RecentReply,
  type VendorConfig,
} from '@panalo/contract/games';
import type { MerchantRow } from '../merchants/merchants.repository';
import { DomainError } from '../../lib/domain-error';
import { mappingOf, orderCategories, prizeModeOf } from './category-order';
import type { GameFilter, GameRow, GamesRepository, LangPair, ListKind } from './games.repository';
import { searchWords } from './search';
import { own } from '../../lib/own';

export const gameArtUrl = (nodeId: bigint | string) => `/api/games/art/${nodeId.toString()}.svg`;
export const vendorArtUrl = (code: string, large = false) =>
  `/api/games/art/vendors/${code}${large ? '-lg' : ''}.svg`;

const unknownGame = () => new DomainError('unknown_game', 404, 'Unknown game');

export function toGame(r: GameRow): Game {
  return {
    nodeId: r.id.toString(),
    gameName: r.name ?? r.fallback_name,
    nodeName: r.node_name,
    vassalage: r.vendor_code,
    gameType: r.game_type,
    gameId: r.game_id,
    roomId: r.room_id,
    showIcon: r.show_icon,
    iconUrl: r.icon_url ?? gameArtUrl(r.id),
    supportPlay: r.support_play,
    gameClassifyNew: r.classify,
    minBet: formatAmount(r.min_bet),
    lines: r.lines,
    isNew: r.is_new,
    hot: r.hot,
  };
}

const pagesOf = (total: number, size: number) => Math.ceil(total / size);

/** The games catalogue as one merchant shows it: lists, search, vendors and a member's favourites and recents. */
export function gamesService(repo: GamesRepository, now: () => Date) {
  const langOf = (m: MerchantRow, language: string | undefined): LangPair => ({
    lang: language ?? m.default_language,
    fallback: m.default_language,
  });

  /** The categories a list may draw from: the merchant's enabled ones (HOT is a view, not a category). */
  async function categoriesFor(m: MerchantRow, gameType: string | undefined): Promise<string[]> {
    const enabled = (await repo.enabledCategories(m.id)).filter((c) => c !== 'HOT');
    if (gameType === undefined || gameType === 'HOT') return enabled;
    return enabled.includes(gameType) ? [gameType] : [];
  }

  async function page(
    m: MerchantRow,
    f: GameFilter,
    list: ListKind,
    language: string | undefined,
    pageNo: number,
    pageSize: number,
  ) {
    if (f.categories.length === 0) return { games: [], totalPages: 0 };
    const { rows, total } = await repo.page(
      m.id,
      f,
      list,
      langOf(m, language),
      pageSize,
      (pageNo - 1) * pageSize,
    );
    return { games: rows.map(toGame), totalPages: pagesOf(total, pageSize) };
  }

  async function visible(m: MerchantRow, nodeId: string, vendor?: string): Promise<bigint> {
    const found = await repo.visibleGame(m.id, BigInt(nodeId), await categoriesFor(m, undefined), vendor);
    if (!found) throw unknownGame();
    return BigInt(found.id);
  }

  /** Spec §3's vendor config: the merchant's categories in order (spec §4's rule), vendors per category. */
  async function vendorConfig(m: MerchantRow): Promise<VendorConfig> {
    const enabled = await repo.enabledCategories(m.id);
    const listings = await repo.vendorListings(m.id);
    const hot = new Set(
      await repo.hotVendors(
        m.id,
        enabled.filter((c) => c !== 'HOT'),
      ),
    );
    const raw: CategorySorting[] = enabled.map((code) => ({
      gameCategory: code,
      vendorNames: listings
        .filter((l) =>
          code === 'HOT' ? hot.has(l.code) && enabled.includes(l.category) : l.listed_under === code,
        )
        .map((l) => ({ gameType: l.category, vassalage: l.code })),
    }));
    const sorting = orderCategories(raw).filter((c) => enabled.includes(c.gameCategory));
    const mapping = mappingOf(sorting);
    return { sorting, mapping, prizeMode: prizeModeOf(mapping) };
  }

  const idsOf = async (m: MerchantRow, memberId: bigint) =>
    (await repo.favouriteIds(m.id, memberId)).map((id) => id.toString());

  return {
    /** Spec §3's game list: category, vendor, classification, search, minimum bet and lines; 26 a page. */
    async list(m: MerchantRow, memberId: bigint | null, q: GameListFilter): Promise<GameListReply> {
      const f: GameFilter = {
        categories: await categoriesFor(m, q.gameType),
        vendor: q.vassalage,
        hotOnly: q.gameType === 'HOT' || undefined,
        isNew: q.isNew === true ? true : undefined,
        words: searchWords(q.gameName) ?? undefined,
        minLines: q.minLine,
      };
      const minBet = q.minBet === undefined ? null : parseAmount(q.minBet);
      if (minBet !== null && minBet > 0n) f.maxMinBet = minBet;
      let list: ListKind = { kind: 'catalogue' };
      switch (q.gameClassify) {
        case undefined:
        case 'ALL':
          break;
        case 'NEW':
          f.isNew = true;
          break;
        case 'HOT':
          f.hotOnly = true;
          break;
        case 'FAV':
          if (memberId === null)
            throw new DomainError('not_logged_in', 401, 'You are not logged in, please login first');
          list = { kind: 'favourite', memberId };
          break;
        default:
          f.classify = q.gameClassify;
      }
      const r = await page(m, f, list, q.language, q.pageNo, q.pageSize);
      return { games: r.games, pageNum: q.pageNo, totalPages: r.totalPages };
    },

    /** The hot list of one category (or all): a single page. */
    async hot(
      m: MerchantRow,
      q: { gameType?: string | undefined; language?: string | undefined },
    ): Promise<Game[]> {
      const f: GameFilter = { categories: await categoriesFor(m, q.gameType), hotOnly: true };
      return (await page(m, f, { kind: 'catalogue' }, q.language, 1, HOT_LIST_LIMIT)).games;
    },

    async favourites(
      m: MerchantRow,
      memberId: bigint,
      q: { pageNo: number; pageSize: number; gameType?: string | undefined; language?: string | undefined },
    ): Promise<FavouritesReply> {
      const f: GameFilter = { categories: await categoriesFor(m, q.gameType), hotOnly: q.gameType === 'HOT' };
      const r = await page(m, f, { kind: 'favourite', memberId }, q.language, q.pageNo, q.pageSize);
      return { content: r.games, pageNum: q.pageNo, totalPages: r.totalPages };
    },

    favouriteIds: idsOf,

    /** Adds a favourite (a game this merchant shows, of that vendor); an id already present is kept once. */
    async addFavourite(m: MerchantRow, memberId: bigint, req: FavouriteRequest): Promise<string[]> {
      const id = await visible(m, req.nodeId, req.vendor);
      await repo.addFavourite(m.id, memberId, id, now());
      return idsOf(m, memberId);
    },

    async removeFavourite(m: MerchantRow, memberId: bigint, req: FavouriteRequest): Promise<string[]> {
      await repo.removeFavourite(m.id, memberId, BigInt(req.nodeId));
      return idsOf(m, memberId);
    },

    /** Records that the member opened a game (the launcher calls this too). */
    async addRecent(m: MerchantRow, memberId: bigint, nodeId: string, vendor?: string): Promise<void> {
      const id = await visible(m, nodeId, vendor);
      await repo.touchRecent(m.id, memberId, id, now());
    },

    async recent(
      m: MerchantRow,
      memberId: bigint,
      q: { page: number; pageSize: number; gameType?: string | undefined; language?: string | undefined },
    ): Promise<RecentReply> {
      const f: GameFilter = { categories: await categoriesFor(m, q.gameType), hotOnly: q.gameType === 'HOT' };
      const r = await page(m, f, { kind: 'recent', memberId }, q.language, q.page, q.pageSize);
      return { list: r.games, totalPages: r.totalPages };
    },

    vendorConfig,

    /** Every vendor the merchant shows (all vassalage), or those of one category. */
    async vendors(m: MerchantRow, gameType: string | undefined): Promise<GameVendor[]> {
      const config = await vendorConfig(m);
      const wanted = gameType === undefined ? undefined : new Set(config.mapping[gameType] ?? []);
      const listings = await repo.vendorListings(m.id);
      const seen = new Set<string>();
      const out: GameVendor[] = [];
      for (const c of config.sorting) {
        if (c.gameCategory === 'HOT' && gameType !== 'HOT') continue;
        for (const v of c.vendorNames) {
          if (seen.has(v.vassalage) || (wanted && !wanted.has(v.vassalage))) continue;
          const l = listings.find((x) => x.code === v.vassalage);
          if (!l) continue;
          seen.add(v.vassalage);
          out.push({
            vassalage: l.code,
            name: l.name,
            mobileSmallIcon: l.small_icon ?? vendorArtUrl(l.code),
            mobileLargeIcon: l.large_icon ?? vendorArtUrl(l.code, true),
            gameCategory: l.category,
            accountTypeName: l.account_type_name,
          });
        }
      }
      return out;
    },

    /** Vendor game types (classifications) of a category, named in the asked language. */
    async types(m: MerchantRow, typeId: string, language: string | undefined): Promise<GameClassification[]> {
      const { lang, fallback } = langOf(m, language);
      const rows = await repo.classifications(typeId);
      return rows.map((r) => ({
        code: r.code,
        name: own(r.names, lang) ?? own(r.names, fallback) ?? r.names.EN ?? r.code,
        vassalage: r.vendor_code,
      }));
    },
  };
}

export type GamesService = ReturnType<typeof gamesService>;
