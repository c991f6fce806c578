import type { AppRoute } from '../../app/routes';
import { lazyScreen } from '../../components/ui/lazy-screen';
import { loadHomeScreen } from './load-home-screen';

/** Home and its aliases (SHELL-029). */
export const HOME_PATHS = ['/', '/m', '/m/', '/m/index', '/m/index.html', '/m/home'] as const;

const HomeScreen = lazyScreen(async () => (await loadHomeScreen()).HomeScreen);
const HomeScreenBelowLayoutBanner = lazyScreen(
  async () => (await loadHomeScreen()).HomeScreenBelowLayoutBanner,
);

/**
 * Home's routes. With `bannerInLayout` the screen leaves the banners out, for a shell that renders
 * HomeBannerBlock (components/home-banner-block.tsx) as the layout's extra block on home (SHELL-003).
 */
export function homeRoutesFor({ bannerInLayout }: { bannerInLayout: boolean }): AppRoute[] {
  const Screen = bannerInLayout ? HomeScreenBelowLayoutBanner : HomeScreen;
  return HOME_PATHS.map((path) => ({ path, Screen }));
}
