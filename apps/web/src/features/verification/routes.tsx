import type { AppRoute } from '../../app/routes';
import { lazyScreen } from '../../components/ui/lazy-screen';
import { requireSession } from '../../components/ui/require-session';
import { VERIFICATION_ROUTE } from '@panalo/contract/site-routes';

const VerificationScreen = requireSession(
  lazyScreen(async () => (await import('./screens/verification-screen')).VerificationScreen, {
    catalogues: ['verification'],
  }),
);

/** Verification (issue 53): a member page; a free-trial account is refused (free_reject). */
export const verificationRoutes: AppRoute[] = [{ path: VERIFICATION_ROUTE, Screen: VerificationScreen }];
