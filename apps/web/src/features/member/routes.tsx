import { PROFILE_ROUTE } from '@panalo/contract/site-routes';
import type { AppRoute } from '../../app/routes';
import { lazyScreen } from '../../components/ui/lazy-screen';
import { requireSession } from '../../components/ui/require-session';

const MineScreen = lazyScreen(async () => (await import('./screens/mine-screen')).MineScreen, {
  catalogues: ['member'],
});

const ProfileScreen = requireSession(
  lazyScreen(async () => (await import('./screens/profile-screen')).ProfileScreen, {
    catalogues: ['member', 'valid'],
  }),
);

/** The member centre (spec §2 "Member centre (Mine)"); visitors see it too, with the login panel. */
export const memberRoutes: AppRoute[] = [
  { path: '/m/mine', Screen: MineScreen },
  // The member's profile (SHELL-037 /m/member/home): head icon, nickname, personal info.
  { path: PROFILE_ROUTE, Screen: ProfileScreen },
];
