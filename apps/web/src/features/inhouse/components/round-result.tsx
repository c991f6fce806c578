import { useTranslation } from '../../../i18n/react';
import type { InhouseRound } from '@panalo/contract/inhouse';
import type { GameKind } from '../rules/bets';
import { formatMoney } from '../../../lib/format';

type Obj = Record<string, unknown>;

/**
 * The crash curve of a round: the multiplier climbing from 1.00× (growing exponentially in time) until it crashed, and the
 * cash-out line the bet chose. Drawn in ~0.6 s (no animation when the device asks for reduced motion).
 */
export function CrashCurve({ crashAt, target }: { crashAt: number; target: number }) {
  const top = Math.max(crashAt, target, 2) * 1.1;
  // Time runs along x: the multiplier grows as e^t, so the time to reach m is ln m.
  const x = (m: number) => 2 + (Math.log(m) / Math.log(top)) * 96;
  const y = (m: number) => 56 - ((m - 1) / (top - 1)) * 52;
  const steps = 32;
  const points = Array.from({ length: steps + 1 }, (_, i) => {
    const m = Math.exp((Math.log(crashAt) * i) / steps);
    return `${x(m).toFixed(1)},${y(m).toFixed(1)}`;
  }).join(' ');
  return (
    <svg className="ih-crash" viewBox="0 0 100 60" aria-hidden="true" data-testid="crash-curve">
      <line x1="2" x2="98" y1={y(target)} y2={y(target)} className="ih-crash__target" />
      <polyline points={points} className="ih-crash__curve" pathLength={1} />
      <circle cx={x(crashAt)} cy={y(crashAt)} r="1.8" className="ih-crash__end" />
    </svg>
  );
}
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
    case 'crash': {
      const crashAt = num(o.crashPoint) / 100;
      const target = num(round.bet.cashOutAt) / 100;
      return (
        <div
          className={`ih-result ih-result--${won ? 'win' : 'loss'}`}
          role="status"
          data-testid="round-result"
        >
          <CrashCurve crashAt={crashAt} target={target} key={round.id} />
          <p className="ih-result__big">{t('inhouse.crash.crashed', { value: crashAt.toFixed(2) })}</p>
          <p>{won ? t('inhouse.won', { amount: formatMoney(round.payout) }) : t('inhouse.lost')}</p>
        </div>
      );
    }
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
            {detail} {won ? t('inhouse.won', { amount: formatMoney(round.payout) }) : t('inhouse.lost')}
          </p>
        </div>
      );
    }
  }
  return (
    <div className={`ih-result ih-result--${won ? 'win' : 'loss'}`} role="status" data-testid="round-result">
      <p className="ih-result__big">{detail}</p>
      <p>{won ? t('inhouse.won', { amount: formatMoney(round.payout) }) : t('inhouse.lost')}</p>
    </div>
  );
}
