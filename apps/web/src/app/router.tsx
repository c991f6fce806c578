import { memo, type ReactNode } from 'react';
import { BrowserRouter, matchPath, Route, Routes } from 'react-router';
import { Layout } from './layout/layout';
import type { AppRoute } from './routes';
import { NotFoundScreen } from './screens/status-screens';
import { KnownRoutesContext } from './known-routes';
import { shellRoutes } from './shell-routes';
import { homeRoutesFor } from '../features/home/routes';
import { HomeBannerBlock } from '../features/home/components/home-banner-block';
import { RealityCheckHost } from '../features/protection/components/reality-check-host';
import { contentRoutes } from '../features/content/routes';
import { memberRoutes } from '../features/member/routes';
import { oauthRoutes } from '../features/oauth/routes';
import { passwordRoutes } from '../features/password/routes';
import { devRoutes } from '../features/dev/routes';
import { authRoutes } from '../features/auth/routes';
import { cashierRoutes } from '../features/cashier/routes';
import { protectionRoutes } from '../features/protection/routes';
import { recordsRoutes } from '../features/records/routes';
import { agencyRoutes } from '../features/agency/routes';
import { contractRoutes } from '../features/contracts/routes';
import { rainRoutes } from '../features/rain/routes';
import { mailRoutes } from '../features/mail/routes';
import { feedbackRoutes } from '../features/feedback/routes';
import { promotionRoutes } from '../features/promotions/routes';
import { ContractPromptHost } from '../features/contracts/components/contract-prompt-host';
import { gamesRoutes } from '../features/games/routes';
// feature imports: in-house games (issue 5)
import { inhouseRoutes } from '../features/inhouse/routes';
// feature imports: game launch and records (issue 5)
import { gameLaunchRoutes } from '../features/game-launch/routes';
// feature imports: lottery (issue 6)
import { lotteryRoutes } from '../features/lottery/routes';
// feature imports: proof of liabilities (issue 52)
import { liabilitiesRoutes } from '../features/liabilities/routes';
// feature imports: verification (issue 53)
import { verificationRoutes } from '../features/verification/routes';

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
  ...protectionRoutes,
  ...recordsRoutes,
  ...agencyRoutes,
  ...contractRoutes,
  ...rainRoutes,
  ...mailRoutes,
  ...feedbackRoutes,
  ...promotionRoutes,
  ...gamesRoutes,
  // routes: in-house games (issue 5)
  ...inhouseRoutes,
  // routes: game launch and records (issue 5)
  ...gameLaunchRoutes,
  // routes: lottery (issue 6)
  ...lotteryRoutes,
  // routes: proof of liabilities (issue 52)
  ...liabilitiesRoutes,
  // routes: verification (issue 53)
  ...verificationRoutes,
  ...shellRoutes,
];

/** Whether a path (without its query) leads to one of this build's screens. */
export const isKnownRoute = (path: string) =>
  appRoutes.some((r) => matchPath({ path: r.path, end: true }, path.split('?')[0]!));

const defaultHomeExtra = <HomeBannerBlock />;
const pageExtra = (
  <>
    <RealityCheckHost />
    <ContractPromptHost />
  </>
);

/**
 * Starts fetching the code of the screen at `pathname` (when it is a lazy one) so that it arrives
 * together with the language's texts instead of after the first render has asked for it.
 */
export async function preloadScreen(pathname: string): Promise<void> {
  const route = appRoutes.find((r) => matchPath({ path: r.path, end: true }, pathname));
  const preload = (route?.Screen as { preload?: () => Promise<unknown> } | undefined)?.preload;
  // A failed early fetch is not an error: the screen's own load tries again and shows a retry.
  if (preload) await preload().catch(() => undefined);
}

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

/**
 * The route tree without a router, so that tests can mount it in a MemoryRouter. Memoised: React
 * Router flattens and ranks the whole route list on every render of <Routes>, so it renders only when
 * the location (or its props) change, not whenever the startup state above it does.
 */
export const AppRoutes = memo(function AppRoutes({ homeExtra = defaultHomeExtra }: AppRouterProps) {
  return (
    <KnownRoutesContext value={isKnownRoute}>
      <Routes>
        <Route element={<Layout homeExtra={homeExtra} pageExtra={pageExtra} />}>
          {appRoutes.map(({ path, Screen }) => (
            <Route key={path} path={path} element={<Screen />} />
          ))}
          <Route path="*" element={<NotFoundScreen />} />
        </Route>
      </Routes>
    </KnownRoutesContext>
  );
});
