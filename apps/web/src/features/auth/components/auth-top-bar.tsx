import { useTranslation } from '../../../i18n/react';
import { Link } from 'react-router';
import { useSite } from '../../../app/site';
import { LanguageSwitcher } from '../../../app/layout/language-switcher';
import { IconBack } from '../../../app/layout/icons';

/**
 * The shell hides its header on login and register (SHELL-008), so these screens carry their own bar:
 * back to home (SHELL-011), the merchant's logo, and the language switch the header would have offered.
 */
export function AuthTopBar() {
  const { t } = useTranslation();
  const site = useSite();
  const { theme } = site.bundle.site;
  return (
    <div className="auth-bar" data-testid="auth-bar">
      <Link
        to="/m/home"
        className="icon-btn auth-bar__back"
        aria-label={t('auth.backHome')}
        data-testid="auth-back"
      >
        <IconBack />
      </Link>
      <img className="auth-bar__logo" src={site.img(theme.logo)} alt={theme.logoAlt} height={28} />
      <LanguageSwitcher />
    </div>
  );
}
