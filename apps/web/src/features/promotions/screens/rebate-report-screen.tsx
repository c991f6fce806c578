import type { RebateReportItem } from '@panalo/contract/promotions';
import { useTranslation } from '../../../i18n/react';
import { Money } from '../../../components/ui/money';
import { Page } from '../../../components/ui/page';
import { RangeFilter } from '../../../components/ui/range-filter';
import { EmptyState, ListSkeleton, LoadError } from '../../../components/ui/states';
import { formatRecordTime } from '../../../lib/format-time';
import { useDateRange } from '../../../lib/use-date-range';
import { useRebateReport } from '../api/promotions';
import { RebateLines } from './manual-rebate-screen';
import '../promotions.css';

function Item({ i }: { i: RebateReportItem }) {
  const { t } = useTranslation();
  return (
    <li className="ui-item rebate-item" data-testid="rebate-item">
      <div className="promo-card__head">
        <span className="promo-reward__title">{i.day}</span>
        <span className={`promo-status promo-status--${i.kind === 'manual' ? 'claimed' : 'signed'}`}>
          {t(`promotions.rebateReport.${i.kind}`)}
        </span>
      </div>
      <p className="promo-reward__amount">
        <Money value={i.amount} />
      </p>
      <p className="promo-card__note">
        {t('promotions.rebate.turnover')} <Money value={i.turnover} /> · {formatRecordTime(i.createdAt)}
      </p>
      <details>
        <summary>{t('promotions.rebateReport.lines')}</summary>
        <RebateLines lines={i.lines} caption={`${t('promotions.rebateReport.lines')} · ${i.day}`} />
      </details>
    </li>
  );
}

/** /m/member/rebateReport (PLYRBT): the rebates paid to me over a period, newest first, by product. */
export function RebateReportScreen() {
  const { t } = useTranslation();
  const dates = useDateRange('last7');
  const report = useRebateReport(dates.range);
  return (
    <Page title={t('promotions.rebateReport.title')} testId="rebate-report-screen">
      <RangeFilter state={dates} />
      {dates.range === null ? null : report.isPending ? (
        <ListSkeleton rows={3} />
      ) : report.isError && !report.data ? (
        <LoadError error={report.error} onRetry={() => void report.refetch()} />
      ) : report.data.items.length === 0 ? (
        <EmptyState text={t('promotions.rebateReport.none')} />
      ) : (
        <div aria-busy={report.isFetching}>
          <p className="ui-card promo-rebate__total" data-testid="rebate-total">
            {t('promotions.rebateReport.total', {
              amount: report.data.amount,
              turnover: report.data.turnover,
            })}
          </p>
          <ul className="ui-list" aria-label={t('promotions.rebateReport.title')}>
            {report.data.items.map((i) => (
              <Item key={i.id} i={i} />
            ))}
          </ul>
        </div>
      )}
    </Page>
  );
}
