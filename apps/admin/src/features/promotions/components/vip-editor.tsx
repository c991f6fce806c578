import {
  Alert,
  Button,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DecisionModal } from '../../../components/decision-modal';
import { notice } from '../../../components/notice';
import { AMOUNT_TEXT } from '@panalo/contract/money';
import { promotionsKeys } from '../api/keys';
import { saveVipLevels, type VipLevel } from '../api/promotions';

const MONEY_FIELDS = [
  'depositsRequired',
  'turnoverRequired',
  'levelUpBonus',
  'retainDeposits',
  'retainTurnover',
  'monthlyBonus',
] as const;

/**
 * The VIP club's levels as one form: each level's names, what it asks (deposits and turnover to reach
 * it, to keep it through a month), what it gives (level-up and monthly bonus) and its daily withdrawal
 * limit; a level can be added on top or the top one removed. Saved all at once; the server keeps the
 * levels in order (level 0 asks nothing, each asks at least what the one below asks) and says why not.
 */
export function VipEditor({ levels: initial, languages }: { levels: VipLevel[]; languages: string[] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [levels, setLevels] = useState<VipLevel[]>(initial);
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const set = (i: number, change: Partial<VipLevel>) =>
    setLevels((all) => all.map((l, j) => (j === i ? { ...l, ...change } : l)));
  const amountBad = (v: string | null) => v !== null && !AMOUNT_TEXT.test(v);
  const invalid = levels.some(
    (l) =>
      MONEY_FIELDS.some((f) => amountBad(l[f])) ||
      amountBad(l.withdrawDailyAmount) ||
      languages.some((lang) => !(l.names[lang] ?? '').trim()),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (invalid) {
      setError(t('vipEdit.fixFields'));
      return;
    }
    setError(null);
    setAsking(true);
  };
  const addLevel = () =>
    setLevels((all) => {
      const top = all[all.length - 1]!;
      return [
        ...all,
        {
          ...top,
          level: top.level + 1,
          names: Object.fromEntries(languages.map((l) => [l, `VIP ${top.level + 1}`])),
        },
      ];
    });
  return (
    <form onSubmit={submit} noValidate aria-labelledby="vip-edit-title">
      <Stack>
        <Title order={2} size="h4" id="vip-edit-title">
          {t('vipEdit.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('vipEdit.help')}
        </Text>
        {levels.map((l, i) => (
          <Paper key={l.level} withBorder p="sm" component="fieldset" aria-label={`VIP ${l.level}`}>
            <Stack gap="xs">
              <Text fw={700}>VIP {l.level}</Text>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                {languages.map((lang) => (
                  <TextInput
                    key={lang}
                    label={t('vipEdit.nameIn', { level: l.level, lang })}
                    value={l.names[lang] ?? ''}
                    maxLength={40}
                    onChange={(e) => {
                      const v = e.currentTarget.value;
                      set(i, { names: { ...l.names, [lang]: v } });
                    }}
                    error={(l.names[lang] ?? '').trim() ? undefined : t('vipEdit.nameNeeded')}
                  />
                ))}
              </SimpleGrid>
              <SimpleGrid cols={{ base: 2, sm: 3 }}>
                {MONEY_FIELDS.map((f) => (
                  <TextInput
                    key={f}
                    label={t(`vipEdit.${f}`, { level: l.level })}
                    inputMode="decimal"
                    value={l[f]}
                    disabled={l.level === 0 && f !== 'levelUpBonus' && f !== 'monthlyBonus'}
                    onChange={(e) => {
                      const v = e.currentTarget.value.trim();
                      set(i, { [f]: v });
                    }}
                    error={amountBad(l[f]) ? t('vipEdit.amountInvalid') : undefined}
                  />
                ))}
                <NumberInput
                  label={t('vipEdit.withdrawDailyCount', { level: l.level })}
                  placeholder={t('vip.noLimit')}
                  min={1}
                  max={1000}
                  allowDecimal={false}
                  allowNegative={false}
                  value={l.withdrawDailyCount ?? ''}
                  onChange={(v) => set(i, { withdrawDailyCount: typeof v === 'number' && v >= 1 ? v : null })}
                />
                <TextInput
                  label={t('vipEdit.withdrawDailyAmount', { level: l.level })}
                  placeholder={t('vip.noLimit')}
                  inputMode="decimal"
                  value={l.withdrawDailyAmount ?? ''}
                  onChange={(e) => {
                    const v = e.currentTarget.value.trim();
                    set(i, { withdrawDailyAmount: v === '' ? null : v });
                  }}
                  error={amountBad(l.withdrawDailyAmount) ? t('vipEdit.amountInvalid') : undefined}
                />
              </SimpleGrid>
            </Stack>
          </Paper>
        ))}
        <Group>
          <Button variant="light" onClick={addLevel} disabled={levels.length >= 51}>
            {t('vipEdit.add')}
          </Button>
          <Button
            variant="light"
            color="red"
            onClick={() => setLevels((all) => all.slice(0, -1))}
            disabled={levels.length <= 1}
          >
            {t('vipEdit.removeTop', { level: levels[levels.length - 1]?.level ?? 0 })}
          </Button>
        </Group>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group>
          <Button type="submit">{t('vipEdit.save')}</Button>
        </Group>
      </Stack>
      <DecisionModal
        opened={asking}
        title={t('vipEdit.saveTitle')}
        summary={<Text size="sm">{t('vipEdit.saveSummary', { count: levels.length })}</Text>}
        confirmLabel={t('vipEdit.save')}
        reason={false}
        onClose={() => setAsking(false)}
        onConfirm={async () => {
          const next = await saveVipLevels({ levels });
          queryClient.setQueryData(promotionsKeys.vipLevels(), next);
          notice('green', t('vipEdit.saved'));
        }}
      />
    </form>
  );
}
