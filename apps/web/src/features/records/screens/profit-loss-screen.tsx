import { useId } from 'react';
import { useTranslation } from '../../../i18n/react';
import { useProfitLoss } from '../api/get-profit-loss';
import type { ProfitLossTotals } from '../api/types';
import { Money, SignedMoney } from '../../../components/ui/money';
import { RangeFilter } from '../../../components/ui/range-filter';
import { EmptyState, LoadError, ListSkeleton } from '../../../components/ui/states';
import { Page } from '../../../components/ui/page';
import { useDateRange } from '../../../lib/use-date-range';
import { signOf } from '../../../lib/amounts';
import '../records.css';

/** The movements a period is made of, in the order the member reads them. */
const PARTS = ['deposits', 'withdrawals', 'bets', 'wins', 'bonuses', 'rebates'] as const;

function Parts({ totals, testId }: { totals: ProfitLossTotals; testId: string }) {
  const { t } = useTranslation();
  return (
    <dl className="ui-details" data-testid={testId}>
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
    <Page title={t('records.pnl.title')} testId="profit-loss-screen">
      <RangeFilter state={dates} />
      {dates.range === null ? null : query.isPending ? (
        <ListSkeleton rows={3} />
      ) : query.isError && !query.data ? (
        <LoadError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <div aria-busy={query.isFetching} className="rec-pnl">
          <section
            className="ui-card rec-pnl__totals"
            aria-labelledby={totalsTitleId}
            data-testid="pnl-totals"
          >
            <h2 id={totalsTitleId} className="ui-card__title">
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
            <EmptyState text={t('records.pnl.empty')} />
          ) : (
            <ul className="ui-list" aria-label={t('records.pnl.byDay')} data-testid="pnl-days">
              {days.map((d) => (
                <li key={d.date} className="ui-item" data-testid="pnl-day">
                  <article className="ui-row" aria-label={d.date}>
                    <div className="ui-row__main">
                      <time className="ui-row__title" dateTime={d.date}>
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
    </Page>
  );
}
