import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { displayAmount } from '@panalo/contract/money';
import { FactList } from '../../../components/fact-list';
import { scrollRegion } from '../../../components/list-states';
import { formatTime } from '../../../lib/format';
import { EVIDENCE_KEYS, evidenceEntries, type EvidenceEntry, type EvidenceValue } from '../rules/cases';

const KNOWN_KEYS = new Set<string>(EVIDENCE_KEYS);

/** A key's name in words ('transferId' → "Transfer"); a key the console does not know, as it is. */
function useKeyName() {
  const { t } = useTranslation();
  return (key: string) => (KNOWN_KEYS.has(key) ? t(`aml.evidence.key.${key}`) : key);
}

function Value({ value, keyName }: { value: EvidenceValue; keyName: string }) {
  const { t, i18n } = useTranslation();
  const name = useKeyName();
  switch (value.type) {
    case 'amount':
      return <>{displayAmount(value.value)}</>;
    case 'time':
      return <>{formatTime(value.value, i18n.language)}</>;
    case 'percent':
      return <>{t('aml.evidence.percent', { value: value.value })}</>;
    case 'hours':
      return <>{t('aml.evidence.hours', { count: value.value })}</>;
    case 'minutes':
      return <>{t('aml.evidence.minutes', { count: value.value })}</>;
    case 'enum':
      return <>{t(`aml.evidence.enum.${value.key}.${value.value}`)}</>;
    case 'names':
      return <>{value.values.join(', ')}</>;
    case 'text':
      return <>{value.value}</>;
    case 'none':
      return (
        <Text span c="dimmed" fz="inherit">
          {t('aml.none')}
        </Text>
      );
    case 'list': {
      const caption = keyName;
      return (
        <Table.ScrollContainer minWidth={420} scrollAreaProps={scrollRegion(caption)}>
          <Table striped verticalSpacing={4} fz="sm" data-testid="aml-evidence-list">
            <Table.Caption>{caption}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                {value.columns.map((c) => (
                  <Table.Th key={c} scope="col">
                    {name(c)}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {value.rows.map((row, i) => (
                <Table.Tr key={i}>
                  {value.columns.map((c) => {
                    const cell = row.find((e) => e.key === c);
                    return (
                      <Table.Td key={c}>
                        {cell ? <Value value={cell.value} keyName={name(c)} /> : '—'}
                      </Table.Td>
                    );
                  })}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      );
    }
  }
}

/**
 * A case's evidence, readable: each fact the rule kept (the transfer, amounts, the window, the turnover)
 * by name, amounts as amounts and moments as times; a list of transfers as a table beneath.
 */
export function Evidence({ evidence }: { evidence: Record<string, unknown> }) {
  const name = useKeyName();
  const entries = evidenceEntries(evidence);
  const flat = entries.filter((e) => e.value.type !== 'list');
  const lists: EvidenceEntry[] = entries.filter((e) => e.value.type === 'list');
  return (
    <>
      <FactList
        testId="aml-evidence"
        facts={flat.map((e) => ({
          key: e.key,
          label: name(e.key),
          value: <Value value={e.value} keyName={name(e.key)} />,
        }))}
      />
      {lists.map((e) => (
        <Value key={e.key} value={e.value} keyName={name(e.key)} />
      ))}
    </>
  );
}
