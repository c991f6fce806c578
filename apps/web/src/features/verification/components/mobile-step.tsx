import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { KycStatus } from '@panalo/contract/kyc';
import { PROFILE_ROUTE } from '@panalo/contract/profile-rules';
import { useTranslation } from '../../../i18n/react';
import { useConfirmMobile, useSendMobileCode } from '../api/mobile';
import { useRefusalText } from '../hooks/use-refusal-text';
import type { MobileStep as Step } from '../rules/steps';
import { describedBy, Field } from './field';

const CODE = /^\d{6}$/;

/**
 * Level 1: the mobile number on the account confirmed by a code sent to it by SMS. Without a number the
 * member is sent to the profile to add one.
 */
export function MobileStep({ step, onConfirmed }: { step: Step; onConfirmed: (s: KycStatus) => void }) {
  const { t } = useTranslation();
  const codeId = useId();
  const sendCode = useSendMobileCode();
  const confirm = useConfirmMobile();
  const refusal = useRefusalText();
  const [minutes, setMinutes] = useState<number | null>(null);
  const [code, setCode] = useState('');
  const [codeProblem, setCodeProblem] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const failureRef = useRef<HTMLParagraphElement>(null);
  // Each code sent: the code field is where the member goes on, so it takes the focus.
  const [sends, setSends] = useState(0);
  const busy = sendCode.isPending || confirm.isPending;

  useEffect(() => {
    if (failure) failureRef.current?.focus();
  }, [failure]);
  useEffect(() => {
    if (sends > 0) document.getElementById(codeId)?.focus();
  }, [sends, codeId]);

  if (step === 'done') return null;
  if (step === 'addMobile')
    return (
      <div className="kyc-step__body" data-testid="kyc-mobile-missing">
        <p className="kyc-text">{t('verification.mobile.noMobile')}</p>
        <Link className="btn kyc-btn-secondary" to={PROFILE_ROUTE} data-testid="kyc-mobile-profile">
          {t('verification.mobile.profile')}
        </Link>
      </div>
    );

  const send = async () => {
    if (busy) return;
    setFailure(null);
    try {
      const sent = await sendCode.mutateAsync();
      setMinutes(sent.expiredMinutes);
      setCode('');
      setSends((n) => n + 1);
    } catch (err) {
      setFailure(refusal(err));
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setFailure(null);
    if (!CODE.test(code)) {
      setCodeProblem(true);
      document.getElementById(codeId)?.focus();
      return;
    }
    setCodeProblem(false);
    try {
      onConfirmed(await confirm.mutateAsync(code));
    } catch (err) {
      setCode('');
      setFailure(refusal(err));
    }
  };

  const codeError = codeProblem ? t('verification.mobile.codeInvalid') : null;
  return (
    <div className="kyc-step__body">
      <p className="kyc-text">{t('verification.mobile.intro')}</p>
      {minutes === null ? (
        <button
          type="button"
          className="btn btn--primary"
          onClick={() => void send()}
          disabled={busy}
          aria-busy={sendCode.isPending}
          data-testid="kyc-mobile-send"
        >
          {sendCode.isPending ? t('common.pleaseWait') : t('verification.mobile.send')}
        </button>
      ) : (
        <form className="kyc-form kyc-form--inline" onSubmit={(e) => void submit(e)} noValidate>
          <p className="kyc-text" role="status" data-testid="kyc-mobile-sent">
            {t('verification.mobile.sent', { count: minutes })}
          </p>
          <Field
            id={codeId}
            label={t('verification.mobile.code')}
            hint={t('verification.mobile.codeHint')}
            error={codeError}
          >
            <input
              id={codeId}
              className="ui-input kyc-code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]*"
              maxLength={6}
              value={code}
              onChange={(e) => {
                setCode(e.target.value.replace(/\D/g, '').slice(0, 6));
                setCodeProblem(false);
              }}
              disabled={confirm.isPending}
              aria-invalid={codeError !== null}
              aria-describedby={describedBy(codeId, true, codeError !== null)}
              data-testid="kyc-mobile-code"
            />
          </Field>
          <div className="kyc-actions">
            <button
              type="submit"
              className="btn btn--primary"
              disabled={busy}
              aria-busy={confirm.isPending}
              data-testid="kyc-mobile-confirm"
            >
              {confirm.isPending ? t('common.pleaseWait') : t('verification.mobile.confirm')}
            </button>
            <button
              type="button"
              className="btn kyc-btn-secondary"
              onClick={() => void send()}
              disabled={busy}
              aria-busy={sendCode.isPending}
              data-testid="kyc-mobile-resend"
            >
              {t('verification.mobile.resend')}
            </button>
          </div>
        </form>
      )}
      {failure && (
        <p ref={failureRef} className="kyc-alert" role="alert" tabIndex={-1} data-testid="kyc-mobile-failure">
          {failure}
        </p>
      )}
    </div>
  );
}
