import { Stack, Tabs, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useListParams } from '../../../lib/list-params';
import { AgentTree } from '../components/agent-tree';
import { MoveForm } from '../components/move-form';
import { RatesAndQuotas } from '../components/rates-form';
import { RebateRuns } from '../components/rebate-runs';
import { TermsTab } from '../components/terms-tab';

/** The agency: its tree, the rebate runs, moving members, rates, terms; contracts are their own screen. */
export function AgencyScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useListParams(['tab'] as const);
  const tab = ['terms', 'runs', 'move', 'rates', 'tree'].includes(list.values.tab) ? list.values.tab : 'runs';
  return (
    <Stack>
      <Title order={1} size="h2">
        {t('nav.agency')}
      </Title>
      {/* A tab starts clean: the tree's node or a form's member belongs to the tab that named it. */}
      <Tabs value={tab} onChange={(v) => v && void navigate(v === 'runs' ? '/agency' : `/agency?tab=${v}`)}>
        <Tabs.List>
          <Tabs.Tab value="runs">{t('agency.runs')}</Tabs.Tab>
          <Tabs.Tab value="tree">{t('agencyTree.tab')}</Tabs.Tab>
          <Tabs.Tab value="move">{t('agency.moveTab')}</Tabs.Tab>
          <Tabs.Tab value="rates">{t('agency.ratesTab')}</Tabs.Tab>
          <Tabs.Tab value="terms">{t('agency.terms')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="runs" pt="md">
          {tab === 'runs' && <RebateRuns />}
        </Tabs.Panel>
        <Tabs.Panel value="tree" pt="md">
          {tab === 'tree' && <AgentTree />}
        </Tabs.Panel>
        <Tabs.Panel value="move" pt="md">
          {tab === 'move' && <MoveForm />}
        </Tabs.Panel>
        <Tabs.Panel value="rates" pt="md">
          {tab === 'rates' && <RatesAndQuotas />}
        </Tabs.Panel>
        <Tabs.Panel value="terms" pt="md">
          {tab === 'terms' && <TermsTab />}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
