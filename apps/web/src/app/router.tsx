import type { ReactNode } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { Layout } from './layout/layout';
import type { AppRoute } from './routes';
import { NotFoundScreen } from './screens/status-screens';
import { shellRoutes } from './shell-routes';
import { homeRoutesFor } from '../features/home/routes';
import { HomeBannerBlock } from '../features/home/components/home-banner-block';
import { contentRoutes } from '../features/content/routes';
import { memberRoutes } from '../features/member/routes';
import { oauthRoutes } from '../features/oauth/routes';
import { passwordRoutes } from '../features/password/routes';
import { devRoutes } from '../features/dev/routes';
import { authRoutes } from '../features/auth/routes';
import { cashierRoutes } from '../features/cashier/routes';
import { recordsRoutes } from '../features/records/routes';
import { gamesRoutes } from '../features/games/routes';
// feature imports: in-house games (issue 5)
import { inhouseRoutes } from '../features/inhouse/routes';
// feature imports: game launch and records (issue 5)
import { gameLaunchRoutes } from '../features/game-launch/routes';
// feature imports: lottery (issue 6)
import { lotteryRoutes } from '../features/lottery/routes';

/** Every route of the spec's route list this build owns; each feature lists its own lazy screens. */
export const appRoutes: AppRoute[] = [
  // The layout renders home's banner block as its extra block on home (SHELL-003).
  ...homeRoutesFor({ bannerInLayout: true }),
  ...contentRoutes,
  ...memberRoutes,
  ...oauthRoutes,
  ...passwordRoutes,
  ...devRoutes,
  ...authRoutes,
  ...cashierRoutes,
  ...recordsRoutes,
  ...gamesRoutes,
  // routes: in-house games (issue 5)
  ...inhouseRoutes,
  // routes: game launch and records (issue 5)
  ...gameLaunchRoutes,
  // routes: lottery (issue 6)
  ...lotteryRoutes,
  ...shellRoutes,
];

const defaultHomeExtra = <HomeBannerBlock />;

export interface AppRouterProps {
  /** Shown above the page on home paths (SHELL-003): the home feature's banner block. */
  homeExtra?: ReactNode;
}

export function AppRouter({ homeExtra = defaultHomeExtra }: AppRouterProps = {}) {
  return (
    <BrowserRouter>
      <AppRoutes homeExtra={homeExtra} />
    </BrowserRouter>
  );
}

/** The route tree without a router, so that tests can mount it in a MemoryRouter. */
export function AppRoutes({ homeExtra = defaultHomeExtra }: AppRouterProps) {
  return (
    <Routes>
      <Route element={<Layout homeExtra={homeExtra} />}>
        {appRoutes.map(({ path, Screen }) => (
          <Route key={path} path={path} element={<Screen />} />
        ))}
        <Route path="*" element={<NotFoundScreen />} />
      </Route>
    </Routes>
  );
}
