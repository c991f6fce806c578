import { useId } from 'react';
import { useTranslation } from '../../../i18n/react';
import { useProfitLoss } from '../api/get-profit-loss';
import type { ProfitLossTotals } from '../api/types';
import { Money, SignedMoney } from '../components/money';
import { RangeFilter } from '../components/range-filter';
import { RecordsEmpty, RecordsError, RecordsSkeleton } from '../components/record-states';
import { RecordsPage } from '../components/records-page';
import { useDateRange } from '../hooks/use-date-range';
import { signOf } from '../lib/amounts';

/** The movements a period is made of, in the order the member reads them. */
const PARTS = ['deposits', 'withdrawals', 'bets', 'wins', 'bonuses', 'rebates'] as const;

function Parts({ totals, testId }: { totals: ProfitLossTotals; testId: string }) {
  const { t } = useTranslation();
  return (
    <dl className="rec-pnl__parts" data-testid={testId}>
      {PARTS.map((part) => (
        <div key={part}>
          <dt>{t(`records.pnl.${part}`)}</dt>
          <dd>
            <Money value={totals[part]} testId={`pnl-${part}`} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

const quiet = (d: ProfitLossTotals) => [...PARTS, 'profit' as const].every((k) => signOf(d[k]) === 'zero');

/** /m/profitandloss: the member's profit and loss for a period: totals, then one card per day. */
export function ProfitLossScreen() {
  const { t } = useTranslation();
  const totalsTitleId = useId();
  const dates = useDateRange('last7');
  const query = useProfitLoss(dates.range);
  const days = (query.data?.days ?? []).filter((d) => !quiet(d));
  return (
    <RecordsPage title={t('records.pnl.title')} testId="profit-loss-screen">
      <RangeFilter state={dates} />
      {dates.range === null ? null : query.isPending ? (
        <RecordsSkeleton rows={3} />
      ) : query.isError && !query.data ? (
        <RecordsError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <div aria-busy={query.isFetching} className="rec-pnl">
          <section
            className="rec-card rec-pnl__totals"
            aria-labelledby={totalsTitleId}
            data-testid="pnl-totals"
          >
            <h2 id={totalsTitleId} className="rec-card__title">
              {t('records.pnl.totals', { from: query.data.from, to: query.data.to })}
            </h2>
            <p className="rec-pnl__profit">
              <span>{t('records.pnl.profit')}</span>
              <SignedMoney value={query.data.totals.profit} testId="pnl-profit" />
            </p>
            <Parts totals={query.data.totals} testId="pnl-total-parts" />
          </section>
          <h2 className="rec-pnl__days-title">{t('records.pnl.byDay')}</h2>
          {days.length === 0 ? (
            <RecordsEmpty text={t('records.pnl.empty')} />
          ) : (
            <ul className="rec-list" aria-label={t('records.pnl.byDay')} data-testid="pnl-days">
              {days.map((d) => (
                <li key={d.date} className="rec-item" data-testid="pnl-day">
                  <article className="rec-row" aria-label={d.date}>
                    <div className="rec-row__main">
                      <time className="rec-row__title" dateTime={d.date}>
                        {d.date}
                      </time>
                      <SignedMoney value={d.profit} testId="pnl-day-profit" />
                    </div>
                    <Parts totals={d} testId="pnl-day-parts" />
                  </article>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </RecordsPage>
  );
}
