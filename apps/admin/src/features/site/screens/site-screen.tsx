import { Badge, Group, Stack, Switch, Tabs, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OpsSite } from '@panalo/contract/content-ops';
import type { WhitelabelFlag } from '@panalo/contract/merchant';
import type { StaffMe } from '@panalo/contract/staff';
import { DecisionModal } from '../../../components/decision-modal';
import { PagedTable } from '../../../components/list-states';
import { notice } from '../../../components/notice';
import { useListParams } from '../../../lib/list-params';
import { siteKeys } from '../api/keys';
import { getSite, saveFlags } from '../api/site';
import { RegistrationRules, SiteDomains } from '../components/site-rules';
import { ThemeEditor } from '../components/theme-editor';

type FlagRow = OpsSite['flags'][number];

/**
 * The site's switches (white-label flags): what the member site offers — registration ways, member
 * centre entries, agent menus. Each change asks for its reason (audited) and shows on the member site
 * within seconds. The switches (some pay money or change sign-in) and the domains are changed with
 * `site.control` only (the owner); the content desk reads them.
 */
export function SiteScreen({ me }: { me: StaffMe }) {
  const { t } = useTranslation();
  const canControl = me.permissions.includes('site.control');
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: siteKeys.site(), queryFn: getSite });
  const [changing, setChanging] = useState<{ flag: WhitelabelFlag; on: boolean } | null>(null);
  // Closing hides the dialog but keeps what it asked: while it fades out it must not turn into the
  // opposite question (and a quick second click must not meet the old dialog's words).
  const [asking, setAsking] = useState(false);
  const site = query.data;
  const tabs = useListParams(['tab'] as const);
  const tab = ['theme', 'registration', 'domains'].includes(tabs.values.tab) ? tabs.values.tab : 'flags';
  return (
    <Stack>
      <Title order={1} size="h2">
        {t('nav.site')}
      </Title>
      <Tabs value={tab} onChange={(v) => v && tabs.setFilter('tab', v === 'flags' ? '' : v)}>
        <Tabs.List>
          <Tabs.Tab value="flags">{t('site.flagsTab')}</Tabs.Tab>
          <Tabs.Tab value="theme">{t('site.themeTab')}</Tabs.Tab>
          <Tabs.Tab value="registration">{t('siteRules.tab')}</Tabs.Tab>
          <Tabs.Tab value="domains">{t('siteRules.domains')}</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      {tab === 'theme' && site && <ThemeEditor site={site} />}
      {tab === 'registration' && <RegistrationRules />}
      {tab === 'domains' && <SiteDomains canControl={canControl} />}
      {tab === 'flags' && (
        <>
          <Text size="sm" c="dimmed">
            {t('site.intro')}
          </Text>
          {!canControl && (
            <Text size="sm" c="dimmed">
              {t('site.ownerOnly')}
            </Text>
          )}
          {site && (
            <Group gap="xs">
              <Text size="sm">{t('site.languages')}</Text>
              {site.languages.map((l) => (
                <Badge key={l} variant="dot" color={l === site.defaultLanguage ? 'green' : 'gray'}>
                  {l}
                </Badge>
              ))}
            </Group>
          )}
          <PagedTable<FlagRow>
            caption={t('site.flagsCaption')}
            columns={[
              {
                key: 'flag',
                title: t('site.flag'),
                render: (f) => (
                  <Text ff="monospace" size="sm">
                    {f.flag}
                  </Text>
                ),
              },
              {
                key: 'what',
                title: t('site.what'),
                render: (f) => t(`site.flags.${f.flag}`, { defaultValue: f.flag }),
              },
              {
                key: 'on',
                title: t('site.on'),
                render: (f) => (
                  <Switch
                    checked={f.on}
                    disabled={!canControl}
                    onChange={(e) => {
                      setChanging({ flag: f.flag, on: e.currentTarget.checked });
                      setAsking(true);
                    }}
                    aria-label={t('site.switch', {
                      flag: f.flag,
                      what: t(`site.flags.${f.flag}`, { defaultValue: f.flag }),
                    })}
                  />
                ),
              },
            ]}
            rows={site?.flags}
            rowKey={(f) => f.flag}
            loading={query.isFetching}
            error={query.error}
            onRetry={() => void query.refetch()}
            empty=""
            page={1}
            totalPages={1}
            onPage={() => undefined}
          />
        </>
      )}
      <DecisionModal
        opened={asking && changing !== null}
        title={changing?.on ? t('site.turnOn') : t('site.turnOff')}
        summary={
          changing && (
            <Text size="sm">
              {t(changing.on ? 'site.turnOnSummary' : 'site.turnOffSummary', {
                flag: changing.flag,
                what: t(`site.flags.${changing.flag}`, { defaultValue: changing.flag }),
              })}
            </Text>
          )
        }
        confirmLabel={changing?.on ? t('site.turnOn') : t('site.turnOff')}
        danger={changing?.on === false}
        reasonRequired
        onClose={() => setAsking(false)}
        onConfirm={async ({ reason }) => {
          const c = changing!;
          const next = await saveFlags({ flags: { [c.flag]: c.on }, reason });
          queryClient.setQueryData(siteKeys.site(), next);
          notice('green', t('site.saved', { flag: c.flag }));
        }}
      />
    </Stack>
  );
}
