import type { AppRoute } from '../../app/routes';
import { lazyScreen } from '../../components/ui/lazy-screen';
import { requireSession } from '../../components/ui/require-session';

const LaunchGameScreen = lazyScreen(
  async () => (await import('./screens/launch-game-screen')).LaunchGameScreen,
  { catalogues: ['launch'] },
);

/**
 * /m/launchGame: the launcher of vendor games and the lottery (members, and free-trial accounts with play
 * money; a visitor logs in first and comes back, ROLE-004). The layout hides the footer here (SHELL-027).
 */
export const gameLaunchRoutes: AppRoute[] = [
  { path: '/m/launchGame', Screen: requireSession(LaunchGameScreen, { allowTrial: true }) },
];
