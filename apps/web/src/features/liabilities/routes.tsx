import type { AppRoute } from '../../app/routes';
import { lazyScreen } from '../../components/ui/lazy-screen';

/** The proof of liabilities' page (public; a member checks their own balance there). */
export const LIABILITIES_ROUTE = '/m/liabilities';

const LiabilitiesScreen = lazyScreen(
  async () => (await import('./screens/liabilities-screen')).LiabilitiesScreen,
  { catalogues: ['liabilities'] },
);

/** /m/liabilities: the published total and root, and a member's check of their own balance. */
export const liabilitiesRoutes: AppRoute[] = [{ path: LIABILITIES_ROUTE, Screen: LiabilitiesScreen }];
