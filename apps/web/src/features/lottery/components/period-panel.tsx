import { useTranslation } from '../../../i18n/react';
import type { GameMenus } from '@panalo/contract/lottery';
import type { LotteryTimerView } from '@panalo/contract/lottery-rules';

/** The current period: its number, the countdown to the sales lock (the timer widget's rules), locked or open. */
export function PeriodPanel({
  menus,
  view,
  locked,
}: {
  menus: GameMenus;
  view: LotteryTimerView;
  locked: boolean;
}) {
  const { t } = useTranslation();
  return (
    <section className="lott-period" aria-labelledby="lott-period-title" data-testid="period-panel">
      <div>
        <h2 id="lott-period-title" className="lott-period__title">
          {t('lottery.period.numero', { numero: menus.period.numero })}
        </h2>
        <p className="lott-period__state" data-testid="period-state">
          {t(locked ? 'lottery.period.locked' : 'lottery.period.open')}
        </p>
      </div>
      <div className="lott-period__clock">
        <span className="lott-period__caption">{t('lottery.period.closesIn')}</span>
        <time
          className={`lott-timer lott-timer--big${view.near ? ' lott-timer--near' : ''}`}
          data-testid="period-timer"
          data-near={view.near}
          aria-live={view.near ? 'polite' : 'off'}
        >
          {view.text}
        </time>
      </div>
    </section>
  );
}
