import { Alert, Button, Group, NumberInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PRODUCT_GROUPS, type ProductGroup } from '@panalo/contract/rebate';
import { DecisionModal } from '../../../components/decision-modal';
import { notice } from '../../../components/notice';
import { ApiError } from '../../../lib/api';
import { useListParams } from '../../../lib/list-params';
import { RATE_TEXT } from '../../../lib/format';
import { getAgentRates, setAgentRates, setQuota } from '../api/agency';
import { agencyKeys } from '../api/keys';

/**
 * An agent's rebate rates set by the operator (within its upline's less the gap, above its downlines':
 * the server says which bound a rate breaks), and its quota of openings at a rate above the free
 * threshold. Each with its reason (audited).
 */
export function RatesAndQuotas() {
  // The agents' tree links here with the member named.
  const named = useListParams(['member'] as const).values.member;
  return (
    <Stack maw={640} gap="xl">
      <RatesForm named={named} />
      <QuotaForm named={named} />
    </Stack>
  );
}

function RatesForm({ named }: { named: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [username, setUsername] = useState(named);
  // The member whose rates are shown: the one named, then whoever the username field holds when it is left.
  const [shown, setShown] = useState(named.trim());
  const current = useQuery({
    queryKey: agencyKeys.ratesOf(shown),
    queryFn: () => getAgentRates(shown),
    enabled: shown !== '',
    retry: false,
  });
  const unknown = current.error instanceof ApiError && current.error.status === 404;
  const [rates, setRates] = useState<Partial<Record<ProductGroup, string>>>({});
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<Record<string, string> | null>(null);
  const given = Object.fromEntries(Object.entries(rates).filter(([, v]) => v !== '')) as Record<
    string,
    string
  >;
  const bad = Object.values(given).some((v) => !RATE_TEXT.test(v));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!username.trim() || Object.keys(given).length === 0 || bad) {
      setError(t('agencyRates.needRates'));
      return;
    }
    setError(null);
    setAsking(true);
  };
  return (
    <form onSubmit={submit} noValidate aria-labelledby="rates-title">
      <Stack>
        <Title order={2} size="h4" id="rates-title">
          {t('agencyRates.ratesTitle')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('agencyRates.ratesHelp')}
        </Text>
        <TextInput
          label={t('agency.member')}
          value={username}
          onChange={(e) => setUsername(e.currentTarget.value)}
          onBlur={() => setShown(username.trim())}
          error={unknown ? t('agencyRates.noSuchMember') : undefined}
          description={current.isFetching ? t('agencyRates.loadingRates') : undefined}
          required
        />
        <SimpleGrid cols={{ base: 2, sm: 3 }} data-testid="rates-inputs">
          {PRODUCT_GROUPS.map((p) => (
            <TextInput
              key={p}
              label={t('agencyRates.rateOf', { product: t(`reports.product.${p}`, { defaultValue: p }) })}
              inputMode="decimal"
              placeholder={current.data ? current.data.rates[p] : t('agencyRates.unchanged')}
              description={
                current.data
                  ? current.data.ranges[p]
                    ? t('agencyRates.nowAndRange', {
                        rate: current.data.rates[p],
                        min: current.data.ranges[p].min,
                        max: current.data.ranges[p].max,
                      })
                    : t('agencyRates.nowNoRoom', { rate: current.data.rates[p] })
                  : undefined
              }
              value={rates[p] ?? ''}
              onChange={(e) => {
                const v = e.currentTarget.value.trim();
                setRates((r) => ({ ...r, [p]: v }));
              }}
              error={rates[p] && !RATE_TEXT.test(rates[p]) ? t('agencyRates.rateInvalid') : undefined}
              rightSection={<Text size="xs">%</Text>}
            />
          ))}
        </SimpleGrid>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        {result && (
          <Text size="sm" role="status" data-testid="rates-result">
            {t('agencyRates.ratesNow', {
              member: username.trim(),
              rates: PRODUCT_GROUPS.filter((p) => result[p] !== undefined)
                .map((p) => `${t(`reports.product.${p}`, { defaultValue: p })} ${result[p]} %`)
                .join(', '),
            })}
          </Text>
        )}
        <Group>
          <Button type="submit">{t('agencyRates.saveRates')}</Button>
        </Group>
      </Stack>
      <DecisionModal
        opened={asking}
        title={t('agencyRates.ratesConfirm')}
        summary={
          <Text size="sm">
            {t('agencyRates.ratesSummary', {
              member: username.trim(),
              rates: Object.entries(given)
                .map(([p, v]) => `${t(`reports.product.${p}`, { defaultValue: p })} ${v} %`)
                .join(', '),
            })}
          </Text>
        }
        confirmLabel={t('agencyRates.saveRates')}
        reasonRequired
        onClose={() => setAsking(false)}
        onConfirm={async ({ reason }) => {
          const r = await setAgentRates({ username: username.trim(), rates: given, reason });
          setResult(r.rates);
          setRates({});
          void queryClient.invalidateQueries({ queryKey: agencyKeys.rates() });
          notice('green', t('agencyRates.ratesSaved', { member: username.trim() }));
        }}
      />
    </form>
  );
}

function QuotaForm({ named }: { named: string }) {
  const { t } = useTranslation();
  const [username, setUsername] = useState(named);
  const [rate, setRate] = useState('');
  const [remaining, setRemaining] = useState<number>(0);
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!username.trim() || !RATE_TEXT.test(rate)) {
      setError(t('agencyRates.needQuota'));
      return;
    }
    setError(null);
    setAsking(true);
  };
  return (
    <form onSubmit={submit} noValidate aria-labelledby="quota-title">
      <Stack>
        <Title order={2} size="h4" id="quota-title">
          {t('agencyRates.quotaTitle')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('agencyRates.quotaHelp')}
        </Text>
        <TextInput
          label={t('agencyRates.agent')}
          value={username}
          onChange={(e) => setUsername(e.currentTarget.value)}
          required
        />
        <Group grow align="flex-start">
          <TextInput
            label={t('agencyRates.quotaRate')}
            inputMode="decimal"
            value={rate}
            onChange={(e) => setRate(e.currentTarget.value.trim())}
            error={rate && !RATE_TEXT.test(rate) ? t('agencyRates.rateInvalid') : undefined}
            rightSection={<Text size="xs">%</Text>}
            required
          />
          <NumberInput
            label={t('agencyRates.remaining')}
            min={0}
            max={1_000_000}
            allowDecimal={false}
            allowNegative={false}
            value={remaining}
            onChange={(v) => setRemaining(typeof v === 'number' ? v : 0)}
          />
        </Group>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group>
          <Button type="submit">{t('agencyRates.saveQuota')}</Button>
        </Group>
      </Stack>
      <DecisionModal
        opened={asking}
        title={t('agencyRates.quotaConfirm')}
        summary={
          <Text size="sm">
            {t('agencyRates.quotaSummary', { agent: username.trim(), rate, count: remaining })}
          </Text>
        }
        confirmLabel={t('agencyRates.saveQuota')}
        reasonRequired
        onClose={() => setAsking(false)}
        onConfirm={async ({ reason }) => {
          const q = await setQuota({ username: username.trim(), rate, remaining, reason });
          notice(
            'green',
            t('agencyRates.quotaSaved', { agent: username.trim(), rate: q.rate, count: q.remaining }),
          );
        }}
      />
    </form>
  );
}
