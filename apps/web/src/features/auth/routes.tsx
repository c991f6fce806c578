import type { AppRoute } from '../../app/routes';
import { lazyScreen } from '../../components/ui/lazy-screen';

const LoginScreen = lazyScreen(async () => (await import('./screens/login-screen')).LoginScreen, {
  catalogues: ['auth', 'valid'],
});
const RegisterScreen = lazyScreen(async () => (await import('./screens/register-screen')).RegisterScreen, {
  catalogues: ['auth', 'valid'],
});
const TrialScreen = lazyScreen(async () => (await import('./screens/trial-screen')).TrialScreen, {
  catalogues: ['auth', 'valid'],
});

/** Login, registration (with its aliases, SHELL-030) and free trial. */
export const authRoutes: AppRoute[] = [
  { path: '/m/login', Screen: LoginScreen },
  { path: '/m/register', Screen: RegisterScreen },
  { path: '/register.html', Screen: RegisterScreen },
  { path: '/m/register.html', Screen: RegisterScreen },
  { path: '/m/trail', Screen: TrialScreen },
];
