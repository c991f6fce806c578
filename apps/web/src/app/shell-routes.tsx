import type { AppRoute } from './routes';
import { SiteMaintenanceScreen } from './screens/status-screens';

/** Routes the shell itself owns (SHELL-032 /m/maintenance: the merchant's message, else the default). */
export const shellRoutes: AppRoute[] = [{ path: '/m/maintenance', Screen: SiteMaintenanceScreen }];
