import { useCallback, useMemo } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n/react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { LOTTERY_MENU_FAV, LOTTERY_MENU_HOT } from '@panalo/contract/lottery-constants';
import type { LotteryGame } from '@panalo/contract/lottery';
import { loginUrl } from '../../../components/ui/require-session';
import { useSession } from '../../../lib/session';
import { useDebouncedLanguage } from '../../../lib/use-debounced-language';
import { menuQueryOptions } from '../api/lottery-api';
import { LotteryCard } from '../components/lottery-card';
import { LotteryLoadError, LotteryLoading } from '../components/lottery-states';
import { MenuBar } from '../components/menu-bar';
import { useLottFav } from '../hooks/use-lott-fav';
import { allGames, menuRefreshDelayMs, menuTabs, tabGames } from '../rules/lobby';
import { bettingUrl, LOBBY_ROUTE, MORE_ROUTE, prizeModeParam } from '../rules/routes';
import '../lottery.css';

/**
 * /m/lottery, the lottery lobby (spec §2, §4): the group menu and the cards of the chosen group. The menu
 * is refetched when the language settles (200 ms, I18N-013) and on the refresh rule (LOTT-028..030).
 */
export function LobbyScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const session = useSession();
  const language = useDebouncedLanguage();
  const prizeMode = prizeModeParam(params.get('prize_mode'));
  const tab = params.get('tab') ?? LOTTERY_MENU_HOT;
  const fav = useLottFav(session?.userName ?? null);

  const menu = useQuery({
    ...menuQueryOptions(prizeMode, language),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data ? menuRefreshDelayMs(allGames(q.state.data.value)) : false),
  });

  const here = `${LOBBY_ROUTE}?${params.toString()}`;
  const choose = (tag: string) => {
    if (tag === LOTTERY_MENU_FAV && !session)
      return void navigate(loginUrl(`${LOBBY_ROUTE}?tab=${LOTTERY_MENU_FAV}`));
    setParams(
      (p) => {
        p.set('tab', tag);
        return p;
      },
      { replace: true },
    );
  };
  const open = useCallback((g: LotteryGame) => void navigate(bettingUrl(g.gameCode)), [navigate]);
  const { toggle } = fav;
  const toggleFavourite = useCallback(
    (g: LotteryGame) => (session ? toggle(g.gameId) : void navigate(loginUrl(here))),
    [session, toggle, navigate, here],
  );

  const data = menu.data;
  const tabs = useMemo(() => (data ? menuTabs(data.value) : []), [data]);
  const favSet = useMemo(() => new Set(fav.ids), [fav.ids]);
  const games = data ? tabGames(data.value, tab, fav.ids) : [];

  // LOTT-024: the FAV tab needs a session (also when the address names it).
  if (tab === LOTTERY_MENU_FAV && !session) return <Navigate to={loginUrl(here)} replace />;

  return (
    <main className="lott-page" data-testid="lottery-lobby">
      <h1 className="visually-hidden">{t('lottery.lobby.title')}</h1>
      {tabs.length > 0 && <MenuBar tabs={tabs} selected={tab} onChoose={choose} />}
      {menu.isPending ? (
        <LotteryLoading testId="lottery-loading" />
      ) : menu.isError && !data ? (
        <LotteryLoadError
          text={t('lottery.lobby.loadFailed')}
          onRetry={() => void menu.refetch()}
          testId="lottery-error"
        />
      ) : games.length === 0 ? (
        <p className="lott-state" data-testid="lottery-empty">
          {t(tab === LOTTERY_MENU_FAV ? 'lottery.lobby.noFavourites' : 'lottery.lobby.empty')}
        </p>
      ) : (
        <ul className="lott-cards" aria-label={t('lottery.lobby.cards')} data-testid="lottery-cards">
          {games.map((g) => (
            <LotteryCard
              key={g.gameId}
              game={g}
              lotteryTime={data!.lotteryTime}
              favourite={favSet.has(g.gameId)}
              onOpen={open}
              onToggleFavourite={toggleFavourite}
            />
          ))}
        </ul>
      )}
      {data && (
        <p className="lott-more-link">
          <Link className="lott-link" to={MORE_ROUTE} data-testid="lottery-more">
            {t('lottery.more.title')}
          </Link>
        </p>
      )}
    </main>
  );
}
