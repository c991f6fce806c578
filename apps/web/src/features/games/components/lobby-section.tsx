import { useMemo } from 'react';
import { useTranslation } from '../../../i18n/react';
import { Link } from 'react-router';
import type { Game } from '@panalo/contract/games';
import { useSite } from '../../../app/site';
import { useVendors } from '../hooks/use-games-catalogue';
import { useHotRow } from '../hooks/use-hot-row';
import { lobbyVendorHref, lobbyVendors, type LobbySection as Section } from '../rules/lobby';
import { GameTile } from './game-tile';

/** What the hot row's tiles need from the screen: one favourites list and one launch for every section. */
export interface LobbyTiles {
  language: string;
  favourites: ReadonlySet<string>;
  onOpen: (game: Game) => void;
  onToggleFavourite: (game: Game) => void;
}

/**
 * One category of the game lobby: its name, its vendor tiles, "see all" and a row of its hot games. The
 * row is extra: while it loads, when it fails or when it is empty it is simply not shown.
 */
export function LobbySection({ section, tiles }: { section: Section; tiles: LobbyTiles }) {
  const { t } = useTranslation();
  const site = useSite();
  const vendorsQuery = useVendors(section.code);
  const vendors = useMemo(() => lobbyVendors(section, vendorsQuery.data ?? []), [section, vendorsQuery.data]);
  const vendorIcons = useMemo(
    () => new Map((vendorsQuery.data ?? []).map((v) => [v.vassalage, v.mobileSmallIcon])),
    [vendorsQuery.data],
  );
  const hot = useHotRow(section.code, tiles.language);
  const name = t(`games.category.${section.code}`, { defaultValue: section.code });
  const headingId = `lobby-${section.code}-title`;

  return (
    <section
      className="lobby-section"
      aria-labelledby={headingId}
      data-testid={`lobby-section-${section.code}`}
    >
      <div className="lobby-section__head">
        <h2 id={headingId} className="lobby-section__title">
          {name}
        </h2>
        <Link
          className="lobby-section__all"
          to={section.href}
          aria-label={t('games.lobby.seeAllOf', { name })}
          data-testid={`lobby-all-${section.code}`}
        >
          {t('games.lobby.seeAll')}
        </Link>
      </div>
      {vendorsQuery.isPending ? (
        <div
          className="lobby-section__state"
          role="status"
          data-testid={`lobby-vendors-loading-${section.code}`}
        >
          <span className="games-spinner" aria-hidden="true" />
          <span className="visually-hidden">{t('games.lobby.loadingVendors', { name })}</span>
        </div>
      ) : vendorsQuery.isError ? (
        <div
          className="lobby-section__state"
          role="alert"
          data-testid={`lobby-vendors-error-${section.code}`}
        >
          <span>{t('games.lobby.vendorsError')}</span>
          <button type="button" className="games-chip" onClick={() => void vendorsQuery.refetch()}>
            {t('common.retry')}
          </button>
        </div>
      ) : (
        vendors.length > 0 && (
          <ul className="lobby-vendors" aria-label={t('games.lobby.vendorsOf', { name })}>
            {vendors.map((v) => (
              <li key={v.vassalage}>
                <Link
                  className="lobby-vendor"
                  to={lobbyVendorHref(section, v.vassalage)}
                  data-testid={`lobby-vendor-${section.code}-${v.vassalage}`}
                >
                  <img
                    className="lobby-vendor__logo"
                    src={site.img(v.mobileSmallIcon)}
                    alt=""
                    width={36}
                    height={36}
                    loading="lazy"
                    decoding="async"
                  />
                  <span className="lobby-vendor__name">{v.name}</span>
                </Link>
              </li>
            ))}
          </ul>
        )
      )}
      {hot.data && hot.data.length > 0 && (
        <ul
          className="lobby-hot"
          aria-label={t('games.lobby.hotOf', { name })}
          data-testid={`lobby-hot-${section.code}`}
        >
          {hot.data.map((g) => (
            <GameTile
              key={g.nodeId}
              game={g}
              favourite={tiles.favourites.has(g.nodeId)}
              vendorIcon={vendorIcons.get(g.vassalage)}
              onOpen={tiles.onOpen}
              onToggleFavourite={tiles.onToggleFavourite}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
