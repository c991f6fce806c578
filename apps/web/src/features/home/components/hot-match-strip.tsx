import { useTranslation } from '../../../i18n/react';
import type { HotMatch } from '@panalo/contract/content';
import { formatMatchTime } from '../../../lib/format';
import { useCarousel } from '../hooks/use-carousel';
import { hotMatchCarouselConfig } from '../rules/carousel';
import { TeamBadge } from './team-badge';

/**
 * Hot-match ticker (HOME-015..019): each match with its time as MM/DD HH:mm and both teams; it loops
 * and rotates (5000 ms delay, 500 ms transition) only with more than one match. A tap opens the pop-up.
 * Mount with `key={matches.length}`.
 */
export function HotMatchStrip({ matches, onOpen }: { matches: readonly HotMatch[]; onOpen: () => void }) {
  const { t } = useTranslation();
  const count = matches.length;
  const cfg = hotMatchCarouselConfig(count);
  const c = useCarousel(count, cfg);
  const first = matches[0];
  const last = matches[count - 1];
  const slides =
    cfg.loop && first && last
      ? [{ m: last, clone: true }, ...matches.map((m) => ({ m, clone: false })), { m: first, clone: true }]
      : matches.map((m) => ({ m, clone: false }));

  return (
    <div
      className="hot-match__strip"
      data-testid="hot-match-strip"
      data-active-index={c.active}
      data-autoplay={cfg.autoplay}
      {...c.handlers}
    >
      <div className="hot-match__track" style={c.trackStyle}>
        {slides.map(({ m, clone }, i) => (
          <div key={i} className="hot-match__slide" aria-hidden={clone ? true : undefined}>
            <button
              type="button"
              className="hot-match__item"
              data-testid={clone ? undefined : 'hot-match-item'}
              tabIndex={clone ? -1 : 0}
              onClick={() => {
                if (!c.consumeSwipe()) onOpen();
              }}
            >
              <span className="hot-match__league">{m.league}</span>
              <time className="hot-match__time" dateTime={m.matchTime} data-testid="hot-match-time">
                {formatMatchTime(m.matchTime)}
              </time>
              <span className="hot-match__teams">
                <TeamBadge name={m.homeTeam} image={m.homeTeamImageUrl} />
                <span className="hot-match__vs">{t('home.hotMatch.vs')}</span>
                <TeamBadge name={m.awayTeam} image={m.awayTeamImageUrl} />
              </span>
            </button>
          </div>
        ))}
      </div>
    </div>
  );
}
