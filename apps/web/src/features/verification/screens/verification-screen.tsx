import { useEffect, useRef, useState } from 'react';
import type { KycStatus } from '@panalo/contract/kyc';
import { Page } from '../../../components/ui/page';
import { EmptyState, LoadError, LoadingState } from '../../../components/ui/states';
import { useTranslation } from '../../../i18n/react';
import { useKycStatus } from '../../../lib/kyc-status';
import { AddressForm } from '../components/address-form';
import { DocumentList } from '../components/document-list';
import { IdentityForm } from '../components/identity-form';
import { LevelLadder } from '../components/level-ladder';
import { MobileStep } from '../components/mobile-step';
import { levelName } from '../components/texts';
import {
  addressFormShown,
  againReason,
  identityFormShown,
  localDay,
  mobileStep,
  waitingDocument,
  type AgainReason,
} from '../rules/steps';
import '../verification.css';

/** Why a form asks again, above it. */
function Again({ reason, kind }: { reason: AgainReason | null; kind: 'identity' | 'address' }) {
  const { t } = useTranslation();
  if (reason === null) return null;
  const text =
    reason === 'expired'
      ? kind === 'identity'
        ? t('verification.again.identityExpired')
        : t('verification.again.addressExpired')
      : reason === 'rejected'
        ? t('verification.again.rejected')
        : t('verification.again.moreNeeded');
  return (
    <p className="kyc-note" data-testid={`kyc-${kind}-again`} data-reason={reason}>
      {text}
    </p>
  );
}

/** The steps still open: the mobile number (1), the ID (2), the proof of address (3). */
function Steps({
  status,
  today,
  onDone,
}: {
  status: KycStatus;
  today: string;
  onDone: (text: string) => void;
}) {
  const { t } = useTranslation();
  const mobile = mobileStep(status);
  const identityWaits = waitingDocument(status, 'identity') !== null;
  const addressWaits = waitingDocument(status, 'address') !== null;
  const sent = () => onDone(t('verification.sent'));
  return (
    <>
      {mobile !== 'done' && (
        <section className="kyc-step" aria-labelledby="kyc-step-mobile" data-testid="kyc-step-mobile">
          <h2 id="kyc-step-mobile" className="kyc-step__title">
            {t('verification.mobile.title')}
          </h2>
          <MobileStep
            step={mobile}
            onConfirmed={(s) => onDone(t('verification.mobile.confirmed', { level: s.level }))}
          />
        </section>
      )}
      {(identityWaits || identityFormShown(status)) && (
        <section className="kyc-step" aria-labelledby="kyc-step-identity" data-testid="kyc-step-identity">
          <h2 id="kyc-step-identity" className="kyc-step__title">
            {t('verification.identity.title')}
          </h2>
          {identityWaits ? (
            <p className="kyc-note" data-testid="kyc-identity-waiting">
              {t('verification.identity.waiting')}
            </p>
          ) : (
            <>
              <p className="kyc-text">{t('verification.identity.intro')}</p>
              <Again reason={againReason(status, 'identity', today)} kind="identity" />
              <IdentityForm status={status} today={today} onSent={sent} />
            </>
          )}
        </section>
      )}
      {status.level >= 2 && (addressWaits || addressFormShown(status)) && (
        <section className="kyc-step" aria-labelledby="kyc-step-address" data-testid="kyc-step-address">
          <h2 id="kyc-step-address" className="kyc-step__title">
            {t('verification.address.title')}
          </h2>
          {addressWaits ? (
            <p className="kyc-note" data-testid="kyc-address-waiting">
              {t('verification.address.waiting')}
            </p>
          ) : (
            <>
              <p className="kyc-text">{t('verification.address.intro')}</p>
              <Again reason={againReason(status, 'address', today)} kind="address" />
              <AddressForm status={status} today={today} onSent={sent} />
            </>
          )}
        </section>
      )}
    </>
  );
}

/**
 * /m/verification (issue 53): my verification level, the ladder of the four levels (what each allows,
 * what proves it, what needs it), the steps still open — confirm the mobile number, send an ID with a
 * selfie, send a proof of address — and my documents with the review's state.
 */
export function VerificationScreen() {
  const { t } = useTranslation();
  const status = useKycStatus();
  const [today] = useState(() => localDay());
  const [notice, setNotice] = useState<{ text: string; n: number } | null>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  // A step done: the message takes the focus (the form it came from has gone).
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);
  const done = (text: string) => setNotice((n) => ({ text, n: (n?.n ?? 0) + 1 }));

  let body;
  if (status.isPending) body = <LoadingState testId="kyc-loading" />;
  else if (status.isError)
    body = (
      <LoadError
        error={status.error}
        onRetry={() => void status.refetch()}
        testId="kyc-error"
        retryTestId="kyc-retry"
      />
    );
  else if (!status.data.enabled) body = <EmptyState text={t('verification.off')} testId="kyc-off" />;
  else {
    const s = status.data;
    body = (
      <>
        <section className="kyc-summary" aria-labelledby="kyc-summary-title">
          <h2 id="kyc-summary-title" className="visually-hidden">
            {t('verification.summaryTitle')}
          </h2>
          <p className="kyc-summary__level" data-testid="kyc-level" data-level={s.level}>
            {t('verification.levelNow', { level: s.level, name: levelName(t, s.level) })}
          </p>
          <p className="kyc-text">{t('verification.intro')}</p>
        </section>
        {notice && (
          <p
            key={notice.n}
            ref={noticeRef}
            className="kyc-success"
            role="status"
            tabIndex={-1}
            data-testid="kyc-notice"
          >
            {notice.text}
          </p>
        )}
        <Steps status={s} today={today} onDone={done} />
        <section className="kyc-section" aria-labelledby="kyc-ladder-title">
          <h2 id="kyc-ladder-title" className="kyc-section__title">
            {t('verification.ladder.title')}
          </h2>
          <LevelLadder status={s} />
        </section>
        <section className="kyc-section" aria-labelledby="kyc-docs-title">
          <h2 id="kyc-docs-title" className="kyc-section__title">
            {t('verification.docs.title')}
          </h2>
          <DocumentList documents={s.documents} today={today} />
        </section>
      </>
    );
  }

  return (
    <Page title={t('verification.title')} testId="verification-screen">
      {body}
    </Page>
  );
}
