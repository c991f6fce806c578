import { Group, Select, Stack, Switch, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { KYC_LEVELS, type AboveDraft, type SettingsProblems } from '../rules/settings';

/**
 * A level asked for past an amount (deposits adding up past it; a single withdrawal above it): a switch
 * (off: never asked), then the amount and the level.
 */
export function LevelAbove(props: {
  name: 'depositsAbove' | 'withdrawalAbove';
  value: AboveDraft;
  onChange: (next: AboveDraft) => void;
  problems: SettingsProblems;
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const { value: v, name } = props;
  const problem = (path: string) => {
    const p = props.problems[`${name}.${path}`];
    return p ? t(`kycSettings.problem.${p}`) : undefined;
  };
  return (
    <Stack gap="xs">
      <Switch
        label={t(`kycSettings.${name}.label`)}
        description={t(`kycSettings.${name}.help`)}
        checked={v.on}
        onChange={(e) => props.onChange({ ...v, on: e.currentTarget.checked })}
        disabled={props.readOnly}
        data-testid={`kyc-${name}-on`}
      />
      {v.on && (
        <Group align="flex-start" gap="sm" pl={{ base: 0, sm: 'xl' }}>
          <TextInput
            label={t(`kycSettings.${name}.amount`)}
            inputMode="decimal"
            value={v.amount}
            onChange={(e) => props.onChange({ ...v, amount: e.currentTarget.value })}
            error={problem('amount')}
            errorProps={{ role: 'alert' }}
            readOnly={props.readOnly}
            required
            w={200}
            data-testid={`kyc-${name}-amount`}
          />
          <Select
            label={t('kycSettings.levelNeeded')}
            data={KYC_LEVELS.map((l) => ({ value: String(l), label: t(`kyc.level.${l}`) }))}
            value={v.level}
            onChange={(level) => level !== null && props.onChange({ ...v, level })}
            error={problem('level')}
            allowDeselect={false}
            readOnly={props.readOnly}
            w={240}
            data-testid={`kyc-${name}-level`}
          />
        </Group>
      )}
    </Stack>
  );
}
