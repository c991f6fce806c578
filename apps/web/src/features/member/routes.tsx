import type { AppRoute } from '../../app/routes';
import { lazyScreen } from '../../components/ui/lazy-screen';

const MineScreen = lazyScreen(async () => (await import('./screens/mine-screen')).MineScreen, {
  catalogues: ['member'],
});

/** The member centre (spec §2 "Member centre (Mine)"); visitors see it too, with the login panel. */
export const memberRoutes: AppRoute[] = [{ path: '/m/mine', Screen: MineScreen }];
