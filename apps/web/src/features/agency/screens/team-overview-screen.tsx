import { useId } from 'react';
import { useTranslation } from '../../../i18n/react';
import { Page } from '../../../components/ui/page';
import { RangeFilter } from '../../../components/ui/range-filter';
import { ListSkeleton, LoadError } from '../../../components/ui/states';
import { useDateRange } from '../../../lib/use-date-range';
import { useTeamOverview } from '../api/get-team-overview';
import { MoneyList } from '../components/money-list';
import { TurnoverChart } from '../components/turnover-chart';
import '../agency.css';

const COUNTS = [
  'teamSize',
  'directDownlines',
  'registrations',
  'firstDeposits',
  'bettors',
  'depositCount',
] as const;

/** /m/agent/team/overview: the team's size, growth and money over a period, with turnover by day. */
export function TeamOverviewScreen() {
  const { t } = useTranslation();
  const moneyTitle = useId();
  const dates = useDateRange('last7');
  const query = useTeamOverview(dates.range);
  return (
    <Page title={t('agency.grid.teamOverview')} testId="team-overview-screen">
      <RangeFilter state={dates} />
      {dates.range === null ? null : query.isPending ? (
        <ListSkeleton rows={3} />
      ) : query.isError && !query.data ? (
        <LoadError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <div aria-busy={query.isFetching} className="agency-overview">
          <dl className="agency-counts" data-testid="overview-counts">
            {COUNTS.map((k) => (
              <div key={k} className="ui-card agency-counts__item">
                <dt>{t(`agency.overview.${k}`)}</dt>
                <dd data-testid={`overview-${k}`}>{query.data[k]}</dd>
              </div>
            ))}
          </dl>
          <section className="ui-card" aria-labelledby={moneyTitle}>
            <h2 id={moneyTitle} className="ui-card__title">
              {t('agency.overview.money', { from: query.data.from, to: query.data.to })}
            </h2>
            <MoneyList money={query.data.money} testId="overview-money" />
          </section>
          <TurnoverChart days={query.data.days} />
        </div>
      )}
    </Page>
  );
}
