import type { AppRoute } from '../../app/routes';
import { lazyScreen } from '../../components/ui/lazy-screen';
import { requireSession } from '../../components/ui/require-session';
import { FEEDBACK_ROUTE } from '@panalo/contract/site-routes';

const FeedbackScreen = requireSession(
  lazyScreen(async () => (await import('./screens/feedback-screen')).FeedbackScreen, {
    catalogues: ['feedback'],
  }),
);

/** Feedback (spec §2 /m/feedback, menu and member-centre entry FEEDBACK3). */
export const feedbackRoutes: AppRoute[] = [{ path: FEEDBACK_ROUTE, Screen: FeedbackScreen }];
