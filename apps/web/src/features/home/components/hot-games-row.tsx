import { Link, useNavigate } from 'react-router';
import type { Game } from '@panalo/contract/games';
import { useTranslation } from '../../../i18n/react';
import { useSite } from '../../../app/site';
import { useSession } from '../../../lib/session';
import { useHomeHotGames } from '../api/get-hot-games';
import { categoryHref } from '../rules/home-content';
import { SectionError, Skeleton } from './section-state';

const tileName = (g: Game) => g.gameName || g.nodeName;

/**
 * Home's hot games (issue 49 item 6): a row of the site's hot games with their artwork; a tap launches
 * the game as on the game list (a visitor logs in first and comes back home). A site without hot
 * games shows no row.
 */
export function HotGamesRow() {
  const { t } = useTranslation();
  const site = useSite();
  const navigate = useNavigate();
  const loggedIn = useSession() !== null;
  const q = useHomeHotGames();
  if (q.isPending) return <Skeleton className="hot-games hot-games--skeleton" testId="hot-games-loading" />;
  if (!q.data) return <SectionError testId="hot-games-error" onRetry={() => void q.refetch()} />;
  if (q.data.length === 0) return null;
  return (
    <section className="hot-games" aria-labelledby="home-hot-games-title" data-testid="hot-games">
      <div className="home-section-head">
        <h2 id="home-hot-games-title" className="home-section-title">
          {t('home.hotGames.title')}
        </h2>
        <Link className="home-section-link" to={categoryHref('HOT')} data-testid="hot-games-all">
          {t('home.hotGames.seeAll')}
          <span className="visually-hidden"> {t('home.hotGames.seeAllOf')}</span>
        </Link>
      </div>
      <ul className="hot-games__row">
        {q.data.map((g) => (
          <li key={g.nodeId}>
            <button
              type="button"
              className="hot-games__tile"
              // The launch rule is loaded on the first tap, not with home; should that load fail, the
              // game list of the hot games opens instead (it launches the same games).
              onClick={() =>
                void import('../../../lib/game-launch').then(
                  ({ launchRoute }) => navigate(launchRoute(g, loggedIn, '/m/home').to),
                  () => navigate(categoryHref('HOT')),
                )
              }
              data-testid={`hot-game-${g.nodeId}`}
            >
              <img
                className="hot-games__art"
                src={site.img(g.iconUrl)}
                alt=""
                width={84}
                height={84}
                loading="lazy"
                decoding="async"
              />
              <span className="hot-games__name">{tileName(g)}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
