import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { Game } from '@panalo/contract/games';
import { useSession } from '../../../lib/session';
import { useDebouncedLanguage } from '../../../lib/use-debounced-language';
import { ChoiceRow } from '../components/choice-row';
import { GameGrid } from '../components/game-grid';
import { FilterIcon } from '../components/icons';
import { SearchBox } from '../components/search-box';
import { VendorStrip } from '../components/vendor-strip';
import { useFavourites } from '../hooks/use-favourites';
import { useGamePages } from '../hooks/use-game-pages';
import { useCategories, useGameTypes, useVendors } from '../hooks/use-games-catalogue';
import { useInfiniteScroll } from '../hooks/use-infinite-scroll';
import {
  classifyMenu,
  DATA_TABS,
  showClassifyTabs,
  showRngSections,
  tabNeedsSession,
  type DataTab,
} from '../rules/classify';
import { chooseVendor, EMPTY_FILTER, type GameFilterState } from '../rules/filter';
import { launchRoute } from '../../../lib/game-launch';
import { listedVendors } from '../rules/vendor-strip';
import '../games.css';

// The drawer is code the list does not need until the user opens it.
const FilterDrawer = lazy(() => import('../components/filter-drawer'));

const CATEGORY = /^[A-Z][A-Z0-9_]{1,15}$/;
const VENDOR = /^[A-Z0-9_]{2,24}$/;

/** The list's category and fixed vendor from the address (?gameType=&vendor=), else the route's default. */
function useListParams(defaultGameType: string) {
  const [params] = useSearchParams();
  const gameType = params.get('gameType')?.toUpperCase() ?? '';
  const vendor = params.get('vendor')?.toUpperCase() ?? '';
  return {
    gameType: CATEGORY.test(gameType) ? gameType : defaultGameType,
    fixedVendor: VENDOR.test(vendor) ? vendor : undefined,
  };
}

/** /m/gameList (and the game-centre and slots-centre variants): spec §2 Game list. */
export function GameListScreen({ defaultGameType = 'HOT' }: { defaultGameType?: string }) {
  const { gameType, fixedVendor } = useListParams(defaultGameType);
  // A new category or vendor from the address is a new list: every choice starts afresh.
  return <GameList key={`${gameType}/${fixedVendor ?? ''}`} gameType={gameType} fixedVendor={fixedVendor} />;
}

function GameList({ gameType, fixedVendor }: { gameType: string; fixedVendor: string | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const session = useSession();
  const loggedIn = session !== null;
  const language = useDebouncedLanguage();
  const [tab, setTab] = useState<DataTab>('all');
  const [filter, setFilter] = useState<GameFilterState>({ ...EMPTY_FILTER, vassalage: fixedVendor });
  const [drawerOpen, setDrawerOpen] = useState(false);

  const vendorsQuery = useVendors(gameType);
  const vendors = useMemo(() => listedVendors(vendorsQuery.data ?? []), [vendorsQuery.data]);
  const vendorIcons = useMemo(
    () => new Map((vendorsQuery.data ?? []).map((v) => [v.vassalage, v.mobileSmallIcon])),
    [vendorsQuery.data],
  );
  const types = useGameTypes(gameType, language);
  const menu = classifyMenu(gameType, types.data ?? []);
  const categories = useCategories(drawerOpen);
  const { ids: favouriteIds, toggle: toggleFav } = useFavourites();
  const favouriteSet = useMemo(() => new Set(favouriteIds), [favouriteIds]);
  const pages = useGamePages({ tab, gameType, filter, language, loggedIn });
  const games = useMemo(() => pages.data?.pages.flatMap((p) => p.games) ?? [], [pages.data]);

  const here = location.pathname + location.search;
  const toLogin = useCallback(
    () => void navigate(`/m/login?redirect=${encodeURIComponent(here)}`),
    [navigate, here],
  );

  const { hasNextPage, isFetchingNextPage, fetchNextPage, isError } = pages;
  useInfiniteScroll(
    hasNextPage && !isFetchingNextPage && !isError,
    () => void fetchNextPage(),
    pages.data?.pages.length ?? 0,
  );

  const chooseTab = (id: string) => {
    const next = DATA_TABS.find((d) => d === id) ?? 'all';
    if (tabNeedsSession(next) && !loggedIn) return toLogin();
    setTab(next);
  };
  const chooseClassify = (code: string) => {
    if (code === 'FAV' && !loggedIn) return toLogin();
    setFilter((f) => ({ ...f, gameClassify: code }));
  };
  const open = useCallback(
    (g: Game) => void navigate(launchRoute(g, loggedIn, here).to),
    [navigate, loggedIn, here],
  );
  const toggleFavourite = useCallback((g: Game) => void toggleFav(g), [toggleFav]);

  return (
    <div className="games" data-testid="game-list" data-game-type={gameType}>
      <div className="games__bar">
        <SearchBox
          initial={filter.gameName ?? ''}
          onSearch={(gameName) => setFilter((f) => ({ ...f, gameName }))}
        />
        <button
          type="button"
          className="games__filter"
          aria-label={t('games.filter.open')}
          aria-haspopup="dialog"
          aria-expanded={drawerOpen}
          onClick={() => setDrawerOpen(true)}
          data-testid="games-filter-open"
        >
          <FilterIcon />
        </button>
      </div>
      <ChoiceRow
        label={t('games.tabs.label')}
        className="games-tabs"
        testId="games-tabs"
        selected={tab}
        onChoose={chooseTab}
        choices={DATA_TABS.map((d) => ({ id: d, label: t(`games.tabs.${d}`), testId: `games-tab-${d}` }))}
      />
      {tab === 'all' && showClassifyTabs(gameType, fixedVendor) && (
        <ChoiceRow
          label={t('games.classify.label')}
          testId="games-classify"
          selected={filter.gameClassify}
          onChoose={chooseClassify}
          choices={menu.map((c) => ({
            id: c.code,
            label: c.labelKey ? t(c.labelKey) : (c.name ?? c.code),
            testId: `classify-${c.code}`,
          }))}
        />
      )}
      {tab === 'all' && fixedVendor === undefined && vendors.length > 0 && (
        <VendorStrip
          vendors={vendors}
          selected={filter.vassalage}
          onChoose={(v) => setFilter((f) => chooseVendor(f, v))}
        />
      )}
      <GameGrid
        games={games}
        loading={pages.isPending && pages.fetchStatus !== 'idle'}
        loadingMore={isFetchingNextPage}
        favourites={favouriteSet}
        vendorIcons={vendorIcons}
        onOpen={open}
        onToggleFavourite={toggleFavourite}
      />
      {drawerOpen && (
        <Suspense fallback={null}>
          <FilterDrawer
            gameType={gameType}
            vendors={fixedVendor === undefined ? vendors : vendors.filter((v) => v.vassalage === fixedVendor)}
            classifications={showRngSections(gameType) ? (types.data ?? []) : []}
            categories={categories.data}
            filter={filter}
            onClose={() => setDrawerOpen(false)}
            onSubmit={(f) => {
              setFilter(f);
              setTab('all');
              setDrawerOpen(false);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
