import {
  Alert,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Tabs,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PRODUCT_GROUPS } from '@panalo/contract/rebate';
import { notice } from '../../../components/notice';
import { errorText } from '../../../i18n';
import { ApiError } from '../../../lib/api';
import { promotionsKeys } from '../api/keys';
import { createPromotion, updatePromotion } from '../api/promotions';
import {
  CREATABLE_PROMOTION_KINDS,
  PERIODS_OF_KIND,
  problemOf,
  withKind,
  type Problem,
  type PromotionForm,
} from '../rules/promotion-form';
import { promotionRequest } from '../rules/promotion-request';
import { RewardFields } from './reward-fields';

/** The form's fields typed as plain text. */
type TextField = {
  [K in keyof PromotionForm]: PromotionForm[K] extends string ? K : never;
}[keyof PromotionForm];

/** The server's name of a refused field → the form's field, and what to say there. */
const SERVER_FIELDS: Record<string, { field: string; key: string }> = {
  'eligibility.agents': { field: 'agents', key: 'promotionEdit.agentsUnknown' },
  'eligibility.excludes': { field: 'excludes', key: 'promotionEdit.excludesUnknown' },
  'eligibility.depositsMax': { field: 'depositsMax', key: 'promotionEdit.maxBelowMin' },
};

/**
 * The promotion's form (the screen's body): the fields by section, checked before sending, saved as a new
 * promotion (`id` null) or over the one it edits; the server's refusals land on their field.
 */
