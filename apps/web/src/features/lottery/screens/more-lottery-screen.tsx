import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n/react';
import { Link, useSearchParams } from 'react-router';
import { LOTTERY_MENU_FAV, LOTTERY_MENU_HOT } from '@panalo/contract/lottery-constants';
import { useSite } from '../../../app/site';
import { useDebouncedLanguage } from '../../../lib/use-debounced-language';
import { menuQueryOptions } from '../api/lottery-api';
import { LotteryLoadError, LotteryLoading } from '../components/lottery-states';
import { bettingUrl, prizeModeParam } from '../rules/routes';
import '../lottery.css';

/** /m/moreLottery: every lottery of the merchant, by group, each opening its betting screen. */
export function MoreLotteryScreen() {
  const { t } = useTranslation();
  const site = useSite();
  const [params] = useSearchParams();
  const language = useDebouncedLanguage();
  const menu = useQuery({
    ...menuQueryOptions(prizeModeParam(params.get('prize_mode')), language),
    placeholderData: keepPreviousData,
  });
  const groups = Object.values(menu.data?.value ?? {}).filter(
    (g) => g.tag !== LOTTERY_MENU_HOT && g.tag !== LOTTERY_MENU_FAV && g.gameMenus.length > 0,
  );
  return (
    <main className="lott-page lott-more" data-testid="more-lottery">
      <h1 className="lott-more__title">{t('lottery.more.title')}</h1>
      {menu.isPending ? (
        <LotteryLoading />
      ) : menu.isError && !menu.data ? (
        <LotteryLoadError text={t('lottery.more.loadFailed')} onRetry={() => void menu.refetch()} />
      ) : groups.length === 0 ? (
        <p className="lott-state">{t('lottery.more.empty')}</p>
      ) : (
        groups.map((g) => (
          <section
            key={g.tag}
            className="lott-panel"
            aria-labelledby={`lott-more-${g.tag}`}
            data-testid={`more-group-${g.tag}`}
          >
            <h2 id={`lott-more-${g.tag}`}>{g.labelName}</h2>
            <ul className="lott-more__grid">
              {g.gameMenus.map((game) => (
                <li key={game.gameId}>
                  <Link
                    to={bettingUrl(game.gameCode)}
                    className="lott-more__item"
                    data-testid={`more-game-${game.gameCode}`}
                  >
                    <img
                      src={site.img(game.mobileIconUrl)}
                      alt=""
                      width={48}
                      height={48}
                      loading="lazy"
                      decoding="async"
                    />
                    <span>{game.remark}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))
      )}
    </main>
  );
}
