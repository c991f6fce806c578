import { useTranslation } from '../../../i18n/react';
import { Link } from 'react-router';
import { IconBack } from '../../../app/layout/icons';
import { MineIcon } from './icons';
import { MessageIndicator } from './message-indicator';

/**
 * The member centre's own header (the shell hides its header on mine, SHELL-008): titled member centre
 * (MINE-004), back to /m/home (MINE-005), the message indicator and settings at /m/set (MINE-006).
 */
export function MineHeader() {
  const { t } = useTranslation();
  return (
    <header className="mine-header" data-testid="mine-header">
      <Link
        className="mine-icon-btn"
        to="/m/home"
        aria-label={t('member.header.back')}
        data-testid="mine-back"
      >
        <IconBack />
      </Link>
      <h1 className="mine-header__title">{t('member.header.title')}</h1>
      <div className="mine-header__actions">
        <MessageIndicator />
        <Link
          className="mine-icon-btn"
          to="/m/set"
          aria-label={t('member.header.settings')}
          data-testid="mine-settings"
        >
          <MineIcon name="settings" />
        </Link>
      </div>
    </header>
  );
}
