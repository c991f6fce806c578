import { Alert, Button, Group, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PRODUCT_GROUPS } from '@panalo/contract/rebate';
import { DecisionModal } from '../../../components/decision-modal';
import { notice } from '../../../components/notice';
import { RATE_TEXT } from '../../../lib/format';
import { setAgencyTerms, type OpsAgencyTerms } from '../api/agency';
import { agencyKeys } from '../api/keys';

/**
 * The agency's terms as a form: the highest rate per product, the gap an upline keeps over its
 * downlines, the rate up to which agents open downlines freely, and whether players' own rebate is paid.
 * Saved with a reason (audited); the server refuses a ceiling below a rate some agent already holds.
 */
export function AgencyTermsForm({ terms }: { terms: OpsAgencyTerms }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form, setForm] = useState(terms);
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const rates = [...Object.values(form.maxRates), form.minGap, form.freeThreshold];
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (rates.some((r) => !RATE_TEXT.test(r))) {
      setError(t('agencyTerms.fixFields'));
      return;
    }
    setError(null);
    setAsking(true);
  };
  const rateError = (v: string) => (RATE_TEXT.test(v) ? undefined : t('agencyRates.rateInvalid'));
  return (
    <form onSubmit={submit} noValidate aria-labelledby="agency-terms-title">
      <Stack>
        <Title order={2} size="h4" id="agency-terms-title">
          {t('agencyTerms.title')}
        </Title>
        <SimpleGrid cols={{ base: 2, sm: 3 }}>
          {PRODUCT_GROUPS.map((p) => (
            <TextInput
              key={p}
              label={t('agencyTerms.maxOf', { product: t(`reports.product.${p}`, { defaultValue: p }) })}
              inputMode="decimal"
              value={form.maxRates[p]}
              onChange={(e) => {
                const v = e.currentTarget.value.trim();
                setForm((f) => ({ ...f, maxRates: { ...f.maxRates, [p]: v } }));
              }}
              error={rateError(form.maxRates[p])}
              rightSection={<Text size="xs">%</Text>}
            />
          ))}
        </SimpleGrid>
        <Group grow align="flex-start">
          <TextInput
            label={t('agencyTerms.minGap')}
            description={t('agencyTerms.minGapHelp')}
            inputMode="decimal"
            value={form.minGap}
            onChange={(e) => {
              const v = e.currentTarget.value.trim();
              setForm((f) => ({ ...f, minGap: v }));
            }}
            error={rateError(form.minGap)}
            rightSection={<Text size="xs">%</Text>}
          />
          <TextInput
            label={t('agencyTerms.freeThreshold')}
            description={t('agencyTerms.freeThresholdHelp')}
            inputMode="decimal"
            value={form.freeThreshold}
            onChange={(e) => {
              const v = e.currentTarget.value.trim();
              setForm((f) => ({ ...f, freeThreshold: v }));
            }}
            error={rateError(form.freeThreshold)}
            rightSection={<Text size="xs">%</Text>}
          />
        </Group>
        <Switch
          label={t('agencyTerms.payPlayerRebate')}
          checked={form.payPlayerRebate}
          onChange={(e) => {
            const on = e.currentTarget.checked;
            setForm((f) => ({ ...f, payPlayerRebate: on }));
          }}
        />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group>
          <Button type="submit">{t('agencyTerms.save')}</Button>
        </Group>
      </Stack>
      <DecisionModal
        opened={asking}
        title={t('agencyTerms.saveTitle')}
        summary={<Text size="sm">{t('agencyTerms.saveSummary')}</Text>}
        confirmLabel={t('agencyTerms.save')}
        reasonRequired
        onClose={() => setAsking(false)}
        onConfirm={async ({ reason }) => {
          const next = await setAgencyTerms({ ...form, reason });
          queryClient.setQueryData(agencyKeys.terms(), next);
          notice('green', t('agencyTerms.saved'));
        }}
      />
    </form>
  );
}
