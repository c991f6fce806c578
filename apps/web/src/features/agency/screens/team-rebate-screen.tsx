import { useId } from 'react';
import type { RebateIncome, RebateIncomeLine } from '@panalo/contract/agent';
import { useTranslation } from '../../../i18n/react';
import { Page } from '../../../components/ui/page';
import { PagedList } from '../../../components/ui/paged-list';
import { RangeFilter } from '../../../components/ui/range-filter';
import { Money, SignedMoney } from '../../../components/ui/money';
import { useDateRange } from '../../../lib/use-date-range';
import { useRebateIncome } from '../api/get-rebate-income';
import '../agency.css';
import { formatMoney } from '../../../lib/format';

function LineRow({ l }: { l: RebateIncomeLine }) {
  const { t } = useTranslation();
  const from = l.own ? t('agency.income.own') : t('agency.income.from', { name: l.source });
  return (
    <article className="ui-row" aria-label={`${l.day} ${from}`} data-testid="income-line">
      <div className="ui-row__main">
        <span className="ui-row__title">{from}</span>
        <SignedMoney value={l.amount} testId="income-line-amount" />
      </div>
      <div className="ui-row__meta">
        <span>{l.day}</span>
        <span>{t(`agency.product.${l.product}`)}</span>
        <span>{t('agency.income.rateOf', { rate: l.rate, turnover: formatMoney(l.turnover) })}</span>
      </div>
    </article>
  );
}

function Summary({ v }: { v: RebateIncome }) {
  const { t } = useTranslation();
  const title = useId();
  return (
    <section className="ui-card" aria-labelledby={title} data-testid="income-summary">
      <h2 id={title} className="ui-card__title">
        {t('agency.pnl.team', { from: v.from, to: v.to })}
      </h2>
      <dl className="ui-details">
        {v.today && (
          <div>
            <dt>{t('agency.income.today')}</dt>
            <dd>
              <Money value={v.today.amount} testId="income-today" />
              <small className="agency-note">
                {t('agency.income.todayNote', { turnover: formatMoney(v.today.turnover) })}
              </small>
            </dd>
          </div>
        )}
        <div>
          <dt>{t('agency.income.paid')}</dt>
          <dd>
            <Money value={v.paid} testId="income-paid" />
          </dd>
        </div>
        <div>
          <dt>{t('agency.income.earned')}</dt>
          <dd>
            <SignedMoney value={v.earned} testId="income-earned" />
          </dd>
        </div>
      </dl>
    </section>
  );
}

function Days({ v }: { v: RebateIncome }) {
  const { t } = useTranslation();
  const title = useId();
  if (v.days.length === 0) return null;
  return (
    <section className="ui-card" aria-labelledby={title}>
      <h2 id={title} className="ui-card__title">
        {t('agency.income.days')}
      </h2>
      <table className="agency-table" data-testid="income-days">
        <thead>
          <tr>
            <th scope="col">{t('agency.income.day')}</th>
            <th scope="col">{t('agency.money.turnover')}</th>
            <th scope="col">{t('agency.income.paid')}</th>
          </tr>
        </thead>
        <tbody>
          {v.days.map((d) => (
            <tr key={d.day}>
              <th scope="row">{d.day}</th>
              <td>
                <Money value={d.turnover} />
              </td>
              <td>
                <Money value={d.paid} />
                {d.carried !== '0.00' && (
                  <small className="agency-note" data-testid="income-carried">
                    {t('agency.income.carried', { amount: formatMoney(d.carried) })}
                  </small>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/**
 * /m/member/teamRebate (AGEREBINC3): what the daily rebate run paid the agent over a period, day by day,
 * the lines behind it (its own play, or each direct downline's branch, per product), and today so far —
 * paid once the day has closed.
 */
export function TeamRebateScreen() {
  const { t } = useTranslation();
  const dates = useDateRange('last7');
  const query = useRebateIncome(dates.range);
  const first = query.data?.pages[0];
  return (
    <Page title={t('agency.grid.rebateIncome')} testId="team-rebate-screen">
      <RangeFilter state={dates} />
      {first && <Summary v={first} />}
      {first && <Days v={first} />}
      {dates.range !== null && (
        <PagedList
          query={query}
          label={t('agency.income.lines')}
          emptyText={t('agency.income.empty')}
          itemKey={(l: RebateIncomeLine) => `${l.day}:${l.own ? '' : l.source}:${l.product}`}
          renderItem={(l: RebateIncomeLine) => <LineRow l={l} />}
          testId="income-list"
        />
      )}
    </Page>
  );
}
