import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { useSite } from '../../../app/site';
import { errorKey } from '../../../i18n';
import { ApiError } from '../../../lib/api';
import { TOAST_MS } from '../../../lib/toast';
import { sendResetCode } from '../api/send-reset-code';
import { useCountdown } from '../hooks/use-countdown';
import { loadingToast } from '../lib/loading-toast';

export interface SmsCodeButtonProps {
  countryDialingCode: string;
  mobileNum: string;
  mobileValid: boolean;
  onSent: () => void;
  /** Asked to send with a number that does not pass: the form shows why. */
  onInvalidMobile: () => void;
  /** The send failed: the text to show (null when a new attempt starts). */
  onFailure: (text: string | null) => void;
}

/**
 * The get-code button (AUTH-044..047, VALID-016/017): sends only for a valid number while the countdown
 * is idle; 'sms sending...' while it goes, 'sms sent' after, then a countdown of expiredMinutes x 60 s.
 * A failed send dismisses the loading message (ERR-004); the form says why.
 */
export function SmsCodeButton(p: SmsCodeButtonProps) {
  const { t } = useTranslation();
  const fallbackMinutes = useSite().bundle.info.register.smsExpiredMinutes;
  const countdown = useCountdown();
  const [sending, setSending] = useState(false);

  async function send() {
    if (countdown.running || sending) return;
    if (!p.mobileValid) {
      p.onInvalidMobile();
      return;
    }
    p.onFailure(null);
    setSending(true);
    const loading = loadingToast(t('msg.sms_sending'), TOAST_MS.untilDone);
    try {
      const { expiredMinutes } = await sendResetCode({
        countryDialingCode: p.countryDialingCode,
        mobileNum: p.mobileNum,
      });
      void loading.next(t('msg.sms_sent'), TOAST_MS.successPassword, 'success');
      countdown.start(expiredMinutes > 0 ? expiredMinutes : fallbackMinutes);
      p.onSent();
    } catch (err) {
      void loading.hide();
      p.onFailure(t(errorKey(err instanceof ApiError ? err.code : 'unknown_error')));
    } finally {
      setSending(false);
    }
  }

  return (
    <button
      type="button"
      className="pw-code-btn"
      onClick={() => void send()}
      disabled={countdown.running || sending}
      aria-label={
        countdown.running
          ? t('password.forget.countdownLabel', { seconds: countdown.canSendTime })
          : undefined
      }
      data-testid="forget-get-code"
    >
      {countdown.running
        ? t('password.forget.countdown', { seconds: countdown.canSendTime })
        : t('password.forget.getCode')}
    </button>
  );
}
