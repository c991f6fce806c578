import { useId } from 'react';

export interface FilterChipsProps<T extends string> {
  /** Names the group for assistive technology (e.g. "Status"). */
  label: string;
  options: readonly T[];
  value: T;
  onChange: (value: T) => void;
  labelFor: (value: T) => string;
  /** Each chip gets data-testid `${testIdPrefix}-${value}`. */
  testIdPrefix: string;
}

/**
 * A single-choice filter as a row of toggle buttons (aria-pressed): plain buttons keep the keyboard and
 * screen-reader behaviour simple, and the row scrolls sideways at 320 px instead of wrapping.
 */
export function FilterChips<T extends string>(p: FilterChipsProps<T>) {
  const labelId = useId();
  return (
    <div className="ui-chips" role="group" aria-labelledby={labelId}>
      <span id={labelId} className="visually-hidden">
        {p.label}
      </span>
      {p.options.map((o) => (
        <button
          key={o}
          type="button"
          className="ui-chip"
          aria-pressed={o === p.value}
          onClick={() => p.onChange(o)}
          data-testid={`${p.testIdPrefix}-${o}`}
        >
          {p.labelFor(o)}
        </button>
      ))}
    </div>
  );
}
