import type { CSSProperties } from 'react';
import { useTranslation } from '../../../i18n/react';
import { useNavigate } from 'react-router';
import { NOTICE_PATH } from '../rules/home-content';
import { SpeakerIcon } from './icons';

/** Scroll speed: about 6 characters per second, never faster than one pass in 8 s. */
export const marqueeSeconds = (text: string) => Math.max(8, Math.round(text.length / 6));

/**
 * Announcement ticker (HOME-023..025): the titles scroll by (they stand still under reduced motion);
 * with none it says so. Tapping it opens the announcements page.
 */
export function AnnouncementMarquee({ titles }: { titles: readonly string[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const text = titles.join('     •     ');
  const style = { '--marquee-duration': `${marqueeSeconds(text)}s` } as CSSProperties;
  return (
    <button
      type="button"
      className="marquee"
      data-testid="marquee"
      onClick={() => void navigate(NOTICE_PATH)}
    >
      <span className="marquee__icon">
        <SpeakerIcon />
      </span>
      <span className="visually-hidden">{t('home.marquee.label')}: </span>
      {titles.length === 0 ? (
        <span className="marquee__empty" data-testid="marquee-empty">
          {t('home.marquee.empty')}
        </span>
      ) : (
        <span className="marquee__viewport">
          <span className="marquee__track" style={style} data-testid="marquee-text">
            {text}
          </span>
        </span>
      )}
    </button>
  );
}
