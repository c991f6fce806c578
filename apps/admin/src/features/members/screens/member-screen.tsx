import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notice } from '../../../components/notice';
import { Link, useParams } from 'react-router';
import { EXCLUSION_PERIODS, type ExclusionPeriod } from '@panalo/contract/protection-rules';
import type { StaffMe } from '@panalo/contract/staff';
import { describeUserAgent } from '../../../lib/user-agent';

import { DecisionModal } from '../../../components/decision-modal';
import { TargetAudit } from '../../audit/components/target-audit';
import { MemberLimits } from '../components/member-limits';
import { MemberActivity, MemberNotes, PasswordReset } from '../components/member-more';
import { scrollRegion } from '../../../components/list-states';
import { ApiError } from '../../../lib/api';
import { displayAmount } from '@panalo/contract/money';
import { formatTime } from '../../../lib/format';
import { errorText } from '../../../i18n';
import { membersKeys } from '../api/keys';
import { endMemberSessions, excludeMember, getMember, lockMember } from '../api/members';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </div>
  );
}

/**
 * One member at a glance: who, balance and status, cashier totals, linked accounts, sessions, ledger,
 * the latest play and bonuses, the staff's notes; lock, end sessions, reset the password.
 */
export function MemberScreen({ me }: { me: StaffMe }) {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: membersKeys.member(id),
    queryFn: () => getMember(id),
    retry: false,
  });
  const [action, setAction] = useState<'lock' | 'unlock' | 'sessions' | null>(null);
  const [excluding, setExcluding] = useState(false);
  const [period, setPeriod] = useState<ExclusionPeriod>('timeout_24h');
  const when = (iso: string | null) => (iso ? formatTime(iso, i18n.language) : '—');
  if (query.isPending) {
    return (
      <Center py="xl" aria-busy="true">
        <Loader role="status" aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (query.isError) {
    return (
      <Alert color="red" role="alert">
        {errorText(query.error instanceof ApiError ? query.error.code : 'unknown_error')}
      </Alert>
    );
  }
  const m = query.data;
  const canWrite = me.permissions.includes('members.write');
  return (
    <Stack>
      <Group justify="space-between">
        <Stack gap={0}>
          <Anchor component={Link} to="/members" size="sm">
            {t('members.back')}
          </Anchor>
          <Title order={1} size="h2">
            {m.username}
          </Title>
        </Stack>
        {canWrite && (
          <Group>
            {m.status === 'active' && (
              <Button color="red" variant="light" onClick={() => setAction('lock')}>
                {t('members.lock')}
              </Button>
            )}
            {m.status === 'disabled' && (
              <Button onClick={() => setAction('unlock')}>{t('members.unlock')}</Button>
            )}
            <Button variant="default" onClick={() => setAction('sessions')}>
              {t('members.endSessions')}
            </Button>
            <PasswordReset memberId={m.id} username={m.username} />
          </Group>
        )}
        <Group>
          {me.permissions.includes('protection') && (
            <Button variant="default" color="orange" onClick={() => setExcluding(true)}>
              {t('members.exclude')}
            </Button>
          )}
          {me.permissions.includes('mail') && (
            <Button variant="default" component={Link} to={`/mail?to=${encodeURIComponent(m.username)}`}>
              {t('members.sendMail')}
            </Button>
          )}
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <Card withBorder>
          <Field label={t('members.balance')}>
            <span data-testid="member-balance">{displayAmount(m.balance)}</span>
          </Field>
        </Card>
        <Card withBorder>
          <Field label={t('cashier.status')}>
            <Badge variant="dot" color={m.status === 'active' ? 'green' : 'red'} data-testid="member-status">
              {t(`members.status.${m.status}`)}
            </Badge>
          </Field>
        </Card>
        <Card withBorder>
          <Field label={t('members.deposits')}>
            {displayAmount(m.cashier.deposits)} ({m.cashier.depositCount})
          </Field>
        </Card>
        <Card withBorder>
          <Field label={t('members.withdrawals')}>
            {displayAmount(m.cashier.withdrawals)} ({m.cashier.withdrawalCount}
            {m.cashier.pendingWithdrawals > 0
              ? `, ${t('members.pending', { count: m.cashier.pendingWithdrawals })}`
              : ''}
            )
          </Field>
        </Card>
      </SimpleGrid>
      <Card withBorder>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Field label={t('members.nickname')}>{m.nickname ?? '—'}</Field>
          <Field label={t('members.mobile')}>{m.mobile ?? '—'}</Field>
          <Field label={t('members.email')}>{m.email ?? '—'}</Field>
          <Field label={t('members.payee')}>{m.payeeName ?? '—'}</Field>
          <Field label={t('members.vip')}>{m.vipLevel}</Field>
          <Field label={t('members.upline')}>{m.upline ?? '—'}</Field>
          <Field label={t('members.registered')}>{when(m.createdAt)}</Field>
          <Field label={t('members.lastLogin')}>{when(m.lastLoginAt)}</Field>
          <Field label={t('members.registerIp')}>{m.registerIp ?? '—'}</Field>
          {m.exclusion && (
            <Field label={t('members.exclusion')}>
              {m.exclusion.kind} · {m.exclusion.until ? when(m.exclusion.until) : t('members.indefinite')}
            </Field>
          )}
        </SimpleGrid>
      </Card>
      <Title order={2} size="h4">
        {t('members.linked')}
      </Title>
      {m.linked.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('members.noLinked')}
        </Text>
      ) : (
        <Group gap="xs">
          {m.linked.map((l) => (
            <Badge
              key={l.id}
              variant="outline"
              color="dark"
              component={Link}
              to={`/members/${l.id}`}
              style={{ cursor: 'pointer' }}
            >
              {l.username} · {l.via.map((v) => t(`members.via.${v}`)).join(', ')}
            </Badge>
          ))}
        </Group>
      )}
      <Title order={2} size="h4">
        {t('members.sessions')}
      </Title>
      <Table.ScrollContainer minWidth={640} scrollAreaProps={scrollRegion(t('members.sessionsCaption'))}>
        <Table striped>
          <Table.Caption>{t('members.sessionsCaption')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('members.signedIn')}</Table.Th>
              <Table.Th scope="col">{t('members.lastSeen')}</Table.Th>
              <Table.Th scope="col">{t('audit.ip')}</Table.Th>
              <Table.Th scope="col">{t('members.device')}</Table.Th>
              <Table.Th scope="col">{t('cashier.status')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {m.sessions.map((s, i) => (
              <Table.Tr key={i}>
                <Table.Td>{when(s.createdAt)}</Table.Td>
                <Table.Td>{when(s.lastSeenAt)}</Table.Td>
                <Table.Td>{s.ip ?? '—'}</Table.Td>
                <Table.Td>
                  {/* The browser as people read it; the device id (shortened) finds the others who used it. */}
                  <Text size="sm">{describeUserAgent(s.userAgent) ?? '—'}</Text>
                  {s.device && (
                    <Text size="xs" c="dimmed" title={s.device}>
                      {t('members.deviceId', { id: s.device.slice(0, 8) })}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{s.live ? t('members.live') : t('members.ended')}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Title order={2} size="h4">
        {t('members.ledger')}
      </Title>
      <Table.ScrollContainer minWidth={640} scrollAreaProps={scrollRegion(t('members.ledgerCaption'))}>
        <Table striped>
          <Table.Caption>{t('members.ledgerCaption')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('audit.time')}</Table.Th>
              <Table.Th scope="col">{t('approvals.kind')}</Table.Th>
              <Table.Th scope="col" style={{ textAlign: 'right' }}>
                {t('cashier.amount')}
              </Table.Th>
              <Table.Th scope="col" style={{ textAlign: 'right' }}>
                {t('members.balanceAfter')}
              </Table.Th>
              <Table.Th scope="col">{t('members.memo')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {m.ledger.map((e) => (
              <Table.Tr key={`${e.id}-${e.createdAt}`}>
                <Table.Td>{when(e.createdAt)}</Table.Td>
                <Table.Td>{t(`ledgerKind.${e.kind}`, { defaultValue: e.kind })}</Table.Td>
                <Table.Td style={{ textAlign: 'right' }}>{displayAmount(e.amount)}</Table.Td>
                <Table.Td style={{ textAlign: 'right' }}>
                  {e.balanceAfter ? displayAmount(e.balanceAfter) : '—'}
                </Table.Td>
                <Table.Td>{e.memo ?? ''}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <MemberActivity memberId={m.id} />
      {/* Setting a member's limits is player protection (owner and risk); the others read them. */}
      <MemberLimits memberId={m.id} canSet={me.permissions.includes('protection')} />
      <MemberNotes memberId={m.id} canWrite={canWrite} />
      {me.permissions.includes('audit') && (
        <Stack gap="xs">
          <Title order={2} size="h4">
            {t('members.audit')}
          </Title>
          <TargetAudit
            target={`member:${m.id}`}
            queryKey={membersKeys.member(id)}
            caption={t('members.auditCaption', { username: m.username })}
          />
        </Stack>
      )}
      <DecisionModal
        opened={excluding}
        title={t('members.exclude')}
        summary={
          <Stack>
            <Text size="sm">{t('members.excludeSummary', { username: m.username })}</Text>
            <Select
              label={t('members.excludeFor')}
              value={period}
              onChange={(v) => v && setPeriod(v)}
              data={EXCLUSION_PERIODS.map((p) => ({ value: p, label: t(`members.periods.${p}`) }))}
              allowDeselect={false}
            />
          </Stack>
        }
        confirmLabel={t('members.exclude')}
        danger
        reasonRequired
        onClose={() => setExcluding(false)}
        onConfirm={async ({ reason }) => {
          const r = await excludeMember(m.username, period, reason);
          notice(
            'green',
            r.until ? t('members.excludedUntil', { until: when(r.until) }) : t('members.excludedForever'),
          );
          await queryClient.invalidateQueries({ queryKey: membersKeys.member(id) });
        }}
      />
      <DecisionModal
        opened={action !== null}
        title={action ? t(`members.${action === 'sessions' ? 'endSessions' : action}`) : ''}
        summary={action ? t(`members.${action}Summary`, { username: m.username }) : ''}
        confirmLabel={action ? t(`members.${action === 'sessions' ? 'endSessions' : action}`) : ''}
        danger={action === 'lock'}
        reasonRequired
        onClose={() => setAction(null)}
        onConfirm={async ({ reason }) => {
          if (action === 'sessions') {
            await endMemberSessions(m.id, reason);
          } else {
            await lockMember(m.id, action === 'lock', reason);
          }
          notice('green', t('members.done'));
          await queryClient.invalidateQueries({ queryKey: membersKeys.member(id) });
        }}
      />
    </Stack>
  );
}
