import { Anchor, Badge, Button, Group, Select, Stack, TextInput, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MemberSearchBy, OpsMemberRow } from '@panalo/contract/ops-members';
import { PagedTable, pagedState, type Column } from '../../../components/list-states';
import { useListParams } from '../../../lib/list-params';
import { displayAmount } from '@panalo/contract/money';
import { formatTime } from '../../../lib/format';
import { membersKeys } from '../api/keys';
import { searchMembers } from '../api/members';

const BY: MemberSearchBy[] = ['username', 'mobile', 'name', 'card', 'ip', 'device'];

/** Member search: by username (prefix), mobile, name, card, IP address or device; each opens the profile. */
export function MembersScreen() {
  const { t, i18n } = useTranslation();
  const list = useListParams(['by', 'q'] as const);
  const by = (BY as string[]).includes(list.values.by) ? (list.values.by as MemberSearchBy) : 'username';
  const [draft, setDraft] = useState({ by, q: list.values.q });
  const query = useQuery({
    queryKey: membersKeys.search(by, list.values.q, list.page),
    queryFn: () => searchMembers(by, list.values.q, list.page),
    enabled: list.values.q.trim().length > 0,
    placeholderData: keepPreviousData,
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    list.setFilter('by', draft.by === 'username' ? '' : draft.by);
    list.setFilter('q', draft.q.trim());
  };
  const columns: Column<OpsMemberRow>[] = [
    {
      key: 'username',
      title: t('members.username'),
      render: (m) => (
        <Anchor component={Link} to={`/members/${m.id}`}>
          {m.username}
        </Anchor>
      ),
    },
    { key: 'nickname', title: t('members.nickname'), render: (m) => m.nickname ?? '—' },
    {
      key: 'status',
      title: t('cashier.status'),
      render: (m) => (
        <Badge variant="dot" color={m.status === 'active' ? 'green' : 'red'}>
          {t(`members.status.${m.status}`)}
        </Badge>
      ),
    },
    { key: 'vip', title: t('members.vip'), render: (m) => m.vipLevel },
    { key: 'balance', title: t('members.balance'), align: 'right', render: (m) => displayAmount(m.balance) },
    { key: 'upline', title: t('members.upline'), render: (m) => m.upline ?? '—' },
    { key: 'created', title: t('members.registered'), render: (m) => formatTime(m.createdAt, i18n.language) },
  ];
  return (
    <Stack>
      <Title order={1} size="h2">
        {t('nav.members')}
      </Title>
      <form onSubmit={submit} role="search" aria-label={t('members.search')}>
        <Group align="flex-end">
          <Select
            label={t('members.searchBy')}
            data={BY.map((b) => ({ value: b, label: t(`members.by.${b}`) }))}
            value={draft.by}
            onChange={(v) => v && setDraft({ ...draft, by: v })}
            allowDeselect={false}
            w={180}
          />
          <TextInput
            label={t('members.searchFor')}
            value={draft.q}
            onChange={(e) => setDraft({ ...draft, q: e.currentTarget.value })}
            maxLength={64}
            w={280}
          />
          <Button type="submit">{t('members.search')}</Button>
        </Group>
      </form>
      {list.values.q ? (
        <PagedTable
          caption={t('members.caption', { count: query.data?.total ?? 0 })}
          columns={columns}
          rowKey={(m) => m.id}
          empty={t('members.none')}
          {...pagedState(query, list)}
        />
      ) : null}
    </Stack>
  );
}
