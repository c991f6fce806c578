import type { AppRoute } from '../../app/routes';
import { lazyScreen } from '../../components/ui/lazy-screen';
import { requireSession } from '../../components/ui/require-session';

const SaferPlayScreen = lazyScreen(
  async () => (await import('./screens/safer-play-screen')).SaferPlayScreen,
  {
    catalogues: ['protection'],
  },
);

/** Player protection (issue 22): the member's own breaks from play. Real members only. */
export const protectionRoutes: AppRoute[] = [
  { path: '/m/saferPlay', Screen: requireSession(SaferPlayScreen) },
];
