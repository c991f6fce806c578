import { Badge, Button, Group, SegmentedControl, Stack, Tabs, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContentType } from '@panalo/contract/content';
import type { OpsAnnouncement } from '@panalo/contract/content-ops';
import { PagedTable, pagedState, type Column } from '../../components/list-states';
import { api } from '../../lib/api';
import { useListParams } from '../../lib/list-params';
import { formatTime } from '../../lib/format';
import { AnnouncementEditor } from './announcement-editor';
import { HelpCentre, SitePages } from './help-pages';
import { ServiceLinks } from './service-links';

const TYPES = ['all', 'H', 'B', 'PU', 'PL', 'A', 'PR'] as const;
type Page = { list: OpsAnnouncement[]; total: number; totalPages: number; languages: string[] };

/** The content screen: announcements, the help centre, the site's pages, each in every language. */
export function ContentPage() {
  const { t } = useTranslation();
  const list = useListParams(['tab'] as const);
  const tab = ['help', 'pages', 'service'].includes(list.values.tab) ? list.values.tab : 'announcements';
  return (
    <Stack>
      <Title order={1} size="h2">
        {t('nav.content')}
      </Title>
      <Tabs value={tab} onChange={(v) => v && list.setFilter('tab', v === 'announcements' ? '' : v)}>
        <Tabs.List>
          <Tabs.Tab value="announcements">{t('helpOps.announcements')}</Tabs.Tab>
          <Tabs.Tab value="help">{t('helpOps.tab')}</Tabs.Tab>
          <Tabs.Tab value="pages">{t('helpOps.pagesTab')}</Tabs.Tab>
          <Tabs.Tab value="service">{t('serviceLinks.title')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="announcements" pt="md">
          {tab === 'announcements' && <Announcements />}
        </Tabs.Panel>
        <Tabs.Panel value="help" pt="md">
          {tab === 'help' && <HelpCentre />}
        </Tabs.Panel>
        <Tabs.Panel value="pages" pt="md">
          {tab === 'pages' && <SitePages />}
        </Tabs.Panel>
        <Tabs.Panel value="service" pt="md">
          {tab === 'service' && <ServiceLinks />}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

/** Announcements (headline, banners, popups, notices, agent notices, promotions), each in every language. */
function Announcements() {
  const { t, i18n } = useTranslation();
  const list = useListParams(['type'] as const);
  const type = (TYPES as readonly string[]).includes(list.values.type) ? list.values.type : 'all';
  const query = useQuery({
    queryKey: ['ops', 'content', list.page, type],
    queryFn: () =>
      api<Page>('GET', '/ops/content/announcements', {
        query: { page: list.page, pageSize: 20, type: type === 'all' ? undefined : type },
      }),
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
