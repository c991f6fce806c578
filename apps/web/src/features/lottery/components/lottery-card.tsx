import { memo } from 'react';
import { useTranslation } from '../../../i18n/react';
import type { LotteryGame } from '@panalo/contract/lottery';
import { cardRemainingMs, previousWinningDigits } from '@panalo/contract/lottery-rules';
import { useSite } from '../../../app/site';
import type { LotteryTime } from '../api/lottery-api';
import { Balls } from './balls';
import { HeartIcon } from './icons';
import { LotteryTimer } from './lottery-timer';

/**
 * A lobby card (LOTT-004..009): icon, name (remark), sale status with the countdown to the sales lock
 * (LOTT-020), the period number, the previous result's first number digit by digit, and the heart.
 */
export const LotteryCard = memo(function LotteryCard({
  game,
  lotteryTime,
  favourite,
  onOpen,
  onToggleFavourite,
}: {
  game: LotteryGame;
  lotteryTime: LotteryTime;
  favourite: boolean;
  onOpen: (game: LotteryGame) => void;
  onToggleFavourite: (game: LotteryGame) => void;
}) {
  const { t } = useTranslation();
  const site = useSite();
  const digits = previousWinningDigits(game.previousWinningNumber);
  return (
    <li className="lott-card" data-testid={`lottery-card-${game.gameCode}`}>
      <button
        type="button"
        className="lott-card__open"
        onClick={() => onOpen(game)}
        data-testid="lottery-open"
      >
        <img
          className="lott-card__icon"
          src={site.img(game.mobileIconUrl)}
          alt=""
          width={56}
          height={56}
          loading="lazy"
          decoding="async"
          data-testid="lottery-icon"
        />
        <span className="lott-card__body">
          <span className="lott-card__name" data-testid="lottery-name">
            {game.remark}
          </span>
          <span className="lott-card__status">
            <span
              className={`lott-card__sale${game.isSale ? ' lott-card__sale--on' : ''}`}
              data-testid="lottery-sale"
            >
              {t(game.isSale ? 'lottery.card.onSale' : 'lottery.card.closed')}
            </span>
            <LotteryTimer
              isSale={game.isSale}
              remainTime={cardRemainingMs(game.remainTime, game.lockTime)}
              lotteryTime={lotteryTime}
              label={t('lottery.card.closesIn')}
            />
          </span>
          {game.numero && (
            <span className="lott-card__numero" data-testid="lottery-numero">
              {t('lottery.card.numero', { numero: game.numero })}
            </span>
          )}
          {digits.length > 0 ? (
            <Balls
              items={digits}
              size="sm"
              label={t('lottery.card.previous', { result: digits.join(' ') })}
              testId="lottery-previous"
            />
          ) : (
            <span className="lott-card__none">{t('lottery.card.noResult')}</span>
          )}
        </span>
      </button>
      <button
        type="button"
        className="lott-card__heart"
        aria-pressed={favourite}
        aria-label={t('lottery.card.favourite', { name: game.remark })}
        onClick={() => onToggleFavourite(game)}
        data-testid="lottery-fav"
      >
        <HeartIcon filled={favourite} />
      </button>
    </li>
  );
});
