import { Stack, Tabs, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useListParams } from '../../../lib/list-params';
import { ChangesTab } from '../components/changes-tab';
import { RequestsTab } from '../components/requests-tab';

/** The merchant's audit log (who changed what, before → after, why) and the staff's calls with their address. */
export function AuditScreen() {
  const { t } = useTranslation();
  // The tab is in the URL with the page; another tab starts at its first page (the two lists share `page`).
  const list = useListParams(['tab'] as const);
  const tab = list.values.tab === 'requests' ? 'requests' : 'changes';
  return (
    <Stack>
      <Title order={1} size="h2">
        {t('nav.audit')}
      </Title>
      <Tabs
        value={tab}
        onChange={(v) => list.setFilter('tab', v === 'requests' ? 'requests' : '')}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="changes">{t('audit.changes')}</Tabs.Tab>
          <Tabs.Tab value="requests">{t('audit.requests')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="changes" pt="md">
          <ChangesTab />
        </Tabs.Panel>
        <Tabs.Panel value="requests" pt="md">
          <RequestsTab />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
