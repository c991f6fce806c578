import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n/react';
import { useQuery } from '@tanstack/react-query';
import type { OutboxMessage } from '@panalo/contract/dev';
import { ApiError } from '../../../lib/api';
import { outboxQuery } from '../api/get-outbox';
import '../dev.css';

const URL_IN_TEXT = /(https?:\/\/[^\s]+)/g;

/** The body with links to this site made clickable (a reset link); other text stays text. */
function Body({ text }: { text: string }) {
  const parts: ReactNode[] = text.split(URL_IN_TEXT).map((part, i) => {
    if (i % 2 === 0) return part;
    try {
      const url = new URL(part);
      if (url.origin === window.location.origin) {
        return (
          <a key={i} href={url.pathname + url.search}>
            {part}
          </a>
        );
      }
    } catch {
      // Not a URL after all: shown as text.
    }
    return part;
  });
  return <p className="dev-outbox__body">{parts}</p>;
}

function Message({ m }: { m: OutboxMessage }) {
  const { t } = useTranslation();
  return (
    <li className="dev-outbox__item" data-testid="outbox-message">
      <div className="dev-outbox__meta">
        <span className={`dev-outbox__channel dev-outbox__channel--${m.channel}`}>
          {m.channel === 'sms' ? t('dev.outbox.sms') : t('dev.outbox.email')}
        </span>
        <span className="dev-outbox__to">{t('dev.outbox.to', { recipient: m.recipient })}</span>
        <time className="dev-outbox__time" dateTime={m.createdAt}>
          {new Date(m.createdAt).toLocaleString()}
        </time>
      </div>
      {m.subject && <p className="dev-outbox__subject">{t('dev.outbox.subject', { subject: m.subject })}</p>}
      <Body text={m.body} />
    </li>
  );
}

/**
 * /m/dev/outbox: what the development delivery adapters "sent" (SMS codes, reset links), newest first,
 * filtered by recipient. Only a development server answers; elsewhere the page says it is not available.
 */
export function OutboxScreen() {
  const { t } = useTranslation();
  const [draft, setDraft] = useState('');
  const [recipient, setRecipient] = useState('');
  const q = useQuery(outboxQuery(recipient));
  const notAvailable = q.error instanceof ApiError && q.error.status === 404;

  return (
    <main className="dev-outbox" data-testid="outbox-screen">
      <p className="dev-outbox__badge" data-testid="outbox-badge">
        {t('dev.outbox.badge')}
      </p>
      <h1 className="dev-outbox__title">{t('dev.outbox.title')}</h1>
      <p className="dev-outbox__lead">{t('dev.outbox.lead')}</p>
      <form
        className="dev-outbox__filter"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setRecipient(draft.trim());
        }}
      >
        <label className="dev-outbox__label" htmlFor="outbox-recipient">
          {t('dev.outbox.filter')}
        </label>
        <div className="dev-outbox__row">
          <input
            id="outbox-recipient"
            className="dev-outbox__input"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            placeholder={t('dev.outbox.filterHint')}
            maxLength={128}
            data-testid="outbox-filter"
          />
          <button type="submit" className="btn btn--primary" data-testid="outbox-search">
            {t('dev.outbox.search')}
          </button>
          <button
            type="button"
            className="btn dev-outbox__ghost"
            onClick={() => void q.refetch()}
            data-testid="outbox-refresh"
          >
            {t('dev.outbox.refresh')}
          </button>
        </div>
      </form>
      {q.isPending && <div className="spinner" role="status" aria-label={t('common.loading')} />}
      {notAvailable && (
        <p className="dev-outbox__state" data-testid="outbox-not-available">
          {t('dev.outbox.notAvailable')}
        </p>
      )}
      {q.isError && !notAvailable && (
        <div className="dev-outbox__state" role="alert" data-testid="outbox-error">
          <p>{t('dev.outbox.error')}</p>
          <button type="button" className="btn btn--primary" onClick={() => void q.refetch()}>
            {t('dev.outbox.retry')}
          </button>
        </div>
      )}
      {q.data?.length === 0 && (
        <p className="dev-outbox__state" data-testid="outbox-empty">
          {t('dev.outbox.empty')}
        </p>
      )}
      {q.data && q.data.length > 0 && (
        <ul className="dev-outbox__list" data-testid="outbox-list">
          {q.data.map((m) => (
            <Message key={m.id} m={m} />
          ))}
        </ul>
      )}
    </main>
  );
}
