import { Button, Group, Stack, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { presetOf, presetRange, RANGE_PRESETS, type DayRange } from '../rules/range';

/**
 * The figures' range: its two days and the quick ranges (today, yesterday, the last 7 days, this month,
 * last month) ending on `today`; the one the range is shows pressed. A day half typed is not sent.
 * `children` (the screen's other filters) stand beside the days.
 */
export function RangePicker(props: {
  range: DayRange;
  today: string;
  onChange: (range: DayRange) => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const { range, today } = props;
  const pressed = presetOf(range, today);
  return (
    <Stack gap="xs">
      <Group align="flex-end" wrap="wrap">
        <TextInput
          type="date"
          label={t('providerFigures.from')}
          value={range.from}
          max={range.to}
          onChange={(e) => e.currentTarget.value && props.onChange({ ...range, from: e.currentTarget.value })}
        />
        <TextInput
          type="date"
          label={t('providerFigures.to')}
          value={range.to}
          min={range.from}
          onChange={(e) => e.currentTarget.value && props.onChange({ ...range, to: e.currentTarget.value })}
        />
        {props.children}
      </Group>
      <Group gap="xs" role="group" aria-label={t('providerFigures.presets')}>
        {RANGE_PRESETS.map((p) => (
          <Button
            key={p}
            size="sm"
            variant={pressed === p ? 'filled' : 'default'}
            aria-pressed={pressed === p}
            onClick={() => props.onChange(presetRange(p, today))}
          >
            {t(`providerFigures.preset.${p}`)}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}
