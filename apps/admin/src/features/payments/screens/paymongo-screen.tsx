import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Code,
  Group,
  Paper,
  PasswordInput,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PAYMONGO_SECRET_KEY, PAYMONGO_WEBHOOK_SECRET } from '@panalo/contract/payment-rules';
import type { OpsPayMongo, OpsPayMongoInput } from '@panalo/contract/payments';
import { DecisionModal } from '../../../components/decision-modal';
import { LoadState } from '../../../components/list-states';
import { notice } from '../../../components/notice';
import { AMOUNT_TEXT } from '@panalo/contract/money';
import { formatTime } from '../../../lib/format';
import { paymentsKeys } from '../api/keys';
import { getPayMongo, savePayMongo } from '../api/payments';

type MethodRow = OpsPayMongo['methods'][number];

/**
 * The merchant's PayMongo account (issue 21): its keys (written, never shown again: only the key's
 * last four come back), test or live mode, the webhook address to give PayMongo, and which of GCash,
 * Maya, QR Ph, GrabPay and card members may pay with, each with its limits. Saving asks for a reason.
 */
export function PayMongoScreen() {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: paymentsKeys.paymongo(),
    queryFn: () => getPayMongo(),
  });
  return (
    <Stack maw={760}>
      <Title order={1} size="h2">
        {t('nav.paymongo')}
      </Title>
      <Text size="sm">{t('paymongo.intro')}</Text>
      <LoadState pending={query.isPending} error={query.error} onRetry={() => void query.refetch()} />
      {query.data && <PayMongoForm key={query.data.updatedAt ?? 'new'} view={query.data} />}
    </Stack>
  );
}

