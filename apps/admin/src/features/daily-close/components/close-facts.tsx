import { SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { displayCurrency } from '@panalo/contract/money';
import { formatTime } from '../../../lib/format';
import type { DailyClose } from '../api/get-close';
import { closedBySystem } from '../rules/sheet';
import { Difference } from './difference';
import { CloseStatusBadge } from './status-badge';

/** A closed day at a glance, as a description list: status, difference, its span, who closed and signed it. */
export function CloseFacts({ close }: { close: DailyClose }) {
  const { t, i18n } = useTranslation();
  const time = (iso: string) => formatTime(iso, i18n.language);
  const rows: { key: string; label: string; value: ReactNode }[] = [
    { key: 'status', label: t('dailyClose.col.status'), value: <CloseStatusBadge status={close.status} /> },
    {
      key: 'difference',
      label: t('dailyClose.col.difference'),
      value: <Difference value={close.difference} format={(v) => displayCurrency(v, close.currency)} />,
    },
    {
      key: 'span',
      label: t('dailyClose.day.span'),
      value: t('dailyClose.day.spanValue', { from: time(close.startsAt), to: time(close.endsAt) }),
    },
    {
      key: 'created',
      label: t('dailyClose.day.created'),
      value: closedBySystem(close.runBy)
        ? t('dailyClose.day.createdBySystem', { at: time(close.createdAt) })
        : t('dailyClose.day.createdBy', { at: time(close.createdAt), by: close.runBy }),
    },
    {
      key: 'signed',
      label: t('dailyClose.col.signed'),
      value:
        close.signedBy && close.signedAt
          ? t('dailyClose.signedValue', { by: close.signedBy, at: time(close.signedAt) })
          : t('dailyClose.notSigned'),
    },
  ];
  return (
    // The grid is the <dl> itself: its children are the <div> groups of one <dt> and one <dd> each.
    <SimpleGrid
      component="dl"
      m={0}
      cols={{ base: 1, xs: 2, md: 3 }}
      spacing="sm"
      verticalSpacing="xs"
      data-testid="close-facts"
    >
      {rows.map((r) => (
        <div key={r.key} data-fact={r.key}>
          <Text component="dt" size="xs" c="dimmed" fw={600}>
            {r.label}
          </Text>
          <Text component="dd" size="sm" m={0} style={{ wordBreak: 'break-word' }}>
            {r.value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}
