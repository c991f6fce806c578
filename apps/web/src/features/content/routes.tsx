import type { AppRoute } from '../../app/routes';
import { lazyScreen } from '../../components/ui/lazy-screen';

const HelpScreen = lazyScreen(async () => (await import('./screens/help-screen')).HelpScreen, {
  catalogues: ['content'],
});
const HelpDetailScreen = lazyScreen(
  async () => (await import('./screens/help-detail-screen')).HelpDetailScreen,
  { catalogues: ['content'] },
);
const NoticeScreen = lazyScreen(async () => (await import('./screens/notice-screen')).NoticeScreen, {
  catalogues: ['content'],
});
const ServiceScreen = lazyScreen(async () => (await import('./screens/service-screen')).ServiceScreen, {
  catalogues: ['content'],
});
const UserAgreementScreen = lazyScreen(
  async () => (await import('./screens/user-agreement-screen')).UserAgreementScreen,
  { catalogues: ['content'] },
);

/** The content screens: help centre, help article, announcements, customer service, user agreement. */
export const contentRoutes: AppRoute[] = [
  { path: '/m/help', Screen: HelpScreen },
  { path: '/m/helpDetail', Screen: HelpDetailScreen },
  { path: '/m/notice', Screen: NoticeScreen },
  { path: '/m/service', Screen: ServiceScreen },
  { path: '/m/useragreement', Screen: UserAgreementScreen },
];
