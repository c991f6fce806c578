import { Code, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { changeLines } from '../rules/change-diff';

/** An entry's before → after as the fields that differ, one line each, values as compact JSON. */
export function AuditChange({ before, after }: { before: unknown; after: unknown }) {
  const { t } = useTranslation();
  const lines = changeLines(before, after);
  if (lines.length === 0) return <>—</>;
  return (
    <Stack gap={2} maw={520} data-testid="provider-audit-change">
      {lines.map((l) => (
        <Text key={l.path} size="xs" style={{ wordBreak: 'break-word' }}>
          {l.path && <strong>{l.path}: </strong>}
          <Code>{l.before ?? t('providerAudit.none')}</Code> →{' '}
          <Code>{l.after ?? t('providerAudit.none')}</Code>
        </Text>
      ))}
    </Stack>
  );
}
