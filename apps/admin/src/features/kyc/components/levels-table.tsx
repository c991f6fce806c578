import { Switch, Table, TagsInput, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { scrollRegion } from '../../../components/list-states';
import { CEILINGS, METHOD_MAX, METHODS_MAX, type LevelDraft, type SettingsProblems } from '../rules/settings';

/**
 * What each level allows, one row a level: the deposit and withdrawal ceilings per day and per month
 * (empty: no limit), the deposit methods (none: every method) and whether money may move between
 * members. Each field is named after its level and column for screen readers; the table scrolls sideways
 * on a narrow screen.
 */
export function LevelsTable(props: {
  levels: LevelDraft[];
  onChange: (level: number, next: LevelDraft) => void;
  problems: SettingsProblems;
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const col = (k: string) => t(`kycSettings.col.${k}`);
  const problem = (path: string) => {
    const p = props.problems[path];
    return p ? t(`kycSettings.problem.${p}`) : undefined;
  };
  const caption = t('kycSettings.levelsCaption');
  return (
    <Table.ScrollContainer minWidth={1060} scrollAreaProps={scrollRegion(caption)}>
      <Table verticalSpacing="sm" data-testid="kyc-levels">
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{col('level')}</Table.Th>
            {CEILINGS.map((c) => (
              <Table.Th key={c} scope="col">
                {col(c)}
              </Table.Th>
            ))}
            <Table.Th scope="col">{col('methods')}</Table.Th>
            <Table.Th scope="col">{col('transfers')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.levels.map((l, i) => {
            const levelName = t(`kyc.level.${i}`);
            const set = (patch: Partial<LevelDraft>) => props.onChange(i, { ...l, ...patch });
            return (
              <Table.Tr key={i} data-level={i}>
                <Table.Th scope="row" style={{ minWidth: 140 }}>
                  {levelName}
                </Table.Th>
                {CEILINGS.map((c) => (
                  <Table.Td key={c} style={{ verticalAlign: 'top' }}>
                    <TextInput
                      aria-label={t('kycSettings.cellLabel', { level: levelName, column: col(c) })}
                      placeholder={t('kycSettings.noLimit')}
                      inputMode="decimal"
                      value={l[c]}
                      onChange={(e) => set({ [c]: e.currentTarget.value })}
                      error={problem(`levels.${i}.${c}`)}
                      errorProps={{ role: 'alert' }}
                      readOnly={props.readOnly}
                      size="xs"
                      miw={110}
                      data-testid={`kyc-level-${i}-${c}`}
                    />
                  </Table.Td>
                ))}
                <Table.Td style={{ verticalAlign: 'top' }}>
                  <TagsInput
                    aria-label={t('kycSettings.cellLabel', { level: levelName, column: col('methods') })}
                    placeholder={l.methods.length === 0 ? t('kycSettings.allMethods') : undefined}
                    value={l.methods}
                    onChange={(methods) => set({ methods })}
                    splitChars={[',', ' ']}
                    maxTags={METHODS_MAX}
                    maxLength={METHOD_MAX}
                    clearable={!props.readOnly}
                    readOnly={props.readOnly}
                    error={problem(`levels.${i}.methods`)}
                    errorProps={{ role: 'alert' }}
                    size="xs"
                    miw={180}
                    data-testid={`kyc-level-${i}-methods`}
                  />
                </Table.Td>
                <Table.Td style={{ verticalAlign: 'top' }}>
                  <Switch
                    aria-label={t('kycSettings.cellLabel', { level: levelName, column: col('transfers') })}
                    checked={l.transfers}
                    onChange={(e) => set({ transfers: e.currentTarget.checked })}
                    disabled={props.readOnly}
                    mt={4}
                    data-testid={`kyc-level-${i}-transfers`}
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
