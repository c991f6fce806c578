import { useTranslation } from '../../../i18n/react';
import { Page } from '../../../components/ui/page';
import { NoticeRow, useNoticeToggle } from '../../../components/ui/notice-row';
import { EmptyState, ListSkeleton, LoadError } from '../../../components/ui/states';
import { readAgentNotice, useAgentNotices } from '../api/agent-notices';
import { agencyKeys } from '../api/agency-keys';
import '../agency.css';

/**
 * /m/member/notice?types=A: the merchant's announcements for agents, newest first; opening one marks it
 * read, which the agent home's badge counts.
 */
export function AgentNoticeScreen() {
  const { t } = useTranslation();
  const notices = useAgentNotices();
  const { open, toggle } = useNoticeToggle(readAgentNotice, agencyKeys.noticesAll);
  return (
    <Page title={t('agency.notices.title')} testId="agent-notice-screen">
      {notices.isPending ? (
        <ListSkeleton rows={3} />
      ) : notices.isError && !notices.data ? (
        <LoadError error={notices.error} onRetry={() => void notices.refetch()} />
      ) : notices.data.list.length === 0 ? (
        <EmptyState text={t('agency.notices.empty')} />
      ) : (
        <ul className="ui-list" aria-label={t('agency.notices.title')} data-testid="agent-notice-list">
          {notices.data.list.map((n) => (
            <NoticeRow
              key={n.id}
              notice={n}
              open={open.has(n.id)}
              onToggle={() => toggle(n)}
              testId="agent-notice"
              unreadLabel={t('agency.notices.unread')}
            />
          ))}
        </ul>
      )}
    </Page>
  );
}
