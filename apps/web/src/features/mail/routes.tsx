import type { AppRoute } from '../../app/routes';
import { lazyScreen } from '../../components/ui/lazy-screen';
import { requireSession } from '../../components/ui/require-session';
import { MAIL_ROUTE, MESSAGE_ROUTE } from '@panalo/contract/site-routes';

const MailScreen = requireSession(
  lazyScreen(async () => (await import('./screens/mail-screen')).MailScreen, { catalogues: ['mail'] }),
);

const MessageScreen = requireSession(
  lazyScreen(async () => (await import('./screens/message-screen')).MessageScreen, { catalogues: ['mail'] }),
);

/**
 * The mail centre (spec §2 /m/webEmail, member centre entry MAILCEN, agent grid "mail") and the site's
 * messages (/m/message).
 */
export const mailRoutes: AppRoute[] = [
  { path: MAIL_ROUTE, Screen: MailScreen },
  { path: MESSAGE_ROUTE, Screen: MessageScreen },
];
