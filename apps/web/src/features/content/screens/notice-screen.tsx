import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import type { NoticeItem } from '@panalo/contract/content';
import { useNotices } from '../api/get-notices';
import { ContentEmpty, ContentError, ContentLoading } from '../components/content-states';
import { SafeHtml } from '../../../components/ui/safe-html';
import { formatNoticeDate } from '../lib/format-date';
import '../content.css';

function Notice({ notice, open, onToggle }: { notice: NoticeItem; open: boolean; onToggle: () => void }) {
  const bodyId = `notice-body-${notice.id}`;
  return (
    <li className={`notice${open ? ' notice--open' : ''}`} data-testid="notice-item">
      <h2 className="notice__heading">
        <button
          type="button"
          className="notice__toggle"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={onToggle}
        >
          <span className="notice__title">{notice.title}</span>
          <time className="notice__date" dateTime={notice.date}>
            {formatNoticeDate(notice.date)}
          </time>
          <span className="notice__chevron" aria-hidden="true" />
        </button>
      </h2>
      <div id={bodyId} className="notice__body" hidden={!open}>
        {open && <SafeHtml html={notice.content} testId="notice-content" />}
      </div>
    </li>
  );
}

/** /m/notice: the merchant's announcements (contentLobby), newest first, each opening to its text. */
export function NoticeScreen() {
  const { t } = useTranslation();
  const notices = useNotices();
  const [open, setOpen] = useState<ReadonlySet<number>>(() => new Set());
  const toggle = (id: number) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const list = notices.data ?? [];
  return (
    <main className="content-page" data-testid="notice-screen">
      <h1 className="visually-hidden">{t('content.notice.title')}</h1>
      {notices.isPending ? (
        <ContentLoading />
      ) : notices.isError && !notices.data ? (
        <ContentError error={notices.error} onRetry={() => void notices.refetch()} />
      ) : list.length === 0 ? (
        <ContentEmpty text={t('content.notice.empty')} testId="notice-empty" />
      ) : (
        <ul className="notice-list" data-testid="notice-list">
          {list.map((n) => (
            <Notice key={n.id} notice={n} open={open.has(n.id)} onToggle={() => toggle(n.id)} />
          ))}
        </ul>
      )}
    </main>
  );
}
