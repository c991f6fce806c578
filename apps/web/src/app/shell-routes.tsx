import type { AppRoute } from './routes';
import { useSite } from './site';
import { MaintenanceScreen } from './screens/status-screens';

/** /m/maintenance as a page: the merchant's message when it is in maintenance, else the default text. */
function MaintenanceRouteScreen() {
  const { bundle } = useSite();
  return <MaintenanceScreen message={bundle.maintenance?.message ?? null} />;
}

/**
 * Routes the shell itself owns (SHELL-032 /m/maintenance). The status screens are already in the first
 * bundle for the startup modes, so they are not lazy.
 */
export const shellRoutes: AppRoute[] = [{ path: '/m/maintenance', Screen: MaintenanceRouteScreen }];
