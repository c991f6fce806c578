import type { TeamOverview } from '@panalo/contract/agent';
import { useTranslation } from '../../../i18n/react';
import { formatMoney } from '../../../lib/format';
import { barHeights } from '../rules/chart';

/**
 * Turnover per day as bars (the trend an agent compares), with the same figures as a table for screen
 * readers; the bars themselves are hidden from them.
 */
export function TurnoverChart({ days }: { days: TeamOverview['days'] }) {
  const { t } = useTranslation();
  const heights = barHeights(days.map((d) => d.turnover));
  return (
    <figure className="agency-chart" data-testid="turnover-chart">
      <figcaption className="agency-chart__title">{t('agency.overview.chart')}</figcaption>
      <div className="agency-chart__bars" aria-hidden="true">
        {days.map((d, i) => (
          <div key={d.date} className="agency-chart__col" title={`${d.date}: ${formatMoney(d.turnover)}`}>
            <span className="agency-chart__bar" style={{ height: `${heights[i] ?? 0}%` }} />
          </div>
        ))}
      </div>
      <div className="agency-chart__axis" aria-hidden="true">
        <span>{days[0]?.date.slice(5)}</span>
        <span>{days.at(-1)?.date.slice(5)}</span>
      </div>
      {/* Hidden by its wrapper: a table grows to its content whatever width it is given. */}
      <div className="visually-hidden">
        <table>
          <caption>{t('agency.overview.chart')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('agency.overview.date')}</th>
              <th scope="col">{t('agency.money.turnover')}</th>
              <th scope="col">{t('agency.overview.registrations')}</th>
              <th scope="col">{t('agency.overview.bettors')}</th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.date}>
                <th scope="row">{d.date}</th>
                <td>{formatMoney(d.turnover)}</td>
                <td>{d.registrations}</td>
                <td>{d.bettors}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
