import { useEffect, useMemo } from 'react';
import { useTranslation } from '../../../i18n/react';
import { useSite } from '../../../app/site';
import { useSession } from '../../../lib/session';
import { storage } from '../../../lib/storage';
import { lazyScreen } from '../../../components/ui/lazy-screen';
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

/**
 * Where the recent wins will be: their heading (so a screen reader finds the section before its list
 * has loaded) over a block as tall as the list while it loads.
 */
function RecentWinsPlace() {
  const { t } = useTranslation();
  return (
    <section className="recent-wins" aria-labelledby="home-wins-title" data-testid="recent-wins-place">
      <h2 id="home-wins-title" className="home-section-title">
        {t('home.wins.title')}
      </h2>
      <div className="home-skeleton recent-wins--skeleton" aria-hidden="true" />
    </section>
  );
}

// The feed's code and texts (home-wins.json) load when it comes near the screen; a failed load offers
// a retry (lazyScreen does not keep the failure, as React.lazy would).
const RecentWinsFeed = lazyScreen(
  () => import('../components/recent-wins-feed').then((m) => m.RecentWinsFeed),
  { catalogues: ['home-wins'], placeholder: <RecentWinsPlace /> },
);

function MarqueeSection() {
  const q = useHomeAnnouncements();
  const titles = useMemo(() => marqueeTitlesOf(q.data ?? []), [q.data]);
  if (q.isPending) return <Skeleton className="marquee marquee--skeleton" testId="marquee-loading" />;
  if (!q.data) return <SectionError testId="marquee-error" onRetry={() => void q.refetch()} />;
  return <AnnouncementMarquee titles={titles} />;
}

/**
 * Tiles the categories' placeholder holds: as many as this site showed last time (each site has its own
 * origin, so its own storage), else every category a merchant can show (GAME_CATEGORIES of the contract,
 * not imported here to keep its schemas out of home's first load). Laid out by the real grid, so the
 * sections below do not move when the list arrives, at any width.
 */
export const CATEGORY_PLACES = 10;
const categoryPlaces = () => {
  const n = Number(storage.get('homeCategories'));
  return Number.isInteger(n) && n > 0 && n <= CATEGORY_PLACES ? n : CATEGORY_PLACES;
};

function CategoriesSection() {
  const { t } = useTranslation();
  const q = useGameCategories();
  const count = q.data?.length;
  useEffect(() => {
    if (count !== undefined) storage.set('homeCategories', String(count));
  }, [count]);
  return (
    <section className="categories" aria-labelledby="home-categories-title">
      <h2 id="home-categories-title" className="home-section-title">
        {t('home.category.title')}
      </h2>
      {q.isPending ? (
        <Skeleton className="categories--skeleton" testId="categories-loading">
          <ul className="categories__grid" aria-hidden="true">
            {Array.from({ length: categoryPlaces() }, (_, i) => (
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
      <WhenNearView placeholder={<RecentWinsPlace />}>
        <RecentWinsFeed />
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
