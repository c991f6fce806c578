import { useState } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { ReadableNoticeItem } from '@panalo/contract/content';
import { formatRecordTime } from '../../lib/format-time';
import { SafeHtml } from './safe-html';
import './ui.css';

/**
 * One notice a member reads with a read state (agent announcements, site messages): a disclosure button
 * with the unread dot, the title and the date; the sanitised body shows while open.
 */
export function NoticeRow(props: {
  notice: ReadableNoticeItem;
  open: boolean;
  onToggle: () => void;
  /** The test id of the row; its parts are `${testId}-unread` and `${testId}-content`. */
  testId: string;
  unreadLabel: string;
}) {
  const { notice, testId } = props;
  const bodyId = `${testId}-${notice.id}`;
  return (
    <li className="ui-item ui-notice" data-testid={testId}>
      <h2 className="ui-notice__heading">
        <button
          type="button"
          className="ui-disclosure"
          aria-expanded={props.open}
          aria-controls={bodyId}
          onClick={props.onToggle}
        >
          {!notice.read && (
            <span className="ui-unread-dot" data-testid={`${testId}-unread`}>
              <span className="visually-hidden">{props.unreadLabel}</span>
            </span>
          )}
          <span className="ui-notice__title">{notice.title}</span>
          <time className="ui-notice__date" dateTime={notice.date}>
            {formatRecordTime(notice.date)}
          </time>
        </button>
      </h2>
      <div id={bodyId} hidden={!props.open}>
        {props.open && <SafeHtml html={notice.content} testId={`${testId}-content`} />}
      </div>
    </li>
  );
}

/**
 * Which notices are open, and the toggle: opening an unread one tells the server (`read`) and then reads
 * the list again (`refresh`) so its badge counts follow; a failed call leaves it unread, counted next time.
 */
export function useNoticeToggle(read: (id: number) => Promise<unknown>, refresh: QueryKey) {
  const client = useQueryClient();
  const [open, setOpen] = useState<ReadonlySet<number>>(() => new Set());
  const toggle = (n: ReadableNoticeItem) => {
    setOpen((prev) => {
      const next = new Set(prev);
      if (!next.delete(n.id)) next.add(n.id);
      return next;
    });
    if (!n.read)
      void read(n.id).then(
        () => client.invalidateQueries({ queryKey: refresh }),
        () => undefined,
      );
  };
  return { open, toggle };
}
