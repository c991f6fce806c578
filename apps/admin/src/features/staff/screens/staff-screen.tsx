import {
  Badge,
  Button,
  Group,
  PasswordInput,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { STAFF_PASSWORD, STAFF_ROLES, STAFF_USERNAME, type StaffRole } from '@panalo/contract/staff-rules';
import type { StaffMe } from '@panalo/contract/staff';
import { DecisionModal } from '../../../components/decision-modal';
import { PagedTable, type Column } from '../../../components/list-states';
import { notice } from '../../../components/notice';
import { ApiError } from '../../../lib/api';
import { formatTime } from '../../../lib/format';
import {
  createStaff,
  listStaff,
  resetSecondFactor,
  setStaffPassword,
  updateStaff,
  type StaffMember,
} from '../api/staff';
import { staffKeys } from '../api/keys';
const refuse = (code: string) => new ApiError(code, 400, code);

type Action =
  | { kind: 'add' }
  | { kind: 'edit'; s: StaffMember }
  | { kind: 'password'; s: StaffMember }
  | { kind: 'reset'; s: StaffMember };

/**
 * The site's staff (owners only): who has which role, who is disabled, who has set up the authenticator
 * and when each last signed in. An owner adds staff with a first password (the authenticator is set up
 * at the first sign-in), changes another's role or disables them, sets a new password or makes them set
 * up the authenticator again; each ends that person's sessions and is audited with the reason. Nobody
 * changes their own account here.
 */
export function StaffScreen({ me }: { me: StaffMe }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: staffKeys.list(),
    queryFn: listStaff,
  });
  const [action, setAction] = useState<Action | null>(null);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<StaffRole>('support');
  const [active, setActive] = useState(true);
  const open = (a: Action) => {
    setUsername('');
    setPassword('');
    if (a.kind === 'edit') {
      setRole(a.s.role);
      setActive(a.s.status === 'active');
    } else setRole('support');
    setAction(a);
  };
  const roleSelect = (
    <Select
      label={t('staff.role')}
      data={STAFF_ROLES.map((r) => ({ value: r, label: t(`staff.roles.${r}`) }))}
      value={role}
      allowDeselect={false}
      onChange={(v) => v && setRole(v)}
      comboboxProps={{ withinPortal: false }}
    />
  );
  const passwordInput = (
    <PasswordInput
      label={t('staff.password')}
      description={t('staff.passwordHelp')}
      value={password}
      onChange={(e) => setPassword(e.currentTarget.value)}
      autoComplete="new-password"
      maxLength={64}
    />
  );
  const columns: Column<StaffMember>[] = [
    { key: 'username', title: t('staff.username'), render: (s) => s.username },
    { key: 'role', title: t('staff.role'), render: (s) => t(`staff.roles.${s.role}`) },
    {
      key: 'status',
      title: t('staff.status'),
      render: (s) => (
        <Badge variant="dot" color={s.status === 'active' ? 'green' : 'gray'}>
          {t(`staff.statuses.${s.status}`)}
        </Badge>
      ),
    },
    {
      key: 'otp',
      title: t('staff.secondFactor'),
      render: (s) => (s.secondFactor ? t('staff.otpSet') : t('staff.otpPending')),
    },
    {
      key: 'last',
      title: t('staff.lastLogin'),
      render: (s) => (s.lastLoginAt ? formatTime(s.lastLoginAt, i18n.language) : '—'),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      render: (s) =>
        s.username === me.username ? (
          <Text size="sm">{t('staff.you')}</Text>
        ) : (
          <Group gap="xs" wrap="nowrap">
            <Button
              size="xs"
              variant="light"
              onClick={() => open({ kind: 'edit', s })}
              aria-label={t('staff.editOf', { name: s.username })}
            >
              {t('staff.edit')}
            </Button>
            <Button
              size="xs"
              variant="default"
              onClick={() => open({ kind: 'password', s })}
              aria-label={t('staff.passwordOf', { name: s.username })}
            >
              {t('staff.setPassword')}
            </Button>
            <Button
              size="xs"
              variant="default"
              onClick={() => open({ kind: 'reset', s })}
              aria-label={t('staff.resetOf', { name: s.username })}
            >
              {t('staff.resetOtp')}
            </Button>
          </Group>
        ),
    },
  ];
  const done = async (key: string, name: string) => {
    notice('green', t(key, { name }));
    await queryClient.invalidateQueries({ queryKey: staffKeys.all });
  };
  const who = action && action.kind !== 'add' ? action.s : null;
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('nav.staff')}
        </Title>
        <Button onClick={() => open({ kind: 'add' })}>{t('staff.add')}</Button>
      </Group>
      <PagedTable
        caption={t('staff.caption', { count: query.data?.length ?? 0 })}
        columns={columns}
        rows={query.data}
        rowKey={(s) => s.id}
        loading={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        empty={t('staff.none')}
        page={1}
        totalPages={1}
        onPage={() => undefined}
      />
      <DecisionModal
        opened={action?.kind === 'add'}
        title={t('staff.addTitle')}
        summary={
          <Stack>
            <TextInput
              label={t('staff.username')}
              description={t('staff.usernameHelp')}
              value={username}
              onChange={(e) => setUsername(e.currentTarget.value)}
              maxLength={32}
              autoComplete="off"
            />
            {passwordInput}
            {roleSelect}
          </Stack>
        }
        confirmLabel={t('staff.add')}
        reason={false}
        onClose={() => setAction(null)}
        onConfirm={async () => {
          const name = username.trim().toLowerCase();
          if (!STAFF_USERNAME.test(name)) throw refuse('staff_username_invalid');
          if (!STAFF_PASSWORD.test(password)) throw refuse('staff_password_weak');
          await createStaff({ username: name, password, role });
          await done('staff.added', name);
        }}
      />
      <DecisionModal
        opened={action?.kind === 'edit'}
        title={t('staff.editTitle', { name: who?.username ?? '' })}
        summary={
          <Stack>
            {roleSelect}
            <Switch
              label={t('staff.active')}
              checked={active}
              onChange={(e) => setActive(e.currentTarget.checked)}
            />
            <Text size="sm">{t('staff.sessionsEnd')}</Text>
          </Stack>
        }
        confirmLabel={t('staff.save')}
        reasonRequired
        reasonHelp={t('staff.reasonHelp')}
        onClose={() => setAction(null)}
        onConfirm={async ({ reason }) => {
          await updateStaff(who!.id, { role, status: active ? 'active' : 'disabled', reason });
          await done('staff.saved', who!.username);
        }}
      />
      <DecisionModal
        opened={action?.kind === 'password'}
        title={t('staff.passwordTitle', { name: who?.username ?? '' })}
        summary={
          <Stack>
            {passwordInput}
            <Text size="sm">{t('staff.sessionsEnd')}</Text>
          </Stack>
        }
        confirmLabel={t('staff.setPassword')}
        reasonRequired
        reasonHelp={t('staff.reasonHelp')}
        onClose={() => setAction(null)}
        onConfirm={async ({ reason }) => {
          if (!STAFF_PASSWORD.test(password)) throw refuse('staff_password_weak');
          await setStaffPassword(who!.id, { password, reason });
          await done('staff.passwordSet', who!.username);
        }}
      />
      <DecisionModal
        opened={action?.kind === 'reset'}
        title={t('staff.resetTitle', { name: who?.username ?? '' })}
        summary={<Text size="sm">{t('staff.resetSummary')}</Text>}
        confirmLabel={t('staff.resetOtp')}
        danger
        reasonRequired
        reasonHelp={t('staff.reasonHelp')}
        onClose={() => setAction(null)}
        onConfirm={async ({ reason }) => {
          await resetSecondFactor(who!.id, { reason });
          await done('staff.resetDone', who!.username);
        }}
      />
    </Stack>
  );
}
