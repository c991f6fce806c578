import { useTranslation } from '../../../i18n/react';
import { useNavigate } from 'react-router';
import { LOGIN_ROUTE } from '../../../components/ui/require-session';
import { useSession } from '../../../lib/session';
import { useUnreadCount } from '../../../app/layout/use-unread-count';
import { MAIL_ROUTE } from '@panalo/contract/mail-rules';
import { MineIcon } from './icons';
import '../message-indicator.css';

/** The badge text: the count, capped so that it fits the dot. */
export const unreadBadge = (count: number) => (count > 99 ? '99+' : String(count));

/**
 * The message indicator (spec §2, MINE-033..037): a mail button whose unread badge shows only above 0.
 * It opens the message centre for a member and the login screen otherwise. Takes its colour from where
 * it sits (currentColor), so the shell's header can hold it as well as the member centre.
 */
export function MessageIndicator({ className }: { className?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const current = useSession();
  const count = useUnreadCount();
  const label = count > 0 ? t('member.messages.labelUnread', { count }) : t('member.messages.label');
  return (
    <button
      type="button"
      className={`msg-indicator ${className ?? ''}`}
      aria-label={label}
      onClick={() => void navigate(current ? MAIL_ROUTE : LOGIN_ROUTE)}
      data-testid="message-indicator"
    >
      <MineIcon name="bell" />
      {count > 0 && (
        <span className="msg-indicator__badge" aria-hidden="true" data-testid="message-indicator-badge">
          {unreadBadge(count)}
        </span>
      )}
    </button>
  );
}
