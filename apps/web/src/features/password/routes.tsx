import type { AppRoute } from '../../app/routes';
import { lazyScreen } from '../../components/ui/lazy-screen';
import { requireSession } from '../../components/ui/require-session';

const ChangePasswordScreen = lazyScreen(
  async () => (await import('./screens/change-password-screen')).ChangePasswordScreen,
  { catalogues: ['password', 'valid'] },
);
const ForgetScreen = lazyScreen(async () => (await import('./screens/forget-screen')).ForgetScreen, {
  catalogues: ['password', 'valid'],
});
const ResetPasswordScreen = lazyScreen(
  async () => (await import('./screens/reset-password-screen')).ResetPasswordScreen,
  { catalogues: ['password', 'valid'] },
);
const SettingsScreen = lazyScreen(async () => (await import('./screens/settings-screen')).SettingsScreen, {
  catalogues: ['password', 'valid'],
});

/**
 * Passwords and settings: change password (also the first one), forgot password, the page a reset
 * e-mail links to, and settings. Change password and settings send a visitor home (ERR-007) and a
 * free-trial account home with the free_reject toast.
 */
export const passwordRoutes: AppRoute[] = [
  { path: '/m/changePsw', Screen: requireSession(ChangePasswordScreen, { visitor: 'home' }) },
  { path: '/m/forget', Screen: ForgetScreen },
  { path: '/m/resetPassword', Screen: ResetPasswordScreen },
  { path: '/m/set', Screen: requireSession(SettingsScreen, { visitor: 'home' }) },
];
