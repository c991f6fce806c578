import type { AppRoute } from '../../app/routes';
import { lazyScreen } from '../../components/ui/lazy-screen';

const OutboxScreen = lazyScreen(async () => (await import('./screens/outbox-screen')).OutboxScreen, {
  catalogues: ['dev'],
});

/** Development tools: the outbox of SMS and e-mails (the server answers 404 outside development). */
export const devRoutes: AppRoute[] = [{ path: '/m/dev/outbox', Screen: OutboxScreen }];
