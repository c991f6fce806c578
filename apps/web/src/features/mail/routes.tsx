import type { AppRoute } from '../../app/routes';
import { lazyScreen } from '../../components/ui/lazy-screen';
import { requireSession } from '../../components/ui/require-session';
import { MAIL_ROUTE } from '@panalo/contract/mail-rules';

const MailScreen = requireSession(
  lazyScreen(async () => (await import('./screens/mail-screen')).MailScreen, { catalogues: ['mail'] }),
);

/** The mail centre (spec §2 /m/webEmail, member centre entry MAILCEN, agent grid "mail"). */
export const mailRoutes: AppRoute[] = [{ path: MAIL_ROUTE, Screen: MailScreen }];
