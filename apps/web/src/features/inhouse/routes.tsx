import type { AppRoute } from '../../app/routes';
import { lazyScreen } from '../../components/ui/lazy-screen';
import { requireSession } from '../../components/ui/require-session';

const opts = { catalogues: ['inhouse'] };

const InhouseGameScreen = lazyScreen(
  async () => (await import('./screens/inhouse-game-screen')).InhouseGameScreen,
  opts,
);
const FairScreen = lazyScreen(async () => (await import('./screens/fair-screen')).FairScreen, opts);

/**
 * Our own games: /m/inhouse/<game> (members, and free-trial accounts with play money; a visitor logs in
 * first) and the public verification page /m/fair.
 */
export const inhouseRoutes: AppRoute[] = [
  { path: '/m/inhouse/:game', Screen: requireSession(InhouseGameScreen, { allowTrial: true }) },
  { path: '/m/fair', Screen: FairScreen },
];
