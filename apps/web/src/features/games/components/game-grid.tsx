import { useTranslation } from '../../../i18n/react';
import type { Game } from '@panalo/contract/games';
import { GameTile } from './game-tile';

/** The tiles with the loading (GAMES-021) and empty (GAMES-022) states; failures show as empty (ERR). */
export function GameGrid({
  games,
  loading,
  loadingMore,
  favourites,
  vendorIcons,
  onOpen,
  onToggleFavourite,
}: {
  games: readonly Game[];
  loading: boolean;
  loadingMore: boolean;
  favourites: ReadonlySet<string>;
  vendorIcons: ReadonlyMap<string, string>;
  onOpen: (game: Game) => void;
  onToggleFavourite: (game: Game) => void;
}) {
  const { t } = useTranslation();
  if (loading) {
    return (
      <div className="games-state" role="status" aria-live="polite" data-testid="games-loading">
        <span className="games-spinner" aria-hidden="true" />
        <span>{t('games.list.loading')}</span>
      </div>
    );
  }
  if (games.length === 0) {
    return (
      <p className="games-state" data-testid="games-empty">
        {t('games.list.empty')}
      </p>
    );
  }
  return (
    <>
      <ul className="games-grid" aria-label={t('games.list.label')} data-testid="games-grid">
        {games.map((g) => (
          <GameTile
            key={g.nodeId}
            game={g}
            favourite={favourites.has(g.nodeId)}
            vendorIcon={vendorIcons.get(g.vassalage)}
            onOpen={onOpen}
            onToggleFavourite={onToggleFavourite}
          />
        ))}
      </ul>
      {loadingMore && (
        <div className="games-state games-state--more" role="status" data-testid="games-loading-more">
          <span className="games-spinner" aria-hidden="true" />
          <span>{t('games.list.loadingMore')}</span>
        </div>
      )}
    </>
  );
}
