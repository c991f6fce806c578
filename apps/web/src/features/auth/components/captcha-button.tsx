import { useTranslation } from '../../../i18n/react';
import { captchaSrc } from '../api/captcha';
import type { Captcha } from '../hooks/use-captcha';
import { IconRefresh } from '../../../components/ui/icons';

/** AUTH-008/025/026: the captcha picture; tapping it fetches a new one. */
export function CaptchaButton({ captcha }: { captcha: Captcha }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="auth-captcha"
      onClick={captcha.refresh}
      aria-label={t('auth.captcha.refresh')}
      data-testid="captcha-refresh"
    >
      {captcha.image ? (
        <img src={captchaSrc(captcha.image)} alt="" width={100} height={36} data-testid="captcha-image" />
      ) : captcha.failed ? (
        <span className="auth-captcha__retry">
          <IconRefresh size={18} />
          {t('common.retry')}
        </span>
      ) : (
        <span className="auth-captcha__loading" aria-hidden="true" />
      )}
    </button>
  );
}
