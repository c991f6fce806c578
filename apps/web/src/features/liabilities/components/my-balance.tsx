import { Link } from 'react-router';
import type { PublishedLiabilities } from '@panalo/contract/liabilities';
import { isTrialType } from '@panalo/contract/member-types';
import { loginUrl } from '../../../components/ui/require-session';
import { errorKey } from '../../../i18n';
import { useTranslation } from '../../../i18n/react';
import { useSession } from '../../../lib/session';
import { useMyProof } from '../hooks/use-my-proof';
import { formatDay } from '../rules/format';
import { checkMessage, type CheckOutcome } from '../rules/outcome';
import { LIABILITIES_ROUTE } from '../routes';

/** The check's result, read out when it changes (the region is there before it is filled). */
function CheckStatus({ outcome }: { outcome: CheckOutcome | null }) {
  const { t, i18n } = useTranslation();
  const message = outcome && checkMessage(outcome, i18n.language);
  const text = !message
    ? ''
    : 'refusal' in message
      ? t(errorKey(message.refusal))
      : t(message.key, message.values);
  return (
    <p
      className={message ? `liab-status liab-status--${message.tone}` : 'liab-status'}
      role="status"
      aria-live="polite"
      data-testid="liabilities-result"
      data-tone={message?.tone}
    >
      {text}
    </p>
  );
}

/** A signed-in member's check and download of their own proof for the publication shown. */
function MemberCheck({ published }: { published: PublishedLiabilities }) {
  const { t, i18n } = useTranslation();
  const { outcome, check, download } = useMyProof(published);
  return (
    <>
      <div className="liab-actions">
        <button
          type="button"
          className="btn btn--primary"
          onClick={() => check.mutate()}
          disabled={check.isPending}
          aria-busy={check.isPending}
          data-testid="liabilities-check"
        >
          {check.isPending ? t('liabilities.mine.checking') : t('liabilities.mine.check')}
        </button>
        <button
          type="button"
          className="btn liab-secondary"
          onClick={() => download.mutate()}
          disabled={download.isPending}
          aria-label={t('liabilities.mine.downloadLabel', { day: formatDay(published.day, i18n.language) })}
          data-testid="liabilities-download"
        >
          {t('liabilities.mine.download')}
        </button>
      </div>
      <CheckStatus outcome={outcome} />
      <p className="liab-hint">{t('liabilities.mine.hint')}</p>
    </>
  );
}

/** "Your balance": the check for a member, a way to log in for a visitor. */
export function MyBalance({ published }: { published: PublishedLiabilities }) {
  const { t } = useTranslation();
  const session = useSession();
  let body;
  if (!session) {
    body = (
      <div className="liab-visitor" data-testid="liabilities-visitor">
        <p>{t('liabilities.mine.visitor')}</p>
        <Link className="btn btn--primary" to={loginUrl(LIABILITIES_ROUTE)} data-testid="liabilities-login">
          {t('liabilities.mine.login')}
        </Link>
      </div>
    );
  } else if (isTrialType(session.type)) {
    body = (
      <p className="liab-hint" data-testid="liabilities-trial">
        {t('liabilities.mine.trial')}
      </p>
    );
  } else {
    body = <MemberCheck published={published} />;
  }
  return (
    <section className="liab-section" aria-labelledby="liab-mine-title">
      <h2 id="liab-mine-title" className="liab-section__title">
        {t('liabilities.mine.title')}
      </h2>
      {body}
    </section>
  );
}
