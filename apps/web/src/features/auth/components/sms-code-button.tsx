import { useTranslation } from '../../../i18n/react';
import type { SmsState } from '../rules/sms-countdown';

/** The get-code button: 'Get code', then 'Sending…', then the seconds left; usable again when idle. */
export function SmsCodeButton({ state, onSend }: { state: SmsState; onSend: () => void }) {
  const { t } = useTranslation();
  const label =
    state.phase === 'countdown'
      ? t('auth.sms.countdown', { seconds: state.remaining })
      : state.phase === 'sending'
        ? t('auth.sms.sending')
        : t('auth.sms.get');
  return (
    <button
      type="button"
      className="auth-field__side-btn"
      onClick={onSend}
      disabled={state.phase !== 'idle'}
      data-testid="sms-send"
      data-phase={state.phase}
    >
      {label}
    </button>
  );
}
