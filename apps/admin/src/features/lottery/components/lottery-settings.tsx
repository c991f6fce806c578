import {
  Alert,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ODDS_TEXT } from '@panalo/contract/catalogue-rules';
import type { OpsLotteryGame } from '@panalo/contract/lottery-ops';
import { notice } from '../../../components/notice';
import { errorText } from '../../../i18n';
import { ApiError } from '../../../lib/api';
import { AMOUNT_TEXT } from '@panalo/contract/money';
import { saveLotteryGame } from '../api/lottery';
import { lotteryKeys } from '../api/keys';

const PERCENT_TEXT = /^\d{1,3}(\.\d{1,2})?$/;

/**
 * A lottery game's settings on this site as one form: sold or not, each bet type offered or not with its
 * odds (the multiplier a winning stake returns) and its smallest and largest stake, and the pick-6
 * jackpot's share of sales and starting amount. The game's defaults show beside each field. Bets already
 * placed keep the odds they were accepted at.
 */
export function LotterySettings({ game }: { game: OpsLotteryGame }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form, setForm] = useState(game);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const setBetType = (i: number, change: Partial<OpsLotteryGame['betTypes'][number]>) =>
    setForm((f) => ({ ...f, betTypes: f.betTypes.map((b, j) => (j === i ? { ...b, ...change } : b)) }));
  const bad = {
    odds: (v: string) => !ODDS_TEXT.test(v) || Number(v) < 1,
    amount: (v: string) => !AMOUNT_TEXT.test(v),
  };
  const invalid =
    form.betTypes.some(
      (b) =>
        b.odds.some((o) => bad.odds(o.value)) ||
        bad.amount(b.min) ||
        bad.amount(b.max) ||
        (!bad.amount(b.min) && !bad.amount(b.max) && Number(b.max) < Number(b.min)),
    ) ||
    (form.jackpot !== null &&
      (!PERCENT_TEXT.test(form.jackpot.contributionPercent) || bad.amount(form.jackpot.seed)));

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (invalid) return setError(t('lotteryOps.fixFields'));
    setError(null);
    setBusy(true);
    try {
      const saved = await saveLotteryGame(game.code, {
        enabled: form.enabled,
        betTypes: form.betTypes.map((b) => ({
          betType: b.betType,
          enabled: b.enabled,
          odds: Object.fromEntries(b.odds.map((o) => [o.key, o.value])),
          min: b.min,
          max: b.max,
        })),
        jackpot: form.jackpot
          ? { contributionPercent: form.jackpot.contributionPercent, seed: form.jackpot.seed }
          : null,
      });
      queryClient.setQueryData<OpsLotteryGame[]>(lotteryKeys.games(), (all) =>
        all?.map((g) => (g.code === saved.code ? saved : g)),
      );
      notice('green', t('lotteryOps.saved', { name: saved.name }));
    } catch (err) {
      setError(errorText(err instanceof ApiError ? err.code : 'unknown_error'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void save(e)} noValidate aria-labelledby="lottery-settings-title">
      <Stack>
        <Title order={2} size="h4" id="lottery-settings-title">
          {t('lotteryOps.settingsOf', { name: game.name })}
        </Title>
        <Switch
          label={t('lotteryOps.sold')}
          checked={form.enabled}
          onChange={(e) => {
            const on = e.currentTarget.checked;
            setForm((f) => ({ ...f, enabled: on }));
          }}
        />
        {form.betTypes.map((b, i) => (
          <Paper key={b.betType} withBorder p="sm" component="fieldset" aria-label={b.betType}>
            <Stack gap="xs">
              <Switch
                label={t('lotteryOps.offered', { betType: b.betType })}
                checked={b.enabled}
                onChange={(e) => setBetType(i, { enabled: e.currentTarget.checked })}
              />
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
                {b.odds.map((o, k) => (
                  <TextInput
                    key={o.key}
                    label={
                      o.key === 'default'
                        ? t('lotteryOps.odds', { betType: b.betType })
                        : t('lotteryOps.oddsOf', { betType: b.betType, key: o.key })
                    }
                    description={t('lotteryOps.defaultIs', { value: o.default })}
                    inputMode="decimal"
                    value={o.value}
                    onChange={(e) => {
                      const v = e.currentTarget.value.trim();
                      setBetType(i, { odds: b.odds.map((x, j) => (j === k ? { ...x, value: v } : x)) });
                    }}
                    error={bad.odds(o.value) ? t('lotteryOps.oddsInvalid') : undefined}
                    rightSection={<Text size="xs">×</Text>}
                  />
                ))}
                <TextInput
                  label={t('lotteryOps.min', { betType: b.betType })}
                  description={t('lotteryOps.defaultIs', { value: b.defaultMin })}
                  inputMode="decimal"
                  value={b.min}
                  onChange={(e) => {
                    const v = e.currentTarget.value.trim();
                    setBetType(i, { min: v });
                  }}
                  error={bad.amount(b.min) ? t('lotteryOps.amountInvalid') : undefined}
                />
                <TextInput
                  label={t('lotteryOps.max', { betType: b.betType })}
                  description={t('lotteryOps.defaultIs', { value: b.defaultMax })}
                  inputMode="decimal"
                  value={b.max}
                  onChange={(e) => {
                    const v = e.currentTarget.value.trim();
                    setBetType(i, { max: v });
                  }}
                  error={
                    bad.amount(b.max)
                      ? t('lotteryOps.amountInvalid')
                      : !bad.amount(b.min) && Number(b.max) < Number(b.min)
                        ? t('lotteryOps.maxBelowMin')
                        : undefined
                  }
                />
              </SimpleGrid>
            </Stack>
          </Paper>
        ))}
        {form.jackpot && (
          <Paper withBorder p="sm" component="fieldset" aria-label={t('lotteryOps.jackpot')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label={t('lotteryOps.contribution')}
                description={t('lotteryOps.defaultIs', { value: form.jackpot.defaultContributionPercent })}
                inputMode="decimal"
                value={form.jackpot.contributionPercent}
                onChange={(e) => {
                  const v = e.currentTarget.value.trim();
                  setForm((f) => ({ ...f, jackpot: f.jackpot && { ...f.jackpot, contributionPercent: v } }));
                }}
                error={
                  PERCENT_TEXT.test(form.jackpot.contributionPercent)
                    ? undefined
                    : t('lotteryOps.percentInvalid')
                }
                rightSection={<Text size="xs">%</Text>}
              />
              <TextInput
                label={t('lotteryOps.seedAmount')}
                description={t('lotteryOps.defaultIs', { value: form.jackpot.defaultSeed })}
                inputMode="decimal"
                value={form.jackpot.seed}
                onChange={(e) => {
                  const v = e.currentTarget.value.trim();
                  setForm((f) => ({ ...f, jackpot: f.jackpot && { ...f.jackpot, seed: v } }));
                }}
                error={bad.amount(form.jackpot.seed) ? t('lotteryOps.amountInvalid') : undefined}
              />
            </SimpleGrid>
          </Paper>
        )}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={busy}>
            {t('lotteryOps.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
