import { Badge, Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContentType } from '@panalo/contract/content';
import type { OpsAnnouncement } from '@panalo/contract/content-ops';
import { PagedTable, pagedState, type Column } from '../../../components/list-states';
import { useListParams } from '../../../lib/list-params';
import { formatTime } from '../../../lib/format';
import { listAnnouncements } from '../api/content';
import { contentKeys } from '../api/keys';
import { AnnouncementEditor } from './announcement-editor';

const TYPES = ['all', 'H', 'B', 'PU', 'PL', 'A', 'PR'] as const;

/** Announcements (headline, banners, popups, notices, agent notices, promotions), each in every language. */
export function Announcements() {
  const { t, i18n } = useTranslation();
  const list = useListParams(['type'] as const);
  const type = (TYPES as readonly string[]).includes(list.values.type) ? list.values.type : 'all';
  const query = useQuery({
    queryKey: contentKeys.announcements(list.page, type),
    queryFn: () => listAnnouncements(list.page, type),
    placeholderData: keepPreviousData,
  });
  const [editing, setEditing] = useState<OpsAnnouncement | 'new' | null>(null);
  const languages = query.data?.languages ?? [];
  const titleOf = (a: OpsAnnouncement) =>
    (a.texts.find((x) => x.lang === languages[0]) ?? a.texts[0])?.title ?? '—';
  const shows = (a: OpsAnnouncement) =>
    a.live ? 'live' : a.startsAt && Date.parse(a.startsAt) > Date.now() ? 'scheduled' : 'ended';

  const columns: Column<OpsAnnouncement>[] = [
    { key: 'id', title: '#', render: (a) => a.id },
    { key: 'type', title: t('content.type'), render: (a) => t(`content.types.${a.type}`) },
    { key: 'title', title: t('content.title'), render: (a) => titleOf(a) },
    {
      key: 'langs',
      title: t('content.languages'),
      render: (a) => (
        <Group gap={4}>
          {a.texts.map((x) => (
            <Badge key={x.lang} variant="outline" size="sm">
              {x.lang}
            </Badge>
          ))}
        </Group>
      ),
    },
    {
      key: 'shows',
      title: t('content.shows'),
      render: (a) => (
        <Badge variant="dot" color={a.live ? 'green' : 'gray'}>
          {t(`content.state.${shows(a)}`)}
        </Badge>
      ),
    },
    {
      key: 'window',
      title: t('content.window'),
      render: (a) =>
        `${a.startsAt ? formatTime(a.startsAt, i18n.language) : '…'} – ${a.endsAt ? formatTime(a.endsAt, i18n.language) : '…'}`,
    },
    {
      key: 'edit',
      title: t('common.actions'),
      render: (a) => (
        <Button
          size="xs"
          variant="light"
          onClick={() => setEditing(a)}
          aria-label={t('content.editOf', { id: a.id })}
        >
          {t('content.edit')}
        </Button>
      ),
    },
  ];

  return (
    <Stack>
      <Group justify="flex-end">
        <Button onClick={() => setEditing('new')} disabled={languages.length === 0}>
          {t('content.new')}
        </Button>
      </Group>
      <SegmentedControl
        aria-label={t('content.type')}
        value={type}
        onChange={(v) => list.setFilter('type', v === 'all' ? '' : v)}
        data={TYPES.map((x) => ({
          value: x,
          label: x === 'all' ? t('content.all') : t(`content.types.${x}`),
        }))}
        style={{ maxWidth: '100%', overflowX: 'auto' }}
      />
      <Text size="sm" c="dimmed">
        {t('content.intro')}
      </Text>
      <PagedTable
        caption={t('content.caption', { count: query.data?.total ?? 0 })}
        columns={columns}
        rowKey={(a) => String(a.id)}
        empty={t('content.empty')}
        {...pagedState(query, list)}
      />
      {editing !== null && (
        <AnnouncementEditor
          announcement={editing === 'new' ? null : editing}
          defaultType={(type === 'all' ? 'PL' : type) as ContentType}
          languages={languages}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}
