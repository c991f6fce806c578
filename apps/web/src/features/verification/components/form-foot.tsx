import type { RefObject } from 'react';
import { useTranslation } from '../../../i18n/react';

/**
 * The foot of a document form: the server's refusal (focused when it comes), the upload's progress
 * while the pictures travel, and the submit (disabled and busy meanwhile).
 */
export function FormFoot({
  failure,
  failureRef,
  busy,
  submitText,
  testIds,
}: {
  failure: string | null;
  failureRef: RefObject<HTMLParagraphElement | null>;
  busy: boolean;
  submitText: string;
  testIds: { submit: string; failure: string; progress: string };
}) {
  const { t } = useTranslation();
  return (
    <>
      {failure && (
        <p ref={failureRef} className="kyc-alert" role="alert" tabIndex={-1} data-testid={testIds.failure}>
          {failure}
        </p>
      )}
      {busy && (
        <div className="kyc-progress" role="status" data-testid={testIds.progress}>
          <progress className="kyc-progress__bar" aria-label={t('verification.sending')} />
          <span>{t('verification.sending')}</span>
        </div>
      )}
      <button
        type="submit"
        className="btn btn--primary kyc-submit"
        disabled={busy}
        aria-busy={busy}
        data-testid={testIds.submit}
      >
        {busy ? t('common.pleaseWait') : submitText}
      </button>
    </>
  );
}
