import { Button, Group, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { QUEUE_FILTERS, type QueueFilter, type QueueFilterValues } from '../rules/queue-filters';

/**
 * The filter form above a queue: local days from–to, an amount range, a member and (deposits) a method.
 * Applied together with its button (or Enter), cleared with the other; typing asks the server nothing.
 */
export function QueueFilterBar(props: {
  values: QueueFilterValues;
  onApply: (next: QueueFilterValues) => void;
  /** Deposits: a method code to filter by (BANK, GCASH…). */
  method?: boolean;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<QueueFilterValues>(props.values);
  const set = (k: QueueFilter) => (value: string) => setDraft((d) => ({ ...d, [k]: value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const trim = (k: QueueFilter) => draft[k].trim();
    props.onApply({
      ...draft,
      username: trim('username'),
      minAmount: trim('minAmount'),
      maxAmount: trim('maxAmount'),
      method: trim('method'),
    });
  };
  const empty = Object.fromEntries(QUEUE_FILTERS.map((k) => [k, ''])) as QueueFilterValues;
  return (
    <form onSubmit={submit} aria-label={t('cashier.filters.label')} data-testid="queue-filters">
      <Group align="flex-end" wrap="wrap" gap="sm">
        <TextInput
          type="date"
          label={t('cashier.filters.from')}
          value={draft.from}
          max={draft.to || undefined}
          onChange={(e) => set('from')(e.currentTarget.value)}
        />
        <TextInput
          type="date"
          label={t('cashier.filters.to')}
          value={draft.to}
          min={draft.from || undefined}
          onChange={(e) => set('to')(e.currentTarget.value)}
        />
        <TextInput
          label={t('cashier.filters.minAmount')}
          inputMode="decimal"
          w={120}
          value={draft.minAmount}
          onChange={(e) => set('minAmount')(e.currentTarget.value)}
        />
        <TextInput
          label={t('cashier.filters.maxAmount')}
          inputMode="decimal"
          w={120}
          value={draft.maxAmount}
          onChange={(e) => set('maxAmount')(e.currentTarget.value)}
        />
        <TextInput
          label={t('cashier.filters.username')}
          w={160}
          value={draft.username}
          onChange={(e) => set('username')(e.currentTarget.value)}
        />
        {props.method && (
          <TextInput
            label={t('cashier.filters.method')}
            w={120}
            value={draft.method}
            onChange={(e) => set('method')(e.currentTarget.value.toUpperCase())}
          />
        )}
        <Button type="submit">{t('cashier.filters.apply')}</Button>
        <Button
          variant="default"
          onClick={() => {
            setDraft(empty);
            props.onApply(empty);
          }}
        >
          {t('cashier.filters.clear')}
        </Button>
      </Group>
    </form>
  );
}
