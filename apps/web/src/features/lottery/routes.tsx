import type { AppRoute } from '../../app/routes';
import { lazyScreen } from '../../components/ui/lazy-screen';

const opts = { catalogues: ['lottery'] };

const LobbyScreen = lazyScreen(async () => (await import('./screens/lobby-screen')).LobbyScreen, opts);
const StartLotteryScreen = lazyScreen(
  async () => (await import('./screens/start-lottery-screen')).StartLotteryScreen,
  opts,
);
const MoreLotteryScreen = lazyScreen(
  async () => (await import('./screens/more-lottery-screen')).MoreLotteryScreen,
  opts,
);
const VerifyScreen = lazyScreen(async () => (await import('./screens/verify-screen')).VerifyScreen, opts);

/**
 * The lottery: the lobby (public; its FAV tab asks for a login) and the betting screen (public to look
 * at; betting asks a visitor to log in, and free-trial accounts bet with play money), every lottery by
 * group, and the public verification of a draw.
 */
export const lotteryRoutes: AppRoute[] = [
  { path: '/m/lottery', Screen: LobbyScreen },
  { path: '/m/startLottery', Screen: StartLotteryScreen },
  { path: '/m/moreLottery', Screen: MoreLotteryScreen },
  { path: '/m/lottery/verify', Screen: VerifyScreen },
];
