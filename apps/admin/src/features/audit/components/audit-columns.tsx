import { Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Column } from '../../../components/list-states';
import { formatTime } from '../../../lib/format';
import type { AuditEntry } from '../api/audit';

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const valueText = (v: unknown): string =>
  v === null || v === undefined
    ? '—'
    : typeof v === 'string'
      ? v
      : typeof v === 'number' || typeof v === 'boolean'
        ? String(v)
        : JSON.stringify(v);

/** A reference as staff read it: the username when the server knows one, the raw reference beneath. */
function Ref({ name, raw }: { name: string | null; raw: string }) {
  if (!name) return <>{raw}</>;
  return (
    <Stack gap={0}>
      <Text size="sm">{name}</Text>
      <Text size="xs" c="dimmed">
        {raw}
      </Text>
    </Stack>
  );
}

/**
 * An entry's details as people read them (#49 item 7): a change's before → after as a table of the fields
 * that differ, then the other details (the reason first) as lines; never raw JSON.
 */
export function AuditDetails({ details }: { details: Record<string, unknown> }) {
  const { t } = useTranslation();
  const { before, after, reason, ...rest } = details;
  const fields =
    isRecord(before) || isRecord(after)
      ? [
          ...new Set([
            ...Object.keys(isRecord(before) ? before : {}),
            ...Object.keys(isRecord(after) ? after : {}),
          ]),
        ]
          .map((k) => ({
            k,
            from: valueText(isRecord(before) ? before[k] : undefined),
            to: valueText(isRecord(after) ? after[k] : undefined),
          }))
          .filter((f) => f.from !== f.to)
      : [];
  return (
    <Stack gap={4} maw={460}>
      {reason !== undefined && (
        <Text size="sm">
          {t('audit.reason')}: {valueText(reason)}
        </Text>
      )}
      {fields.length > 0 && (
        <Table withTableBorder withColumnBorders fz="xs" data-testid="audit-change">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('audit.field')}</Table.Th>
              <Table.Th>{t('audit.before')}</Table.Th>
              <Table.Th>{t('audit.after')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {fields.map((f) => (
              <Table.Tr key={f.k}>
                <Table.Td>{f.k}</Table.Td>
                <Table.Td style={{ wordBreak: 'break-word' }}>{f.from}</Table.Td>
                <Table.Td style={{ wordBreak: 'break-word' }}>{f.to}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {Object.entries(rest).map(([k, v]) => (
        <Text key={k} size="xs" style={{ wordBreak: 'break-word' }}>
          {k}: {valueText(v)}
        </Text>
      ))}
    </Stack>
  );
}

/** The audit log's columns: when, who, what, on what, and the details as recorded. */
export function useAuditColumns(): Column<AuditEntry>[] {
  const { t, i18n } = useTranslation();
  return [
    { key: 'time', title: t('audit.time'), render: (e) => formatTime(e.createdAt, i18n.language) },
    { key: 'actor', title: t('audit.actor'), render: (e) => <Ref name={e.actorName} raw={e.actor} /> },
    { key: 'action', title: t('audit.action'), render: (e) => e.action },
    { key: 'target', title: t('audit.target'), render: (e) => <Ref name={e.targetName} raw={e.target} /> },
    { key: 'details', title: t('audit.details'), render: (e) => <AuditDetails details={e.details} /> },
  ];
}
