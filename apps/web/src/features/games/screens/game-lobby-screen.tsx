import { useTranslation } from 'react-i18next';
import { LobbySection } from '../components/lobby-section';
import { useCategories } from '../hooks/use-games-catalogue';
import { lobbySections } from '../rules/lobby';
import '../games.css';
import '../lobby.css';

/** /m/gameLobby (spec §2 route list, SHELL-036): every category the merchant sells, with its vendors. */
export function GameLobbyScreen() {
  const { t } = useTranslation();
  const categories = useCategories(true);
  const sections = lobbySections(categories.data ?? []);

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
        sections.map((s) => <LobbySection key={s.code} section={s} />)
      )}
    </div>
  );
}
