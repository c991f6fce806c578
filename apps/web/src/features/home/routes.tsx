import type { AppRoute } from '../../app/routes';
import { lazyScreen } from '../../components/ui/lazy-screen';

const HomeScreen = lazyScreen(async () => (await import('./screens/home-screen')).HomeScreen);

/** Home and its aliases (SHELL-029). */
export const homeRoutes: AppRoute[] = ['/', '/m', '/m/', '/m/index', '/m/index.html', '/m/home'].map(
  (path) => ({ path, Screen: HomeScreen }),
);
