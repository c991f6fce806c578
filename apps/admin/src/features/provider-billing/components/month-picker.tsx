import { ActionIcon, Group, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { monthChoices, monthLabel, monthOf, shiftMonth } from '../rules/month';

/**
 * An invoice month: the previous one, a list of this month and the 23 before it, the next one (never
 * past this month: a month not begun has no invoice).
 */
export function MonthPicker(props: { month: string; now: Date; onChange: (month: string) => void }) {
  const { t, i18n } = useTranslation();
  const { month, now } = props;
  const choices = monthChoices(now);
  // A month in the address beyond the list (older) is still shown as chosen.
  if (!choices.includes(month)) choices.push(month);
  const latest = monthOf(now);
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <ActionIcon
        variant="default"
        size={36}
        aria-label={t('providerInvoices.previousMonth')}
        onClick={() => props.onChange(shiftMonth(month, -1))}
      >
        <span aria-hidden>‹</span>
      </ActionIcon>
      <Select
        label={t('providerInvoices.month')}
        data={choices.map((m) => ({ value: m, label: monthLabel(m, i18n.language) }))}
        value={month}
        onChange={(v) => v && props.onChange(v)}
        allowDeselect={false}
        w={200}
      />
      <ActionIcon
        variant="default"
        size={36}
        aria-label={t('providerInvoices.nextMonth')}
        disabled={month >= latest}
        onClick={() => props.onChange(shiftMonth(month, 1))}
      >
        <span aria-hidden>›</span>
      </ActionIcon>
    </Group>
  );
}
