import { Link } from 'react-router';
import { MAIL_ROUTE } from '@panalo/contract/mail-rules';
import { useTranslation } from '../../../i18n/react';
import { useSite } from '../../../app/site';
import { useUnreadCount } from '../../../app/layout/use-unread-count';
import { Page } from '../../../components/ui/page';
import { NoticeRow, useNoticeToggle } from '../../../components/ui/notice-row';
import { EmptyState, ListSkeleton, LoadError } from '../../../components/ui/states';
import { messageKeys, readSiteMessage, useSiteMessages } from '../api/messages';
import '../mail.css';

/**
 * /m/message (issue 19 item 2; header title "messages"): the site's messages to its members — the
 * merchant's player notices, newest first, unread marked; opening one marks it read. The mail centre is
 * one tap away with its unread count (when the merchant has it: MAILCEN).
 */
export function MessageScreen() {
  const { t } = useTranslation();
  const site = useSite();
  const messages = useSiteMessages();
  const unreadMail = useUnreadCount();
  const { open, toggle } = useNoticeToggle(readSiteMessage, messageKeys.all);
  return (
    <Page title={t('mail.messages.title')} testId="message-screen">
      {site.flag('MAILCEN') && (
        <Link className="ui-card message-mail-link" to={MAIL_ROUTE} data-testid="message-mail-link">
          <span>{t('mail.messages.mail')}</span>
          {unreadMail > 0 && (
            <span className="message-mail-link__count">{t('mail.unreadCount', { count: unreadMail })}</span>
          )}
        </Link>
      )}
      {messages.isPending ? (
        <ListSkeleton rows={3} />
      ) : messages.isError ? (
        <LoadError error={messages.error} onRetry={() => void messages.refetch()} />
      ) : messages.data.list.length === 0 ? (
        <EmptyState text={t('mail.messages.empty')} />
      ) : (
        <>
          <p className="message-count" data-testid="message-unread-count">
            {t('mail.unreadCount', { count: messages.data.footer.unreadCount })}
          </p>
          <ul className="ui-list" aria-label={t('mail.messages.title')} data-testid="message-list">
            {messages.data.list.map((n) => (
              <NoticeRow
                key={n.id}
                notice={n}
                open={open.has(n.id)}
                onToggle={() => toggle(n)}
                testId="site-message"
                unreadLabel={t('mail.unreadMark')}
              />
            ))}
          </ul>
        </>
      )}
    </Page>
  );
}
