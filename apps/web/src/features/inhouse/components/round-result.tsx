import { useTranslation } from 'react-i18next';
import type { InhouseRound } from '@panalo/contract/inhouse';
import type { GameKind } from '../rules/bets';

type Obj = Record<string, unknown>;
const num = (v: unknown) => (typeof v === 'number' ? v : Number(v));

/** What a round drew, in words a screen reader can read, and a small picture for the eye. */
export function RoundResult({
  kind,
  round,
  symbols,
}: {
  kind: GameKind;
  round: InhouseRound;
  symbols?: string[];
}) {
  const { t } = useTranslation();
  const o = (round.outcome ?? {}) as Obj;
  const won = round.payout !== '0.00';
  let detail: string;
  switch (kind) {
    case 'dice':
      detail = t('inhouse.dice.rolled', { value: (num(o.roll) / 100).toFixed(2) });
      break;
    case 'crash':
      detail = t('inhouse.crash.crashed', { value: (num(o.crashPoint) / 100).toFixed(2) });
      break;
    case 'mines':
      detail = o.hitAt === null ? t('inhouse.mines.safe') : t('inhouse.mines.hit', { n: num(o.hitAt) + 1 });
      break;
    case 'plinko':
      detail = t('inhouse.plinko.landed', { slot: num(o.slot) + 1 });
      break;
    case 'baccarat':
      detail = t('inhouse.baccarat.totals', {
        player: num(o.playerTotal),
        banker: num(o.bankerTotal),
        result: t(`inhouse.baccarat.${String(o.result)}`),
      });
      break;
    case 'slot': {
      const base = (o.base ?? {}) as Obj;
      const free = Array.isArray(o.freeSpins) ? o.freeSpins.length : 0;
      detail = free > 0 ? t('inhouse.slot.freeSpinsWon', { n: free }) : t('inhouse.slot.spun');
      const grid = Array.isArray(base.grid) ? (base.grid as number[][]) : [];
      return (
        <div
          className={`ih-result ih-result--${won ? 'win' : 'loss'}`}
          role="status"
          data-testid="round-result"
        >
          <div className="ih-reels" aria-hidden="true">
            {grid.map((reel, r) => (
              <div key={r} className="ih-reel">
                {reel.map((s, i) => (
                  <span key={i} className={`ih-sym ih-sym--${s}`}>
                    {(symbols?.[s] ?? String(s)).slice(0, 3)}
                  </span>
                ))}
              </div>
            ))}
          </div>
          <p>
            {detail} {won ? t('inhouse.won', { amount: round.payout }) : t('inhouse.lost')}
          </p>
        </div>
      );
    }
  }
  return (
    <div className={`ih-result ih-result--${won ? 'win' : 'loss'}`} role="status" data-testid="round-result">
      <p className="ih-result__big">{detail}</p>
      <p>{won ? t('inhouse.won', { amount: round.payout }) : t('inhouse.lost')}</p>
    </div>
  );
}
