import {
  Alert,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { notice } from '../../../components/notice';
import { errorText } from '../../../i18n';
import { ApiError } from '../../../lib/api';
import { useSaveKycSettings, type KycSettings } from '../api/settings';
import {
  ADDRESS_MONTHS,
  CHECKER_LEVELS,
  fromDraft,
  KYC_ID_TYPES,
  KYC_LEVELS,
  MIN_AGE,
  toDraft,
  type SettingsDraft,
  type SettingsProblems,
} from '../rules/settings';
import { LevelAbove } from './level-above';
import { LevelsTable } from './levels-table';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/**
 * The verification settings as a form: on or off; what each level allows; when a level is required;
 * the documents accepted, the minimum age, from which level two reviewers approve, how long a proof of
 * address counts. Checked here as the server checks it (every problem said at its field) before the
 * whole settings are sent; read only without `site.control` (no Save).
 */
export function KycSettingsForm({ settings, canSave }: { settings: KycSettings; canSave: boolean }) {
  const { t } = useTranslation();
  const { save, saving } = useSaveKycSettings();
  // The edits, over the server's settings (null: none yet, or saved).
  const [draft, setDraft] = useState<SettingsDraft | null>(null);
  const [problems, setProblems] = useState<SettingsProblems>({});
  const [error, setError] = useState<string | null>(null);
  const summary = useRef<HTMLDivElement>(null);
  const d = draft ?? toDraft(settings);
  const readOnly = !canSave;
  const edit = (next: SettingsDraft) => {
    setDraft(next);
    // A problem is cleared as its form is changed; the next Save checks everything again.
    if (Object.keys(problems).length > 0) {
      const checked = fromDraft(next);
      setProblems(checked.ok ? {} : pick(problems, checked.problems));
    }
  };
  const problem = (path: string) => (problems[path] ? t(`kycSettings.problem.${problems[path]}`) : undefined);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!canSave) return;
    setError(null);
    const checked = fromDraft(d);
    if (!checked.ok) {
      setProblems(checked.problems);
      setTimeout(() => summary.current?.focus(), 0);
      return;
    }
    setProblems({});
    try {
      await save(checked.settings);
      setDraft(null);
      notice('green', t('kycSettings.saved'));
    } catch (err) {
      setError(err instanceof ApiError ? errorText(err.code, err.value) : errorText('unknown_error'));
      setTimeout(() => summary.current?.focus(), 0);
    }
  };

  const levelOptions = KYC_LEVELS.map((l) => ({ value: String(l), label: t(`kyc.level.${l}`) }));
  const count = Object.keys(problems).length;

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={t('nav.kycSettings')}>
      <Stack>
        {(count > 0 || error) && (
          <Alert color="red" role="alert" ref={summary} tabIndex={-1} data-testid="kyc-settings-error">
            {error ?? t('kycSettings.problems', { count })}
          </Alert>
        )}
        <Section id="kyc-settings-on" title={t('kycSettings.onTitle')}>
          <Switch
            label={t('kycSettings.enabled')}
            description={t('kycSettings.enabledHelp')}
            checked={d.enabled}
            onChange={(e) => edit({ ...d, enabled: e.currentTarget.checked })}
            disabled={readOnly}
            data-testid="kyc-settings-enabled"
          />
        </Section>
        <Section id="kyc-settings-levels" title={t('kycSettings.levelsTitle')}>
          <Text size="sm" c="dimmed">
            {t('kycSettings.levelsHelp')}
          </Text>
          <LevelsTable
            levels={d.levels}
            onChange={(i, level) => edit({ ...d, levels: d.levels.map((l, j) => (j === i ? level : l)) })}
            problems={problems}
            readOnly={readOnly}
          />
        </Section>
        <Section id="kyc-settings-required" title={t('kycSettings.requiredTitle')}>
          <Select
            label={t('kycSettings.firstWithdrawal')}
            description={t('kycSettings.firstWithdrawalHelp')}
            data={levelOptions}
            value={d.firstWithdrawalLevel}
            onChange={(v) => v !== null && edit({ ...d, firstWithdrawalLevel: v })}
            error={problem('firstWithdrawalLevel')}
            allowDeselect={false}
            readOnly={readOnly}
            maw={360}
            data-testid="kyc-first-withdrawal"
          />
          <LevelAbove
            name="depositsAbove"
            value={d.depositsAbove}
            onChange={(depositsAbove) => edit({ ...d, depositsAbove })}
            problems={problems}
            readOnly={readOnly}
          />
          <LevelAbove
            name="withdrawalAbove"
            value={d.withdrawalAbove}
            onChange={(withdrawalAbove) => edit({ ...d, withdrawalAbove })}
            problems={problems}
            readOnly={readOnly}
          />
        </Section>
        <Section id="kyc-settings-documents" title={t('kycSettings.documentsTitle')}>
          <Checkbox.Group
            label={t('kycSettings.idTypes')}
            description={t('kycSettings.idTypesHelp')}
            value={d.idTypes}
            onChange={(v) => edit({ ...d, idTypes: KYC_ID_TYPES.filter((x) => v.includes(x)) })}
            error={problem('idTypes')}
            errorProps={{ role: 'alert' }}
            required
            data-testid="kyc-id-types"
          >
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="xs" mt="xs">
              {KYC_ID_TYPES.map((type) => (
                <Checkbox
                  key={type}
                  value={type}
                  label={t(`kyc.idType.${type}`)}
                  disabled={readOnly}
                  data-testid={`kyc-id-type-${type}`}
                />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <NumberInput
              label={t('kycSettings.minAge')}
              description={t('kycSettings.minAgeHelp', MIN_AGE)}
              value={d.minAge}
              onChange={(minAge) => edit({ ...d, minAge })}
              min={MIN_AGE.min}
              max={MIN_AGE.max}
              allowDecimal={false}
              allowNegative={false}
              error={problem('minAge')}
              errorProps={{ role: 'alert' }}
              readOnly={readOnly}
              data-testid="kyc-min-age"
            />
            <Select
              label={t('kycSettings.checker')}
              description={t('kycSettings.checkerHelp')}
              data={CHECKER_LEVELS.map((l) => ({
                value: String(l),
                label: t(`kycSettings.checkerFrom.${l}`),
              }))}
              value={d.checkerFromLevel}
              onChange={(v) => v !== null && edit({ ...d, checkerFromLevel: v })}
              error={problem('checkerFromLevel')}
              allowDeselect={false}
              readOnly={readOnly}
              data-testid="kyc-checker"
            />
            <NumberInput
              label={t('kycSettings.addressMonths')}
              description={t('kycSettings.addressMonthsHelp', ADDRESS_MONTHS)}
              value={d.addressValidMonths}
              onChange={(addressValidMonths) => edit({ ...d, addressValidMonths })}
              min={ADDRESS_MONTHS.min}
              max={ADDRESS_MONTHS.max}
              allowDecimal={false}
              allowNegative={false}
              error={problem('addressValidMonths')}
              errorProps={{ role: 'alert' }}
              readOnly={readOnly}
              data-testid="kyc-address-months"
            />
          </SimpleGrid>
        </Section>
        {canSave && (
          <Group>
            <Button type="submit" loading={saving} data-testid="kyc-settings-save">
              {t('common.save')}
            </Button>
            <Button
              variant="default"
              disabled={draft === null || saving}
              onClick={() => {
                setDraft(null);
                setProblems({});
                setError(null);
              }}
            >
              {t('kycSettings.undo')}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}

/** The problems still there among those shown (a fix clears its own; none appears before Save). */
function pick(shown: SettingsProblems, now: SettingsProblems): SettingsProblems {
  return Object.fromEntries(Object.entries(now).filter(([k]) => k in shown));
}
