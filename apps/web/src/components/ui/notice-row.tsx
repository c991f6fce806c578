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
