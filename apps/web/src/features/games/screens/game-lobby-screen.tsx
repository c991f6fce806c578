import { useCallback, useMemo } from 'react';
import { useTranslation } from '../../../i18n/react';
import { useLocation, useNavigate } from 'react-router';
import type { Game } from '@panalo/contract/games';
import { useSession } from '../../../lib/session';
import { useDebouncedLanguage } from '../../../lib/use-debounced-language';
import { LobbySection, type LobbyTiles } from '../components/lobby-section';
import { useFavourites } from '../hooks/use-favourites';
import { useCategories } from '../hooks/use-games-catalogue';
import { launchRoute } from '../../../lib/game-launch';
import { lobbySections } from '../rules/lobby';
import '../games.css';
import '../lobby.css';

/** /m/gameLobby (spec §2 route list, SHELL-036): every category the merchant sells, with its vendors. */
export function GameLobbyScreen() {
  const { t } = useTranslation();
  const categories = useCategories(true);
  const sections = lobbySections(categories.data ?? []);
  const tiles = useLobbyTiles();

  return (
    <div className="games lobby" data-testid="game-lobby">
      <h1 className="visually-hidden">{t('games.lobby.title')}</h1>
      {categories.isPending ? (
        <div className="games-state" role="status" aria-live="polite" data-testid="lobby-loading">
          <span className="games-spinner" aria-hidden="true" />
          <span>{t('games.lobby.loading')}</span>
        </div>
      ) : categories.isError ? (
        <div className="games-state" role="alert" data-testid="lobby-error">
          <span>{t('games.lobby.error')}</span>
          <button type="button" className="btn btn--primary" onClick={() => void categories.refetch()}>
            {t('common.retry')}
          </button>
        </div>
      ) : sections.length === 0 ? (
        <p className="games-state" data-testid="lobby-empty">
          {t('games.lobby.empty')}
        </p>
      ) : (
        sections.map((s) => <LobbySection key={s.code} section={s} tiles={tiles} />)
      )}
    </div>
  );
}

/** The hot rows' tiles launch as on the list (spec §4, a visitor logs in first and comes back here). */
function useLobbyTiles(): LobbyTiles {
  const navigate = useNavigate();
  const location = useLocation();
  const loggedIn = useSession() !== null;
  const language = useDebouncedLanguage();
  const { ids, toggle } = useFavourites();
  const favourites = useMemo(() => new Set(ids), [ids]);
  const here = location.pathname + location.search;
  const onOpen = useCallback(
    (g: Game) => void navigate(launchRoute(g, loggedIn, here).to),
    [navigate, loggedIn, here],
  );
  const onToggleFavourite = useCallback((g: Game) => void toggle(g), [toggle]);
  return useMemo(
    () => ({ language, favourites, onOpen, onToggleFavourite }),
    [language, favourites, onOpen, onToggleFavourite],
  );
}
