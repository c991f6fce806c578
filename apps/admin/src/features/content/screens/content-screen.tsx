import { Stack, Tabs, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useListParams } from '../../../lib/list-params';
import { Announcements } from '../components/announcements';
import { HelpCentre, SitePages } from '../components/help-pages';
import { ServiceLinks } from '../components/service-links';

/** The content screen: announcements, the help centre, the site's pages, each in every language. */
export function ContentScreen() {
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
