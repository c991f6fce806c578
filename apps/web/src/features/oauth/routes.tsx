import type { AppRoute } from '../../app/routes';
import { lazyScreen } from '../../components/ui/lazy-screen';

const OAuthScreen = lazyScreen(async () => (await import('./screens/oauth-screen')).OAuthScreen, {
  catalogues: ['oauth'],
});

/** Where a social login lands with its one-time code (/m/oauth?code=…). */
export const oauthRoutes: AppRoute[] = [{ path: '/m/oauth', Screen: OAuthScreen }];
