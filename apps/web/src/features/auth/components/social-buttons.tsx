import { useTranslation } from '../../../i18n/react';
import { useSite } from '../../../app/site';

export type SocialProvider = 'facebook' | 'google';

/**
 * AUTH-011/021/022: a provider's button only when the merchant configured it (the "service is
 * initialised") and its flag is on. Each starts the server's OAuth flow with a full page load.
 */
export function useSocialProviders(): SocialProvider[] {
  const site = useSite();
  const { facebook, google } = site.bundle.site.socialLogin;
  const out: SocialProvider[] = [];
  if (facebook && site.flag('FACEBOOKLOGIN3')) out.push('facebook');
  if (google && site.flag('GOOGLELOGIN3')) out.push('google');
  return out;
}

export function SocialButtons({ providers }: { providers: readonly SocialProvider[] }) {
  const { t } = useTranslation();
  if (providers.length === 0) return null;
  return (
    <div className="auth-social" data-testid="social-buttons">
      <p className="auth-social__title">{t('auth.social.title')}</p>
      <div className="auth-social__row">
        {providers.map((p) => (
          <a
            key={p}
            href={`/api/auth/oauth/${p}/start`}
            className={`auth-social__btn auth-social__btn--${p}`}
            data-testid={`social-${p}`}
          >
            {p === 'facebook' ? t('auth.social.facebook') : t('auth.social.google')}
          </a>
        ))}
      </div>
    </div>
  );
}
