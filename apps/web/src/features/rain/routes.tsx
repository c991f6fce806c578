import type { AppRoute } from '../../app/routes';
import { lazyScreen } from '../../components/ui/lazy-screen';
import { requireSession } from '../../components/ui/require-session';
import { RAIN_ROUTE } from '@panalo/contract/site-routes';

const RainScreen = requireSession(
  lazyScreen(async () => (await import('./screens/rain-screen')).RainScreen, { catalogues: ['rain'] }),
);

/** Red envelope rain (spec §2 /m/redRain): any member claims; agents also schedule and follow theirs. */
export const rainRoutes: AppRoute[] = [{ path: RAIN_ROUTE, Screen: RainScreen }];
