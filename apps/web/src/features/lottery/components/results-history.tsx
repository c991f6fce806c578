import { useTranslation } from '../../../i18n/react';
import { Link } from 'react-router';
import type { LotteryResult } from '@panalo/contract/lottery';
import {
  ballColours,
  resultBalls,
  TREND_RANGE,
  trendPoints,
  trendValue,
  wingoReading,
  type LotteryKind,
} from '../rules/results';
import { verifyUrl } from '../rules/routes';
import { Balls } from './balls';
import { useBetText } from './use-bet-text';

const W = 300;
const H = 80;

/** A line of the last draws' trend values (digit, sum…), oldest on the left. */
export function TrendChart({ kind, results }: { kind: LotteryKind; results: readonly LotteryResult[] }) {
  const { t } = useTranslation();
  const values = [...results]
    .reverse()
    .map((r) => trendValue(kind, r.result))
    .filter((v): v is number => v !== null);
  if (values.length < 2) return null;
  const points = trendPoints(values, TREND_RANGE[kind], W, H);
  return (
    <figure className="lott-trend" data-testid="trend-chart">
      <svg
        viewBox={`-4 -4 ${W + 8} ${H + 8}`}
        role="img"
        aria-label={t(`lottery.trend.${kind}`, { values: values.join(', ') })}
        preserveAspectRatio="none"
      >
        <polyline points={points} fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
        {points.split(' ').map((p, i) => {
          const [x, y] = p.split(',');
          // Win Go's points take the digit's colour (the first: red or green), as its balls do.
          const colour = ballColours(kind, String(values[i]))[0];
          return (
            <circle
              key={`${i}:${p}`}
              cx={x}
              cy={y}
              r="3.5"
              className={colour ? `lott-trend__dot--${colour}` : undefined}
              fill="currentColor"
            />
          );
        })}
      </svg>
      <figcaption className="lott-muted">{t('lottery.trend.caption', { count: values.length })}</figcaption>
    </figure>
  );
}

/** The latest draws, newest first, each with its result and a link to its verification. */
export function ResultsHistory({
  kind,
  results,
  state,
  onRetry,
}: {
  kind: LotteryKind;
  results: readonly LotteryResult[] | undefined;
  state: 'loading' | 'error' | 'ready';
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  const text = useBetText();
  if (state === 'loading')
    return (
      <p className="lott-muted" aria-busy="true">
        {t('lottery.loading')}
      </p>
    );
  if (state === 'error')
    return (
      <p className="lott-muted" role="alert">
        {t('lottery.results.loadFailed')}{' '}
        <button type="button" className="lott-link" onClick={onRetry}>
          {t('lottery.retry')}
        </button>
      </p>
    );
  if (!results || results.length === 0) return <p className="lott-muted">{t('lottery.results.empty')}</p>;
  return (
    <>
      <TrendChart kind={kind} results={results} />
      <ul className="lott-list" data-testid="results">
        {results.map((r) => {
          const balls = resultBalls(kind, r.result);
          const wingo = wingoReading(kind, r.result);
          return (
            <li key={r.numero} className="lott-list__row" data-testid={`result-${r.numero}`}>
              <span className="lott-list__main">
                <span>{t('lottery.period.numero', { numero: r.numero })}</span>
                <Balls
                  items={balls}
                  size="sm"
                  colours={(b) => ballColours(kind, b)}
                  label={t('lottery.results.result', { result: balls.join(' ') })}
                />
                {wingo && (
                  // Win Go's result as the market reads it: the number, big or small, its colours.
                  <span className="lott-reading" data-testid="result-reading">
                    <span className={`lott-size lott-size--${wingo.size}`}>{text.word(wingo.size)}</span>
                    {wingo.colours.map((c) => (
                      <span key={c} className={`lott-dot lott-dot--${c}`} aria-hidden="true" />
                    ))}
                    {/* The colours heard as words: the balls are the row's one picture. */}
                    <span className="visually-hidden">
                      {wingo.colours.map((c) => text.word(c)).join(', ')}
                    </span>
                  </span>
                )}
              </span>
              <Link className="lott-link" to={verifyUrl(r.gameCode, r.numero)} data-testid="result-verify">
                {t('lottery.results.verify')}
              </Link>
            </li>
          );
        })}
      </ul>
    </>
  );
}
