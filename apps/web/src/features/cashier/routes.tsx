import type { AppRoute } from '../../app/routes';
import { lazyScreen } from '../../components/ui/lazy-screen';
import { requireSession } from '../../components/ui/require-session';

const DepositScreen = lazyScreen(async () => (await import('./screens/deposit-screen')).DepositScreen, {
  catalogues: ['cashier'],
});
const WithdrawScreen = lazyScreen(async () => (await import('./screens/withdraw-screen')).WithdrawScreen, {
  catalogues: ['cashier'],
});
const SecurityScreen = lazyScreen(async () => (await import('./screens/security-screen')).SecurityScreen, {
  catalogues: ['cashier'],
});

/**
 * The cashier: deposit (/m/voucherCenter), withdrawal (/m/withdraw) and the security centre. Real members
 * only: a visitor goes to /m/login and comes back; a free-trial account gets the free_reject toast.
 */
export const cashierRoutes: AppRoute[] = [
  { path: '/m/voucherCenter', Screen: requireSession(DepositScreen) },
  { path: '/m/withdraw', Screen: requireSession(WithdrawScreen) },
  { path: '/m/securityCenter', Screen: requireSession(SecurityScreen) },
];
