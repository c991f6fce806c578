import { useId, useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import '../records.css';

export interface TypeFilterProps {
  available: readonly string[];
  selected: readonly string[];
  onChange: (types: string[]) => void;
}

/**
 * Multi-select of transaction types: a disclosure button saying what is chosen, opening a list of
 * checkboxes. None chosen means every type.
 */
export function TypeFilter({ available, selected, onChange }: TypeFilterProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const legendId = useId();
  const summary =
    selected.length === 0 ? t('records.type.all') : t('records.type.selected', { count: selected.length });
  const toggle = (type: string, on: boolean) =>
    onChange(
      on ? available.filter((a) => a === type || selected.includes(a)) : selected.filter((s) => s !== type),
    );
  return (
    <div className="rec-types">
      <button
        type="button"
        className="rec-types__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        data-testid="type-filter-toggle"
      >
        <span>{t('records.type.label')}</span>
        <span className="rec-types__summary">{summary}</span>
      </button>
      <div id={panelId} hidden={!open}>
        <fieldset className="rec-types__panel" aria-labelledby={legendId}>
          <legend id={legendId} className="visually-hidden">
            {t('records.type.label')}
          </legend>
          {available.map((type) => (
            <label key={type} className="rec-check">
              <input
                type="checkbox"
                checked={selected.includes(type)}
                onChange={(e) => toggle(type, e.target.checked)}
                data-testid={`type-option-${type}`}
              />
              <span>{t(`records.type.${type}`, { defaultValue: type })}</span>
            </label>
          ))}
          <button
            type="button"
            className="rec-types__clear"
            onClick={() => onChange([])}
            disabled={selected.length === 0}
            data-testid="type-filter-clear"
          >
            {t('records.type.clear')}
          </button>
        </fieldset>
      </div>
    </div>
  );
}
