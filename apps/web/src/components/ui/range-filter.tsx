import { useId } from 'react';
import { useTranslation } from '../../i18n/react';
import { RANGE_PRESETS } from '../../lib/date-range';
import type { DateRangeState } from '../../lib/use-date-range';
import { FilterChips } from './filter-chips';

/** Period presets (today, yesterday, last 7 days, last 30 days, custom) and the custom dates. */
export function RangeFilter({ state }: { state: DateRangeState }) {
  const { t } = useTranslation();
  const fromId = useId();
  const toId = useId();
  const errorId = useId();
  const invalid = state.preset === 'custom' && state.range === null;
  return (
    <div className="ui-range">
      <FilterChips
        label={t('common.range.label')}
        options={RANGE_PRESETS}
        value={state.preset}
        onChange={state.setPreset}
        labelFor={(p) => t(`common.range.${p}`)}
        testIdPrefix="range"
      />
      {state.preset === 'custom' && (
        <div className="ui-range__custom">
          <label className="ui-field" htmlFor={fromId}>
            <span className="ui-field__label">{t('common.range.from')}</span>
            <input
              id={fromId}
              type="date"
              className="ui-input"
              value={state.custom.from ?? ''}
              max={state.today}
              onChange={(e) => state.setCustom({ from: e.target.value })}
              aria-invalid={invalid}
              aria-describedby={invalid ? errorId : undefined}
              data-testid="range-from"
            />
          </label>
          <label className="ui-field" htmlFor={toId}>
            <span className="ui-field__label">{t('common.range.to')}</span>
            <input
              id={toId}
              type="date"
              className="ui-input"
              value={state.custom.to ?? ''}
              max={state.today}
              onChange={(e) => state.setCustom({ to: e.target.value })}
              aria-invalid={invalid}
              aria-describedby={invalid ? errorId : undefined}
              data-testid="range-to"
            />
          </label>
          {invalid && (
            <p id={errorId} className="ui-field__error" role="alert" data-testid="range-invalid">
              {t('common.range.invalid')}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
