import type { AppRoute } from '../../app/routes';
import { lazyScreen } from '../../components/ui/lazy-screen';

const opts = { catalogues: ['lottery'] };

const LobbyScreen = lazyScreen(async () => (await import('./screens/lobby-screen')).LobbyScreen, opts);

/** The lottery: the lobby (public; its FAV tab asks for a login). */
export const lotteryRoutes: AppRoute[] = [{ path: '/m/lottery', Screen: LobbyScreen }];
