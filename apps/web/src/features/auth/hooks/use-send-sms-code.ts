import { useCallback, useRef } from 'react';
import { useTranslation } from '../../../i18n/react';
import { TOAST_MS, toast } from '../../../lib/toast';
import { sendSmsCode, type SmsPurpose } from '../api/sms-code';
import { countdownSeconds, INITIAL_CAN_SEND_TIME } from '../rules/sms-countdown';
import { e164, sendServiceCode, type PhoneService } from '../api/phone-service';
import { useSmsCountdown } from './use-sms-countdown';

export interface SmsTarget {
  countryDialingCode: string;
  mobile: string;
}

export interface SendSmsOptions {
  purpose: SmsPurpose;
  /**
   * Validates the mobile number (showing its error and focusing it when it fails) and returns where to
   * send the code, or null (VALID-016).
   */
  target: () => SmsTarget | null;
  /** A refused send: the caller shows the reason. */
  onError: (err: unknown) => void;
  /** The merchant's phone-verification service, when the code goes through it (AUTH-015). */
  service?: PhoneService | null;
}

/**
 * The get-code button's action (AUTH-006, VALID-016/017, ERR-004/011/012): only while idle and for a
 * valid number; 'sms sending...' while the request runs, then 'sms sent' and the countdown of the
 * answer's expiredMinutes; a failure dismisses the loading toast and makes the button sendable again.
 */
export function useSendSmsCode(opts: SendSmsOptions) {
  const { t } = useTranslation();
  const countdown = useSmsCountdown();
  const { purpose, target, onError, service } = opts;
  const { begin, sent, failed } = countdown;
  // The service's session of the last code sent: the code typed is checked in it.
  const session = useRef<string | null>(null);

  const send = useCallback(async () => {
    if (countdown.state.phase !== 'idle') return;
    const to = target();
    if (!to || !begin()) return;
    const loading = toast.show(t('msg.sms_sending'), TOAST_MS.untilDone, 'loading');
    try {
      if (service) {
        // AUTH-015: sent by the service for the dialling code plus the number; a 60 s countdown.
        session.current = await sendServiceCode(service, e164(to.countryDialingCode, to.mobile));
        sent(INITIAL_CAN_SEND_TIME);
      } else {
        const { expiredMinutes } = await sendSmsCode(purpose, to.countryDialingCode, to.mobile);
        sent(countdownSeconds(expiredMinutes));
      }
      await loading.catch(() => undefined);
      void toast.show(t('msg.sms_sent'), TOAST_MS.success, 'success');
    } catch (err) {
      failed();
      // The loading toast may still be on its way (antd-mobile loads on first use): clear it once shown.
      await loading.catch(() => undefined);
      void toast.clear();
      // ERR-002: a failed send through the service only dismisses the loading toast.
      if (!service) onError(err);
    }
  }, [countdown.state.phase, target, begin, t, purpose, sent, failed, onError, service]);

  return {
    state: countdown.state,
    canSendTime: countdown.canSendTime,
    send,
    /** The service's session of the last code sent, or null (no code sent through it yet). */
    serviceSession: () => session.current,
  };
}
