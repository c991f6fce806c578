import { Alert, Badge, Group, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { displayAmount, formatAmount as wire, parseAmount } from '@panalo/contract/money';
// The member's profile, activity and notes: the members area's calls and keys (one cache for both).
import { getMember, getMemberActivity, getMemberNotes } from '../../members/api/members';
import { membersKeys } from '../../members/api/keys';

/**
 * What the finance desk weighs before paying a withdrawal (issue 49 item 7), beside the decision: the
 * member's balance and cashier totals, turnover still owed, the latest bonuses, accounts linked to it and
 * the staff's latest notes — read from the member's profile, activity and notes (members.read).
 */
export function WithdrawalContext({ memberId }: { memberId: string }) {
  const { t } = useTranslation();
  const member = useQuery({
    queryKey: membersKeys.member(memberId),
    queryFn: () => getMember(memberId),
  });
  const activity = useQuery({
    queryKey: membersKeys.activity(memberId),
    queryFn: () => getMemberActivity(memberId),
  });
  const notes = useQuery({
    queryKey: membersKeys.notes(memberId),
    queryFn: () => getMemberNotes(memberId),
  });
  if (member.isPending || activity.isPending || notes.isPending)
    return <Loader size="sm" role="status" aria-label={t('common.loading')} />;
  if (!member.data || !activity.data || !notes.data)
    return (
      <Alert color="gray" role="status">
        {t('cashier.context.unavailable')}
      </Alert>
    );
  const m = member.data;
  const open = activity.data.turnover.filter((r) => r.state === 'open');
  // Sums in minor units (never a float), shown as the console shows amounts.
  const sum = (k: 'done' | 'required') =>
    displayAmount(wire(open.reduce((s, r) => s + (parseAmount(r[k]) ?? 0n), 0n)));
  return (
    <Stack gap={6} data-testid="withdrawal-context">
      <Text size="sm" fw={600}>
        {t('cashier.context.title', { member: m.username })}
      </Text>
      <Text size="sm">
        {t('cashier.context.cashier', {
          deposits: displayAmount(m.cashier.deposits),
          depositCount: m.cashier.depositCount,
          withdrawals: displayAmount(m.cashier.withdrawals),
          withdrawalCount: m.cashier.withdrawalCount,
        })}
      </Text>
      <Text size="sm" data-testid="context-turnover">
        {open.length === 0
          ? t('cashier.context.turnoverMet')
          : t('cashier.context.turnoverOpen', {
              done: sum('done'),
              required: sum('required'),
            })}
      </Text>
      {activity.data.bonuses.length > 0 && (
        <Text size="sm">
          {t('cashier.context.bonuses', {
            list: activity.data.bonuses
              .slice(0, 3)
              .map((b) => `${b.promotion} ${displayAmount(b.amount)}`)
              .join(', '),
          })}
        </Text>
      )}
      {m.linked.length > 0 ? (
        <Group gap={4} data-testid="context-linked">
          <Text size="sm" c="red">
            {t('cashier.context.linked', { count: m.linked.length })}
          </Text>
          {m.linked.slice(0, 5).map((l) => (
            <Badge key={l.id} variant="light" color="red">
              {l.username}
            </Badge>
          ))}
        </Group>
      ) : (
        <Text size="sm">{t('cashier.context.noLinked')}</Text>
      )}
      {notes.data.slice(0, 2).map((n) => (
        <Text key={n.id} size="sm" c="dimmed">
          {t('cashier.context.note', { staff: n.staff, body: n.body })}
        </Text>
      ))}
    </Stack>
  );
}
