import { useTranslation } from '../../../i18n/react';
import { useSite } from '../../../app/site';
import { formatCurrency } from '../../../lib/format';
import { usePlayHistory, type PlayDay } from '../api/history';

const W = 300;
const H = 120;

/** Bars of one figure per day (a picture: the table below says the same in words). */
function Bars({ days, value, label }: { days: PlayDay[]; value: (d: PlayDay) => number; label: string }) {
  const values = days.map(value);
  const top = Math.max(1, ...values.map(Math.abs));
  const mid = values.some((v) => v < 0) ? H / 2 : H;
  const scale = (mid - 4) / top;
  const w = W / days.length;
  return (
    <figure className="ph-figure">
      <figcaption className="sp-muted">{label}</figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} className="ph-chart" aria-hidden="true" focusable="false">
        <line x1="0" x2={W} y1={mid} y2={mid} className="ph-axis" />
        {values.map((v, i) => {
          const h = Math.abs(v) * scale;
          return (
            <rect
              key={days[i]!.day}
              x={i * w + 1}
              width={Math.max(1, w - 2)}
              y={v >= 0 ? mid - h : mid}
              height={h}
              className={v >= 0 ? 'ph-bar' : 'ph-bar ph-bar--loss'}
            />
          );
        })}
      </svg>
    </figure>
  );
}

/**
 * The member's last 30 days (issue 22): deposits, net result of play and time signed in per day, as
 * charts, and as a table of the days with any activity (what a screen reader reads).
 */
export function PlayHistory() {
  const { t } = useTranslation();
  const history = usePlayHistory();
  const currency = useSite().bundle.site.currency;
  const money = (v: string) => formatCurrency(v, currency);
  const days = history.data?.days ?? [];
  const active = days.filter((d) => d.deposits !== '0.00' || d.net !== '0.00' || d.minutes > 0);
  return (
    <section className="sp-card" aria-labelledby="ph-title" data-testid="sp-history">
      <h2 id="ph-title" className="sp-subtitle">
        {t('protection.history.title')}
      </h2>
      {history.isPending && <p aria-busy="true">{t('msg.please_wait')}</p>}
      {history.isError && (
        <p className="sp-alert" role="alert">
          {t('protection.history.error')}
        </p>
      )}
      {history.data && (
        <>
          <Bars days={days} value={(d) => Number(d.deposits)} label={t('protection.history.deposits')} />
          <Bars days={days} value={(d) => Number(d.net)} label={t('protection.history.net')} />
          <Bars days={days} value={(d) => d.minutes} label={t('protection.history.time')} />
          {active.length === 0 ? (
            <p className="sp-muted" data-testid="sp-history-empty">
              {t('protection.history.empty')}
            </p>
          ) : (
            <table className="ph-table" data-testid="sp-history-table">
              <caption className="sp-muted">{t('protection.history.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('protection.history.day')}</th>
                  <th scope="col">{t('protection.history.deposits')}</th>
                  <th scope="col">{t('protection.history.net')}</th>
                  <th scope="col">{t('protection.history.time')}</th>
                </tr>
              </thead>
              <tbody>
                {active.map((d) => (
                  <tr key={d.day}>
                    <th scope="row">{d.day}</th>
                    <td>{money(d.deposits)}</td>
                    <td>{money(d.net)}</td>
                    <td>{t('protection.history.minutes', { m: d.minutes })}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </section>
  );
}
