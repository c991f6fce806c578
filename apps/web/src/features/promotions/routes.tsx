import {
  ACTIVITY_INFO_ROUTE,
  ACTIVITY_ROUTE,
  BENEFITS_ROUTE,
  INVITE_FRIENDS_ROUTE,
  LEADERBOARD_ROUTE,
  MANUAL_REBATE_ROUTE,
  REBATE_REPORT_ROUTE,
  REWARD_CENTRE_ROUTE,
} from '@panalo/contract/promotion-routes';
import type { AppRoute } from '../../app/routes';
import { lazyScreen } from '../../components/ui/lazy-screen';
import { requireSession } from '../../components/ui/require-session';

const ActivityScreen = lazyScreen(async () => (await import('./screens/activity-screen')).ActivityScreen, {
  catalogues: ['promotions'],
});
const ActivityInfoScreen = lazyScreen(
  async () => (await import('./screens/activity-info-screen')).ActivityInfoScreen,
  { catalogues: ['promotions'] },
);
const RewardCentreScreen = requireSession(
  lazyScreen(async () => (await import('./screens/reward-centre-screen')).RewardCentreScreen, {
    catalogues: ['promotions'],
  }),
);
const BenefitsScreen = requireSession(
  lazyScreen(async () => (await import('./screens/benefits-screen')).BenefitsScreen, {
    catalogues: ['promotions'],
  }),
);
const InviteFriendsScreen = requireSession(
  lazyScreen(async () => (await import('./screens/invite-friends-screen')).InviteFriendsScreen, {
    catalogues: ['promotions'],
  }),
);
const LeaderboardScreen = lazyScreen(
  async () => (await import('./screens/leaderboard-screen')).LeaderboardScreen,
  { catalogues: ['promotions'] },
);
const ManualRebateScreen = requireSession(
  lazyScreen(async () => (await import('./screens/manual-rebate-screen')).ManualRebateScreen, {
    catalogues: ['promotions'],
  }),
);
const RebateReportScreen = requireSession(
  lazyScreen(async () => (await import('./screens/rebate-report-screen')).RebateReportScreen, {
    catalogues: ['promotions'],
  }),
);

/**
 * Promotions (issue 18): the events tab (visitors see it too), the reward centre, the VIP club, invite
 * friends, manual rebate and my rebate, mission activity.
 */
export const promotionRoutes: AppRoute[] = [
  { path: ACTIVITY_ROUTE, Screen: ActivityScreen },
  { path: ACTIVITY_INFO_ROUTE, Screen: ActivityInfoScreen },
  { path: REWARD_CENTRE_ROUTE, Screen: RewardCentreScreen },
  { path: BENEFITS_ROUTE, Screen: BenefitsScreen },
  { path: INVITE_FRIENDS_ROUTE, Screen: InviteFriendsScreen },
  { path: MANUAL_REBATE_ROUTE, Screen: ManualRebateScreen },
  { path: LEADERBOARD_ROUTE, Screen: LeaderboardScreen },
  { path: REBATE_REPORT_ROUTE, Screen: RebateReportScreen },
];