function PayMongoForm({ view }: { view: OpsPayMongo }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [apiUrl, setApiUrl] = useState(view.apiUrl ?? 'https://api.paymongo.com');
  const [livemode, setLivemode] = useState(view.livemode);
  const [secretKey, setSecretKey] = useState('');
  const [webhookSecret, setWebhookSecret] = useState('');
  const [methods, setMethods] = useState<MethodRow[]>(view.methods);
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const keyBad = secretKey !== '' && !PAYMONGO_SECRET_KEY.test(secretKey);
  const keyModeBad = secretKey !== '' && !keyBad && secretKey.startsWith('sk_live_') !== livemode;
  const webhookBad = webhookSecret !== '' && !PAYMONGO_WEBHOOK_SECRET.test(webhookSecret);
  const limitBad = (m: MethodRow) =>
    !AMOUNT_TEXT.test(m.min) ||
    !AMOUNT_TEXT.test(m.max) ||
    Number(m.min) <= 0 ||
    Number(m.min) > Number(m.max);
  const setMethod = (code: string, change: Partial<MethodRow>) =>
    setMethods((all) => all.map((m) => (m.code === code ? { ...m, ...change } : m)));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const missing = !view.configured && (!secretKey || !webhookSecret);
    if (missing || keyBad || keyModeBad || webhookBad || methods.some(limitBad)) {
      setError(t(missing ? 'paymongo.keysNeeded' : 'paymongo.fixFields'));
      return;
    }
    setError(null);
    setAsking(true);
  };

  return (
    <>
      <Paper withBorder p="md" component="section" aria-labelledby="paymongo-state">
        <Stack gap="xs">
          <Group gap="xs">
            <Title order={2} size="h4" id="paymongo-state">
              {t('paymongo.account')}
            </Title>
            <Badge
              variant="dot"
              color={view.configured ? (view.livemode ? 'green' : 'yellow') : 'gray'}
              data-testid="paymongo-state"
            >
              {view.configured
                ? t(view.livemode ? 'paymongo.live' : 'paymongo.test')
                : t('paymongo.notConnected')}
            </Badge>
          </Group>
          {view.secretKeyHint && (
            <Text size="sm">
              {t('paymongo.keyHint')} <Code>{view.secretKeyHint}</Code>
            </Text>
          )}
          {view.updatedAt && (
            <Text size="sm" c="dimmed">
              {t('paymongo.updated', { at: formatTime(view.updatedAt, i18n.language), by: view.updatedBy })}
            </Text>
          )}
          <Text size="sm">{t('paymongo.webhookHelp')}</Text>
          <TextInput
            label={t('paymongo.webhookUrl')}
            value={view.webhookUrl}
            readOnly
            onFocus={(e) => e.currentTarget.select()}
            data-testid="paymongo-webhook-url"
          />
        </Stack>
      </Paper>
      <Paper withBorder p="md">
        <form onSubmit={submit} noValidate>
          <Stack>
            <TextInput
              label={t('paymongo.apiUrl')}
              value={apiUrl}
              onChange={(e) => setApiUrl(e.currentTarget.value.trim())}
              required
            />
            <Switch
              label={t('paymongo.livemode')}
              description={t('paymongo.livemodeHelp')}
              checked={livemode}
              onChange={(e) => setLivemode(e.currentTarget.checked)}
            />
            <PasswordInput
              label={t('paymongo.secretKey')}
              description={view.configured ? t('paymongo.keepKey') : t('paymongo.secretKeyHelp')}
              value={secretKey}
              onChange={(e) => setSecretKey(e.currentTarget.value.trim())}
              error={
                keyBad
                  ? t('paymongo.secretKeyInvalid')
                  : keyModeBad
                    ? t('errors.payment_key_mode_mismatch')
                    : undefined
              }
              autoComplete="off"
              required={!view.configured}
            />
            <PasswordInput
              label={t('paymongo.webhookSecret')}
              description={view.configured ? t('paymongo.keepKey') : t('paymongo.webhookSecretHelp')}
              value={webhookSecret}
              onChange={(e) => setWebhookSecret(e.currentTarget.value.trim())}
              error={webhookBad ? t('paymongo.webhookSecretInvalid') : undefined}
              autoComplete="off"
              required={!view.configured}
            />

            <Table>
              <Table.Caption>{t('paymongo.methodsCaption')}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('paymongo.method')}</Table.Th>
                  <Table.Th>{t('paymongo.min')}</Table.Th>
                  <Table.Th>{t('paymongo.max')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {methods.map((m) => (
                  <Table.Tr key={m.code}>
                    <Table.Td>
                      <Checkbox
                        label={t('paymongo.offer', { name: m.name })}
                        checked={m.enabled}
                        onChange={(e) => setMethod(m.code, { enabled: e.currentTarget.checked })}
                      />
                    </Table.Td>
                    <Table.Td>
                      <TextInput
                        aria-label={t('paymongo.minOf', { name: m.name })}
                        inputMode="decimal"
                        value={m.min}
                        onChange={(e) => setMethod(m.code, { min: e.currentTarget.value.trim() })}
                        error={limitBad(m) ? true : undefined}
                      />
                    </Table.Td>
                    <Table.Td>
                      <TextInput
                        aria-label={t('paymongo.maxOf', { name: m.name })}
                        inputMode="decimal"
                        value={m.max}
                        onChange={(e) => setMethod(m.code, { max: e.currentTarget.value.trim() })}
                        error={limitBad(m) ? true : undefined}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>

            {methods.some(limitBad) && (
              <Text size="sm" c="red" role="alert">
                {t('errors.payment_limits_invalid')}
              </Text>
            )}
            {error && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
            <Button type="submit" style={{ alignSelf: 'flex-start' }}>
              {t('paymongo.save')}
            </Button>
          </Stack>
        </form>
      </Paper>
      <DecisionModal
        opened={asking}
        title={t('paymongo.saveTitle')}
        summary={<Text size="sm">{t(livemode ? 'paymongo.saveLive' : 'paymongo.saveTest')}</Text>}
        confirmLabel={t('paymongo.save')}
        reasonRequired
        onClose={() => setAsking(false)}
        onConfirm={async ({ reason }) => {
          const body: OpsPayMongoInput = {
            apiUrl,
            livemode,
            ...(secretKey ? { secretKey } : {}),
            ...(webhookSecret ? { webhookSecret } : {}),
            methods: methods.map(({ code, enabled, min, max }) => ({ code, enabled, min, max })),
            reason,
          };
          const next = await savePayMongo(body);
          queryClient.setQueryData(paymentsKeys.paymongo(), next);
          notice('green', t('paymongo.saved'));
        }}
      />
    </>
  );
}
