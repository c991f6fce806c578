import type { KycDocument } from '@panalo/contract/kyc';
import { useTranslation } from '../../../i18n/react';
import { formatDateTime } from '../../../lib/format';
import { isExpired } from '../rules/steps';
import { idTypeName, kindName, statusName } from './texts';

/** A calendar day (YYYY-MM-DD) as the member reads it. */
function formatDay(day: string, language: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return day;
  const locale = language === 'TY' ? 'fil-PH' : 'en-PH';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(d);
}

/**
 * My documents, newest first: which kind and ID, the review's state, the reason when one was refused or
 * another is asked for, when each was sent and decided, and until when it counts.
 */
export function DocumentList({ documents, today }: { documents: KycDocument[]; today: string }) {
  const { t, i18n } = useTranslation();
  const when = (iso: string) => formatDateTime(iso, i18n.language) ?? iso;
  if (documents.length === 0)
    return (
      <p className="kyc-text kyc-muted" data-testid="kyc-docs-none">
        {t('verification.docs.none')}
      </p>
    );
  return (
    <ul className="ui-list kyc-docs" data-testid="kyc-docs">
      {documents.map((d) => {
        const expired = isExpired(d, today);
        const explained = (d.status === 'rejected' || d.status === 'more_needed') && d.reason;
        return (
          <li
            key={d.id}
            className="ui-item kyc-doc"
            data-testid="kyc-doc"
            data-status={d.status}
            data-expired={expired}
          >
            <div className="ui-row__main">
              <span className="ui-row__title">
                {kindName(t, d.kind)}
                {d.idType && <span className="kyc-doc__id"> · {idTypeName(t, d.idType)}</span>}
              </span>
              <span
                className={`ui-badge kyc-badge kyc-badge--${expired ? 'expired' : d.status}`}
                data-testid="kyc-doc-status"
              >
                {expired ? t('verification.docs.expired') : statusName(t, d.status)}
              </span>
            </div>
            {explained && (
              <p className="kyc-doc__reason" data-testid="kyc-doc-reason">
                <span className="kyc-doc__reason-label">{t('verification.docs.reason')}</span> {d.reason}
              </p>
            )}
            <dl className="ui-details">
              <div>
                <dt>{t('verification.docs.submitted')}</dt>
                <dd>{when(d.submittedAt)}</dd>
              </div>
              {d.decidedAt && (
                <div>
                  <dt>{t('verification.docs.decided')}</dt>
                  <dd>{when(d.decidedAt)}</dd>
                </div>
              )}
              {d.expiresOn && (
                <div>
                  <dt>{expired ? t('verification.docs.expiredOn') : t('verification.docs.expires')}</dt>
                  <dd data-testid="kyc-doc-expires">{formatDay(d.expiresOn, i18n.language)}</dd>
                </div>
              )}
            </dl>
          </li>
        );
      })}
    </ul>
  );
}
