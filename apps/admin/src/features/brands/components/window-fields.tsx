import { SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MAINTENANCE_WINDOW_MAX_HOURS } from '@panalo/contract/provider-rules';
import {
  WINDOW_MESSAGE_MAX,
  windowLength,
  type WindowField,
  type WindowForm,
} from '../rules/maintenance-window';

/**
 * A planned maintenance window's start, end (the browser's date and time pickers, read in the brand's
 * time zone, which each label names) and message, with how long it lasts. The launch form's cashier step
 * and the brand's page both use it.
 */
export function WindowFields({
  value,
  onChange,
  timeZone,
  errors,
  ids,
}: {
  value: WindowForm;
  onChange: (w: WindowForm) => void;
  timeZone: string;
  errors: Partial<Record<WindowField, string>>;
  /** The inputs' ids (a problem moves the focus to its field). */
  ids: Record<WindowField, string>;
}) {
  const { t } = useTranslation();
  const length = windowLength(value, timeZone);
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          id={ids.startsAt}
          type="datetime-local"
          label={t('brand.window.startsAt')}
          description={t('brand.window.inZone', { zone: timeZone })}
          value={value.startsAt}
          onChange={(e) => onChange({ ...value, startsAt: e.currentTarget.value })}
          error={errors.startsAt}
          required
        />
        <TextInput
          id={ids.endsAt}
          type="datetime-local"
          label={t('brand.window.endsAt')}
          description={t('brand.window.inZone', { zone: timeZone })}
          value={value.endsAt}
          min={value.startsAt || undefined}
          onChange={(e) => onChange({ ...value, endsAt: e.currentTarget.value })}
          error={errors.endsAt}
          required
        />
      </SimpleGrid>
      <Text size="xs" c="dimmed" aria-live="polite">
        {length
          ? t('brand.window.lasts', { hours: length.hours, minutes: length.minutes })
          : t('brand.window.max', { hours: MAINTENANCE_WINDOW_MAX_HOURS })}
      </Text>
      <Textarea
        id={ids.message}
        label={t('brand.window.message')}
        description={t('brand.window.messageHelp')}
        value={value.message}
        onChange={(e) => onChange({ ...value, message: e.currentTarget.value })}
        error={errors.message}
        maxLength={WINDOW_MESSAGE_MAX}
        autosize
        minRows={2}
      />
    </Stack>
  );
}
