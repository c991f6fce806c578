import { lazy, Suspense, useEffect, useMemo } from 'react';
import { useTranslation } from '../../../i18n/react';
import { loadCatalogues } from '../../../i18n';
import { useSite } from '../../../app/site';
import { useSession } from '../../../lib/session';
import { WhenNearView } from '../../../components/ui/when-near-view';
import { useGameCategories } from '../api/get-game-categories';
import { useHomeAnnouncements } from '../api/get-home-announcements';
import { AnnouncementMarquee } from '../components/announcement-marquee';
import { CustomerServiceMenu } from '../components/customer-service-menu';
import { DownloadBar } from '../components/download-bar';
import { GameCategories } from '../components/game-categories';
import { HomeBannerBlock } from '../components/home-banner-block';
import { HomePopups } from '../components/home-popups';
import { HotGamesRow } from '../components/hot-games-row';
import { HotMatchSection } from '../components/hot-match-section';
import { useHomeOnOpen } from '../hooks/use-home-on-open';
import { SectionError, Skeleton } from '../components/section-state';
import { marqueeTitlesOf } from '../rules/home-content';
import '../home.css';
import '../home-sections.css';

// The feed's texts come with its code (home-wins.json), not with the first page's.
const RecentWinsFeed = lazy(async () => {
  const [feed] = await Promise.all([import('../components/recent-wins-feed'), loadCatalogues(['home-wins'])]);
  return feed;
});
/** Where the recent wins will be, as tall as the section while it loads (a title line and its list). */
const RECENT_WINS_PLACE = (
  <div className="recent-wins" aria-hidden="true" data-testid="recent-wins-place">
    <div className="home-section-title">&nbsp;</div>
    <div className="home-skeleton recent-wins--skeleton" />
  </div>
);

function MarqueeSection() {
  const q = useHomeAnnouncements();
  const titles = useMemo(() => marqueeTitlesOf(q.data ?? []), [q.data]);
  if (q.isPending) return <Skeleton className="marquee marquee--skeleton" testId="marquee-loading" />;
  if (!q.data) return <SectionError testId="marquee-error" onRetry={() => void q.refetch()} />;
  return <AnnouncementMarquee titles={titles} />;
}

/**
 * Tiles the categories' placeholder holds: every category a merchant can show (GAME_CATEGORIES of the
 * contract, not imported here to keep its schemas out of home's first load), laid out by the real grid,
 * so the sections below do not move when the list arrives at any width.
 */
export const CATEGORY_PLACES = 10;

function CategoriesSection() {
  const { t } = useTranslation();
  const q = useGameCategories();
  return (
    <section className="categories" aria-labelledby="home-categories-title">
      <h2 id="home-categories-title" className="home-section-title">
        {t('home.category.title')}
      </h2>
      {q.isPending ? (
        <Skeleton className="categories--skeleton" testId="categories-loading">
          <ul className="categories__grid" aria-hidden="true">
            {Array.from({ length: CATEGORY_PLACES }, (_, i) => (
              <li key={i} className="categories__tile home-skeleton" />
            ))}
          </ul>
        </Skeleton>
      ) : q.data ? (
        <GameCategories categories={q.data} />
      ) : (
        <SectionError testId="categories-error" onRetry={() => void q.refetch()} />
      )}
    </section>
  );
}

/**
 * Home (HOME-001): download bar, banners, notice ticker, hot matches, game sections, the hot games and
 * the recent wins (issue 49), the side customer-service menu and the login popups. `bannerInLayout` is set once the layout renders
 * HomeBannerBlock as its extra banner block.
 */
export function HomeScreen({ bannerInLayout = false }: { bannerInLayout?: boolean }) {
  const { bundle } = useSite();
  const session = useSession();
  const announcements = useHomeAnnouncements();
  useHomeOnOpen();

  // HOME-002: home always opens at the top, also when reached from a scrolled page.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);

  return (
    <main className="home" data-testid="home-screen">
      <DownloadBar />
      {!bannerInLayout && <HomeBannerBlock />}
      <MarqueeSection />
      <HotMatchSection />
      <CategoriesSection />
      <HotGamesRow />
      {/* Below the fold on a phone: its code and data come when it is scrolled near. */}
      <WhenNearView placeholder={RECENT_WINS_PLACE}>
        <Suspense fallback={RECENT_WINS_PLACE}>
          <RecentWinsFeed />
        </Suspense>
      </WhenNearView>
      <CustomerServiceMenu service={bundle.info.customerService} />
      <HomePopups announcements={announcements.data} session={session} />
    </main>
  );
}

/** Home under a layout that already shows HomeBannerBlock above the page. */
export function HomeScreenBelowLayoutBanner() {
  return <HomeScreen bannerInLayout />;
}
