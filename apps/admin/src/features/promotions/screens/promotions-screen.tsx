import { Stack, Tabs, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useListParams } from '../../../lib/list-params';
import { ApplicationsTab } from '../components/applications-tab';
import { PromotionsTab } from '../components/promotions-tab';
import { VipLevelsTab } from '../components/vip-levels-tab';

/** Promotions, their applications to review, and the VIP club. */
export function PromotionsScreen() {
  const { t } = useTranslation();
  const list = useListParams(['tab'] as const);
  const tab = ['promotions', 'applications', 'vip'].includes(list.values.tab)
    ? list.values.tab
    : 'applications';
  return (
    <Stack>
      <Title order={1} size="h2">
        {t('nav.promotions')}
      </Title>
      <Tabs value={tab} onChange={(v) => v && list.setFilter('tab', v === 'applications' ? '' : v)}>
        <Tabs.List>
          <Tabs.Tab value="applications">{t('promotions.applications')}</Tabs.Tab>
          <Tabs.Tab value="promotions">{t('promotions.list')}</Tabs.Tab>
          <Tabs.Tab value="vip">{t('vip.tab')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="applications" pt="md">
          {tab === 'applications' && <ApplicationsTab />}
        </Tabs.Panel>
        <Tabs.Panel value="promotions" pt="md">
          {tab === 'promotions' && <PromotionsTab />}
        </Tabs.Panel>
        <Tabs.Panel value="vip" pt="md">
          {tab === 'vip' && <VipLevelsTab />}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