export function PromotionEditor(props: { initial: PromotionForm; id: string | null; granted?: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [form, setForm] = useState(props.initial);
  const [problems, setProblems] = useState<Problem[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (change: Partial<PromotionForm>) => setForm((f) => ({ ...f, ...change }));
  const error = (field: string) => {
    const key = problemOf(problems, field);
    return key ? t(key) : undefined;
  };
  const languages = Object.keys(form.texts);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    const r = promotionRequest(form);
    if ('problems' in r) {
      setProblems(r.problems);
      setFailure(t('promotionEdit.fixFields', { count: r.problems.length }));
      return;
    }
    setProblems([]);
    setFailure(null);
    setBusy(true);
    try {
      const { code: _code, kind: _kind, ...update } = r.body;
      const saved =
        props.id === null ? await createPromotion(r.body) : await updatePromotion(props.id, update);
      queryClient.setQueryData(promotionsKeys.one(saved.id), saved);
      await queryClient.invalidateQueries({ queryKey: promotionsKeys.list() });
      notice('green', t('promotionEdit.saved', { code: saved.code }));
      void navigate('/promotions?tab=promotions');
    } catch (err) {
      const field = err instanceof ApiError ? (err.value?.field as string | undefined) : undefined;
      const known = field ? SERVER_FIELDS[field] : undefined;
      if (err instanceof ApiError && err.code === 'promotion_code_taken')
        setProblems([{ field: 'code', key: 'errors.promotion_code_taken' }]);
      else if (known) setProblems([known]);
      else if (field) setProblems([{ field, key: 'promotionEdit.refused' }]);
      setFailure(errorText(err instanceof ApiError ? err.code : 'unknown_error'));
    } finally {
      setBusy(false);
    }
  };

  const text = (
    field: TextField,
    label: string,
    opts: { description?: string; placeholder?: string; inputMode?: 'decimal' | 'numeric' } = {},
  ) => (
    <TextInput
      label={label}
      description={opts.description}
      placeholder={opts.placeholder}
      inputMode={opts.inputMode}
      value={form[field]}
      onChange={(e) => {
        const v = e.currentTarget.value;
        set({ [field]: v });
      }}
      error={error(field)}
    />
  );
  const section = (legend: string, children: ReactNode) => (
    <Paper withBorder p="md" component="fieldset" style={{ minWidth: 0 }}>
      <Text component="legend" fw={600} px={4}>
        {legend}
      </Text>
      <Stack gap="sm">{children}</Stack>
    </Paper>
  );

  return (
    <form onSubmit={(e) => void save(e)} noValidate aria-label={t('promotionEdit.formLabel')}>
      <Stack>
        {section(
          t('promotionEdit.basics'),
          <>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
              <TextInput
                label={t('promotionEdit.code')}
                description={t('promotionEdit.codeHelp')}
                required
                disabled={props.id !== null}
                value={form.code}
                maxLength={32}
                onChange={(e) => {
                  const v = e.currentTarget.value.toUpperCase();
                  set({ code: v });
                }}
                error={error('code')}
              />
              <Select
                label={t('promotionEdit.kindLabel')}
                disabled={props.id !== null}
                data={(props.id === null ? CREATABLE_PROMOTION_KINDS : [form.kind]).map((k) => ({
                  value: k,
                  label: t(`promotionEdit.kind.${k}`),
                }))}
                value={form.kind}
                allowDeselect={false}
                onChange={(v) =>
                  v && setForm((f) => withKind(f, v as (typeof CREATABLE_PROMOTION_KINDS)[number]))
                }
              />
              <Select
                label={t('promotionEdit.periodLabel')}
                data={PERIODS_OF_KIND(form.kind).map((p) => ({
                  value: p,
                  label: t(`promotionEdit.period.${p}`),
                }))}
                value={form.period}
                allowDeselect={false}
                onChange={(v) => v && set({ period: v })}
                error={error('period')}
              />
              {text('category', t('promotionEdit.category'), {
                description: t('promotionEdit.categoryHelp'),
              })}
              {text('sort', t('promotionEdit.sort'), { inputMode: 'numeric' })}
            </SimpleGrid>
            <Switch
              label={t('promotionEdit.enabled')}
              checked={form.enabled}
              onChange={(e) => set({ enabled: e.currentTarget.checked })}
            />
          </>,
        )}

        {section(
          t('promotionEdit.texts'),
          <>
            <Text size="sm" c="dimmed">
              {t('promotionEdit.textsHelp')}
            </Text>
            {error('texts') && (
              <Text size="sm" c="red">
                {error('texts')}
              </Text>
            )}
            <Tabs defaultValue={languages[0]}>
              <Tabs.List>
                {languages.map((lang) => (
                  <Tabs.Tab key={lang} value={lang}>
                    {lang}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
              {languages.map((lang) => (
                <Tabs.Panel key={lang} value={lang} pt="sm">
                  <Stack gap="sm">
                    <TextInput
                      label={t('promotionEdit.titleIn', { lang })}
                      value={form.texts[lang]!.title}
                      maxLength={80}
                      onChange={(e) => {
                        const v = e.currentTarget.value;
                        set({ texts: { ...form.texts, [lang]: { ...form.texts[lang]!, title: v } } });
                      }}
                      error={error(`texts.${lang}.title`)}
                    />
                    <Textarea
                      label={t('promotionEdit.termsIn', { lang })}
                      description={t('promotionEdit.termsHelp')}
                      autosize
                      minRows={4}
                      maxRows={14}
                      value={form.texts[lang]!.terms}
                      onChange={(e) => {
                        const v = e.currentTarget.value;
                        set({ texts: { ...form.texts, [lang]: { ...form.texts[lang]!, terms: v } } });
                      }}
                    />
                  </Stack>
                </Tabs.Panel>
              ))}
            </Tabs>
          </>,
        )}

        {section(
          t('promotionEdit.reward'),
          <>
            <RewardFields
              kind={form.kind}
              reward={form.reward}
              problems={problems}
              onChange={(change) => set({ reward: { ...form.reward, ...change } })}
            />
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
              {text('turnoverMultiplier', t('promotionEdit.multiplier'), {
                description: t('promotionEdit.multiplierHelp'),
                inputMode: 'decimal',
              })}
              {form.kind !== 'rebate' &&
                text('budget', t('promotionEdit.budget'), {
                  description: props.granted
                    ? t('promotionEdit.budgetGranted', { granted: props.granted })
                    : t('promotionEdit.budgetHelp'),
                  placeholder: t('promotionEdit.noLimit'),
                  inputMode: 'decimal',
                })}
              {text('reviewAbove', t('promotionEdit.reviewAbove'), {
                description: t('promotionEdit.reviewAboveHelp'),
                placeholder: t('promotionEdit.noReview'),
                inputMode: 'decimal',
              })}
            </SimpleGrid>
          </>,
        )}

        {section(
          t('promotionEdit.when'),
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
            <TextInput
              type="datetime-local"
              label={t('promotionEdit.startsAt')}
              required
              value={form.startsAt}
              onChange={(e) => {
                const v = e.currentTarget.value;
                set({ startsAt: v });
              }}
              error={error('startsAt')}
            />
            <TextInput
              type="datetime-local"
              label={t('promotionEdit.endsAt')}
              description={t('promotionEdit.endsAtHelp')}
              value={form.endsAt}
              onChange={(e) => {
                const v = e.currentTarget.value;
                set({ endsAt: v });
              }}
              error={error('endsAt')}
            />
            {text('claimHours', t('promotionEdit.claimHours'), {
              placeholder: t('promotionEdit.noLimit'),
              inputMode: 'numeric',
            })}
            {text('turnoverHours', t('promotionEdit.turnoverHours'), {
              placeholder: t('promotionEdit.noLimit'),
              inputMode: 'numeric',
            })}
          </SimpleGrid>,
        )}

        {section(
          t('promotionEdit.who'),
          <>
            <Text size="sm" c="dimmed">
              {t('promotionEdit.whoHelp')}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
              {text('newPlayersDays', t('promotionEdit.newPlayersDays'), { inputMode: 'numeric' })}
              {text('vipLevels', t('promotionEdit.vipLevels'), { placeholder: '1, 2, 3' })}
              {text('depositsMin', t('promotionEdit.depositsMin'), { inputMode: 'numeric' })}
              {text('depositsMax', t('promotionEdit.depositsMax'), { inputMode: 'numeric' })}
              {text('agents', t('promotionEdit.agents'), { description: t('promotionEdit.agentsHelp') })}
              {text('excludes', t('promotionEdit.excludes'), {
                description: t('promotionEdit.excludesHelp'),
              })}
            </SimpleGrid>
          </>,
        )}

        {section(
          t('promotionEdit.weights'),
          <>
            <Text size="sm" c="dimmed">
              {t('promotionEdit.weightsHelp')}
            </Text>
            <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }}>
              {PRODUCT_GROUPS.map((g) => (
                <TextInput
                  key={g}
                  label={t('promotionEdit.weightOf', {
                    product: t(`reports.product.${g}`, { defaultValue: g }),
                  })}
                  placeholder="100"
                  inputMode="numeric"
                  value={form.weights[g]}
                  onChange={(e) => {
                    const v = e.currentTarget.value.trim();
                    set({ weights: { ...form.weights, [g]: v } });
                  }}
                  error={error(`weights.${g}`)}
                  rightSection={<Text size="xs">%</Text>}
                />
              ))}
            </SimpleGrid>
          </>,
        )}

        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={busy}>
            {props.id === null ? t('promotionEdit.create') : t('promotionEdit.save')}
          </Button>
          <Button variant="default" component={Link} to="/promotions?tab=promotions">
            {t('common.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
