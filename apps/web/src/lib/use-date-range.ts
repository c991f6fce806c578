import { useState } from 'react';
import { isValidRange, presetRange, type DateRange, type RangePreset } from './date-range';

export interface DateRangeState {
  preset: RangePreset;
  custom: Partial<DateRange>;
  /** The range to ask for; null while a custom range is incomplete or reversed. */
  range: DateRange | null;
  /** Today as YYYY-MM-DD (the custom inputs' upper bound). */
  today: string;
  setPreset: (p: RangePreset) => void;
  setCustom: (patch: Partial<DateRange>) => void;
}

/**
 * The period filter's state. `now` is read once per screen visit (injected in tests) so that the
 * presets do not move while the member pages through a list.
 */
export function useDateRange(initial: RangePreset, clock: () => Date = () => new Date()): DateRangeState {
  const [now] = useState(clock);
  const [preset, setPresetState] = useState<RangePreset>(initial);
  const today = presetRange('today', now);
  const [custom, setCustomState] = useState<Partial<DateRange>>(today);
  const range = preset === 'custom' ? (isValidRange(custom) ? custom : null) : presetRange(preset, now);
  return {
    preset,
    custom,
    range,
    today: today.to,
    setPreset: (p) => {
      // Custom starts from the range shown so far, which the member then narrows or widens.
      if (p === 'custom' && preset !== 'custom' && range) setCustomState(range);
      setPresetState(p);
    },
    setCustom: (patch) => setCustomState((c) => ({ ...c, ...patch })),
  };
}
