import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { MESSAGE_ROUTE } from '@panalo/contract/mail-rules';
import type { MailItem } from '@panalo/contract/mail';
import { useTranslation } from '../../../i18n/react';
import { Page } from '../../../components/ui/page';
import { SafeHtml } from '../../../components/ui/safe-html';
import { EmptyState, ListSkeleton, LoadError, useErrorText } from '../../../components/ui/states';
import { LoadMore } from '../../../components/ui/load-more';
import { announce } from '../../../lib/announce';
import { formatRecordTime } from '../../../lib/format-time';
import { useDeleteMail, useMail, useMailList, useReadAll } from '../api/mail';
import { mailTitle, systemMailText } from '../rules/mail-text';
import '../mail.css';

/** An opened mail: the operator's sanitised HTML, or the system mail's text in my language. */
function MailBody({ mail, onDeleted }: { mail: MailItem; onDeleted: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const detail = useMail(mail.id);
  const remove = useDeleteMail();
  if (detail.isPending) return <ListSkeleton rows={1} />;
  if (detail.isError) return <LoadError error={detail.error} onRetry={() => void detail.refetch()} />;
  const del = () =>
    remove.mutate(mail.id, {
      onSuccess: () => {
        announce(t('mail.deleted'));
        onDeleted();
      },
      onError: (e) => announce(errorText(e), true),
    });
  return (
    <div className="mail-body">
      {detail.data.body !== null ? (
        <SafeHtml html={detail.data.body} testId="mail-content" />
      ) : (
        <p data-testid="mail-content">{systemMailText(t, detail.data, formatRecordTime)}</p>
      )}
      <button
        type="button"
        className="btn btn--ghost mail-body__delete"
        onClick={del}
        disabled={remove.isPending}
        data-testid="mail-delete"
      >
        {t('mail.delete')}
      </button>
    </div>
  );
}

function MailRow({
  mail,
  open,
  onToggle,
  onDeleted,
}: {
  mail: MailItem;
  open: boolean;
  onToggle: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const bodyId = `mail-${mail.id}`;
  return (
    <li className="ui-item mail-row" data-testid="mail-item" data-read={mail.read ? 'true' : 'false'}>
      <h2 className="mail-row__heading">
        <button
          type="button"
          className="ui-disclosure"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={onToggle}
        >
          {!mail.read && (
            <span className="ui-unread-dot" data-testid="mail-unread">
              <span className="visually-hidden">{t('mail.unreadMark')}</span>
            </span>
          )}
          <span className={`mail-row__title${mail.read ? '' : ' mail-row__title--unread'}`}>
            {mailTitle(t, mail)}
          </span>
          <time className="mail-row__date" dateTime={mail.createdAt}>
            {formatRecordTime(mail.createdAt)}
          </time>
        </button>
      </h2>
      <div id={bodyId} hidden={!open}>
        {open && <MailBody mail={mail} onDeleted={onDeleted} />}
      </div>
    </li>
  );
}

/**
 * /m/webEmail, the mail centre (spec §1, §2; CONTENT-001): my mail from the operator and the platform,
 * unread first. Opening one reads it (the badges count down), a mail can be deleted, all marked read.
 */
export function MailScreen() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const list = useMailList();
  const readAll = useReadAll();
  const [open, setOpen] = useState<string | null>(null);
  const heading = useRef<HTMLDivElement>(null);
  const rows = list.data?.pages.flatMap((p) => p.list) ?? [];
  const unread = list.data?.pages[0]?.unread ?? 0;
  const more = () => {
    if (!list.isFetchingNextPage) void list.fetchNextPage();
  };
  const markAll = () =>
    readAll.mutate(undefined, {
      onSuccess: () => announce(t('mail.allRead')),
      onError: (e) => announce(errorText(e), true),
    });
  return (
    <Page title={t('mail.title')} testId="mail-screen">
      <Link className="ui-card message-mail-link" to={MESSAGE_ROUTE} data-testid="mail-messages-link">
        {t('mail.openMessages')}
      </Link>
      <div className="mail-bar" ref={heading} tabIndex={-1}>
        <span className="mail-bar__count" data-testid="mail-unread-count">
          {t('mail.unreadCount', { count: unread })}
        </span>
        <button
          type="button"
          className="btn btn--ghost"
          onClick={markAll}
          disabled={unread === 0 || readAll.isPending}
          data-testid="mail-read-all"
        >
          {t('mail.readAll')}
        </button>
      </div>
      {list.isPending ? (
        <ListSkeleton rows={4} />
      ) : list.isError && !list.data ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState text={t('mail.empty')} />
      ) : (
        <>
          <ul className="ui-list" aria-label={t('mail.title')} data-testid="mail-list">
            {rows.map((m) => (
              <MailRow
                key={m.id}
                mail={m}
                open={open === m.id}
                onToggle={() => setOpen((o) => (o === m.id ? null : m.id))}
                onDeleted={() => {
                  setOpen(null);
                  heading.current?.focus();
                }}
              />
            ))}
          </ul>
          {list.isFetchNextPageError ? (
            <LoadError error={list.error} onRetry={more} />
          ) : (
            <LoadMore hasMore={list.hasNextPage} loading={list.isFetchingNextPage} onMore={more} />
          )}
        </>
      )}
    </Page>
  );
}
