import {
  Alert,
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CONTRACT_KINDS } from '@panalo/contract/contract-terms';
import { DecisionModal } from '../../../components/decision-modal';
import { LoadState } from '../../../components/list-states';
import { notice } from '../../../components/notice';
import { AMOUNT_TEXT } from '@panalo/contract/money';
import {
  getContractTerms,
  runDueContracts,
  setContractTerms,
  type ContractRun,
  type OpsContractTerms,
} from '../api/contracts';
import { agencyKeys } from '../api/keys';

const CADENCES = ['half_month', 'weekly', 'monthly'] as const;

/**
 * The merchant's contract terms (who pays each kind of contract, what makes a member active, the
 * dividend's cadence and carry-over, the cut-off after a period ends) and the button that settles every
 * period due now, as the jobs do. Each change asks for its reason (audited).
 */
export function ContractTermsCard() {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: agencyKeys.contractTerms(),
    queryFn: getContractTerms,
  });
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="contract-terms-title">
      <Stack>
        <Title order={2} size="h4" id="contract-terms-title">
          {t('contractTerms.title')}
        </Title>
        <LoadState pending={query.isPending} error={query.error} onRetry={() => void query.refetch()} />
        {query.data && <TermsForm key={JSON.stringify(query.data)} terms={query.data} />}
        <RunDue />
      </Stack>
    </Paper>
  );
}

function TermsForm({ terms }: { terms: OpsContractTerms }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form, setForm] = useState(terms);
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const set = (change: Partial<OpsContractTerms>) => setForm((f) => ({ ...f, ...change }));
  const betsBad = !AMOUNT_TEXT.test(form.activeBets);
  const depositBad = !AMOUNT_TEXT.test(form.activeDeposit);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (betsBad || depositBad) {
      setError(t('contractTerms.fixFields'));
      return;
    }
    setError(null);
    setAsking(true);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Group grow align="flex-start" wrap="wrap">
          {CONTRACT_KINDS.map((kind) => (
            <Select
              key={kind}
              label={t('contractTerms.payerOf', { kind: t(`contracts.kinds.${kind}`) })}
              data={[
                { value: 'platform', label: t('contracts.platform') },
                { value: 'upline', label: t('contracts.upline') },
              ]}
              value={form.payer[kind] ?? 'platform'}
              onChange={(v) => v && set({ payer: { ...form.payer, [kind]: v } })}
              allowDeselect={false}
            />
          ))}
        </Group>
        <Text size="sm" c="dimmed">
          {t('contractTerms.activeHelp')}
        </Text>
        <Group grow align="flex-start" wrap="wrap">
          <TextInput
            label={t('contractTerms.activeBets')}
            inputMode="decimal"
            value={form.activeBets}
            onChange={(e) => set({ activeBets: e.currentTarget.value.trim() })}
            error={betsBad ? t('contractTerms.amountInvalid') : undefined}
          />
          <TextInput
            label={t('contractTerms.activeDeposit')}
            inputMode="decimal"
            value={form.activeDeposit}
            onChange={(e) => set({ activeDeposit: e.currentTarget.value.trim() })}
            error={depositBad ? t('contractTerms.amountInvalid') : undefined}
          />
        </Group>
        <Group grow align="flex-start" wrap="wrap">
          <Select
            label={t('contractTerms.cadence')}
            data={CADENCES.map((c) => ({ value: c, label: t(`contractTerms.cadences.${c}`) }))}
            value={form.dividendCadence}
            onChange={(v) => v && set({ dividendCadence: v })}
            allowDeselect={false}
          />
          <NumberInput
            label={t('contractTerms.cutoff')}
            description={t('contractTerms.cutoffHelp')}
            min={0}
            max={1440}
            allowDecimal={false}
            allowNegative={false}
            value={form.cutoffMinutes}
            onChange={(v) =>
              set({ cutoffMinutes: typeof v === 'number' ? Math.min(1440, Math.max(0, v)) : 0 })
            }
          />
        </Group>
        <Switch
          label={t('contractTerms.carryOver')}
          description={t('contractTerms.carryOverHelp')}
          checked={form.dividendCarryOver}
          onChange={(e) => set({ dividendCarryOver: e.currentTarget.checked })}
        />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Button type="submit" style={{ alignSelf: 'flex-start' }}>
          {t('contractTerms.save')}
        </Button>
      </Stack>
      <DecisionModal
        opened={asking}
        title={t('contractTerms.saveTitle')}
        summary={<Text size="sm">{t('contractTerms.saveSummary')}</Text>}
        confirmLabel={t('contractTerms.save')}
        reasonRequired
        onClose={() => setAsking(false)}
        onConfirm={async ({ reason }) => {
          const next = await setContractTerms({ ...form, reason });
          queryClient.setQueryData(agencyKeys.contractTerms(), next);
          notice('green', t('contractTerms.saved'));
        }}
      />
    </form>
  );
}

function RunDue() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [runs, setRuns] = useState<ContractRun[] | null>(null);
  return (
    <Stack gap="xs">
      <Text size="sm">{t('contractTerms.runHelp')}</Text>
      <Button variant="light" style={{ alignSelf: 'flex-start' }} onClick={() => setAsking(true)}>
        {t('contractTerms.run')}
      </Button>
      {runs && (
        <Text size="sm" role="status" data-testid="contract-runs">
          {runs.length === 0
            ? t('contractTerms.nothingDue')
            : runs
                .map((r) =>
                  t(
                    r.busy
                      ? 'contractTerms.runBusy'
                      : r.waiting
                        ? 'contractTerms.runWaiting'
                        : 'contractTerms.runDone',
                    {
                      kind: t(`contracts.kinds.${r.kind}`),
                      period: r.period,
                      count: r.settled,
                    },
                  ),
                )
                .join(' ')}
        </Text>
      )}
      <DecisionModal
        opened={asking}
        title={t('contractTerms.runTitle')}
        summary={<Text size="sm">{t('contractTerms.runSummary')}</Text>}
        confirmLabel={t('contractTerms.run')}
        reason={false}
        onClose={() => setAsking(false)}
        onConfirm={async () => {
          const r = await runDueContracts();
          setRuns(r.list);
          await queryClient.invalidateQueries({ queryKey: agencyKeys.settlements() });
        }}
      />
    </Stack>
  );
}
