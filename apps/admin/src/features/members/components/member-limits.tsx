import { Alert, Button, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { MemberLimitRequest } from '@panalo/contract/ops-members';
import type { LimitSpan, MoneyLimitKind } from '@panalo/contract/protection';
import { DecisionModal } from '../../../components/decision-modal';
import { LoadState, scrollRegion } from '../../../components/list-states';
import { notice } from '../../../components/notice';
import { AMOUNT_TEXT, displayAmount } from '@panalo/contract/money';
import { formatTime } from '../../../lib/format';
import { membersKeys } from '../api/keys';
import { getMemberLimits, setMemberLimit } from '../api/members';

// Zod-free copies of the contract's lists (the console value-imports no zod module): the same order
// the member's own limits screen shows; the server's schema refuses anything else.
const KINDS: MoneyLimitKind[] = ['deposit', 'wager', 'loss'];
const SPANS: LimitSpan[] = ['day', 'week', 'month'];
const SESSION_MINUTES = [30, 60, 120, 180, 240, 360];

type Choice = MoneyLimitKind | 'session';

/**
 * The member's limits as the member reads them (deposit, wager and loss over 24 hours, 7 days and 30
 * days, what counts against each, a raise waiting for its cooling-off; the session limit), and, with
 * `protection` (player protection: owner and risk), a limit set or lowered for the member at once; the
 * others who read the member see the limits only. Raising or removing one is the member's own choice:
 * the server refuses it from staff.
 */
export function MemberLimits({ memberId, canSet }: { memberId: string; canSet: boolean }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const key = membersKeys.limits(memberId);
  const query = useQuery({
    queryKey: key,
    queryFn: () => getMemberLimits(memberId),
  });
  const [kind, setKind] = useState<Choice>('deposit');
  const [span, setSpan] = useState<LimitSpan>('day');
  const [amount, setAmount] = useState('');
  const [minutes, setMinutes] = useState('60');
  const [error, setError] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const limits = query.data;
  const caption = t('memberLimits.caption');
  const what =
    kind === 'session'
      ? t('memberLimits.sessionSummary', { minutes })
      : t('memberLimits.moneySummary', {
          kind: t(`memberLimits.kind.${kind}`),
          span: t(`memberLimits.span.${span}`),
          amount: amount ? displayAmount(amount) : '',
        });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (kind !== 'session' && (!AMOUNT_TEXT.test(amount) || !/[1-9]/.test(amount))) {
      setError(t('memberLimits.amountInvalid'));
      return;
    }
    setError(null);
    setAsking(true);
  };
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {t('memberLimits.title')}
      </Title>
      <LoadState pending={query.isPending} error={query.error} onRetry={() => void query.refetch()} />
      {limits && (
        <Table.ScrollContainer minWidth={560} scrollAreaProps={scrollRegion(caption)}>
          <Table striped>
            <Table.Caption>{caption}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('memberLimits.limit')}</Table.Th>
                <Table.Th ta="right">{t('memberLimits.amount')}</Table.Th>
                <Table.Th ta="right">{t('memberLimits.used')}</Table.Th>
                <Table.Th>{t('memberLimits.pending')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {limits.limits.map((l) => (
                <Table.Tr key={`${l.kind}-${l.span}`}>
                  <Table.Td>
                    {t(`memberLimits.kind.${l.kind}`)}, {t(`memberLimits.span.${l.span}`)}
                  </Table.Td>
                  <Table.Td ta="right">
                    {l.amount === null ? t('memberLimits.none') : displayAmount(l.amount)}
                  </Table.Td>
                  <Table.Td ta="right">{displayAmount(l.used)}</Table.Td>
                  <Table.Td>
                    {l.pending
                      ? t('memberLimits.waiting', {
                          amount:
                            l.pending.amount === null
                              ? t('memberLimits.removal')
                              : displayAmount(l.pending.amount),
                          from: formatTime(l.pending.from, i18n.language),
                        })
                      : '—'}
                  </Table.Td>
                </Table.Tr>
              ))}
              <Table.Tr>
                <Table.Td>{t('memberLimits.kind.session')}</Table.Td>
                <Table.Td ta="right">
                  {limits.session.minutes === null
                    ? t('memberLimits.none')
                    : t('memberLimits.minutes', { count: limits.session.minutes })}
                </Table.Td>
                <Table.Td ta="right">—</Table.Td>
                <Table.Td>
                  {limits.session.pending
                    ? t('memberLimits.waiting', {
                        amount:
                          limits.session.pending.minutes === null
                            ? t('memberLimits.removal')
                            : t('memberLimits.minutes', { count: limits.session.pending.minutes }),
                        from: formatTime(limits.session.pending.from, i18n.language),
                      })
                    : '—'}
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {canSet && (
        <form onSubmit={submit} noValidate aria-labelledby="member-limit-title">
          <Stack gap="xs">
            <Text id="member-limit-title" fw={600} size="sm">
              {t('memberLimits.setTitle')}
            </Text>
            <Text size="sm" c="dimmed">
              {t('memberLimits.setHelp')}
            </Text>
            <Group align="flex-start" grow>
              <Select
                label={t('memberLimits.limit')}
                data={[...KINDS, 'session'].map((k) => ({ value: k, label: t(`memberLimits.kind.${k}`) }))}
                value={kind}
                onChange={(v) => v && setKind(v as Choice)}
                allowDeselect={false}
              />
              {kind === 'session' ? (
                <Select
                  label={t('memberLimits.sessionLength')}
                  data={SESSION_MINUTES.map((m) => ({
                    value: String(m),
                    label: t('memberLimits.minutes', { count: m }),
                  }))}
                  value={minutes}
                  onChange={(v) => v && setMinutes(v)}
                  allowDeselect={false}
                />
              ) : (
                <>
                  <Select
                    label={t('memberLimits.over')}
                    data={SPANS.map((s) => ({ value: s, label: t(`memberLimits.span.${s}`) }))}
                    value={span}
                    onChange={(v) => v && setSpan(v)}
                    allowDeselect={false}
                  />
                  <TextInput
                    label={t('memberLimits.amountField')}
                    inputMode="decimal"
                    value={amount}
                    onChange={(e) => setAmount(e.currentTarget.value.trim())}
                    error={error ?? undefined}
                  />
                </>
              )}
            </Group>
            <Group>
              <Button type="submit" size="xs">
                {t('memberLimits.set')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
      {error && kind === 'session' && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <DecisionModal
        opened={asking}
        title={t('memberLimits.confirmTitle')}
        summary={<Text size="sm">{what}</Text>}
        confirmLabel={t('memberLimits.set')}
        reasonRequired
        reasonHelp={t('memberLimits.reasonHelp')}
        onClose={() => setAsking(false)}
        onConfirm={async ({ reason }) => {
          const body =
            kind === 'session' ? { kind, minutes: Number(minutes), reason } : { kind, span, amount, reason };
          // The choices are the contract's lists (above), so the body is one the schema takes.
          const next = await setMemberLimit(memberId, body as MemberLimitRequest);
          queryClient.setQueryData(key, next);
          setAmount('');
          notice('green', t('memberLimits.saved'));
        }}
      />
    </Stack>
  );
}
