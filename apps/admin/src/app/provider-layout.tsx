import { AppShell, Burger, Button, Group, NavLink, Select, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink as RouterNavLink, useLocation } from 'react-router';
import type { ProviderMe } from '@panalo/contract/provider';
import { providerSignOut } from '../features/provider-auth/api/provider-auth';
import { LANGUAGES, setLanguage, type Language } from '../i18n';
import { providerSession } from '../lib/provider-api';
import { PROVIDER_SCREENS } from './provider-screens';

/**
 * The provider console's frame: the navigation (what this role may open), who is signed in and their
 * role, language, sign out. The same kit as the brand console's (`layout.tsx`), another session.
 */
export function ProviderLayout({ me, children }: { me: ProviderMe; children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure();
  const location = useLocation();
  const screens = PROVIDER_SCREENS.filter((s) => s.nav !== false && me.permissions.includes(s.permission));
  const leave = async () => {
    await providerSignOut().catch(() => undefined);
    providerSession.clear();
  };
  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 220, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={t('nav.menu')} />
            <Title order={2} size="h4" lineClamp={1}>
              {t('providerApp.title')}
            </Title>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <Text size="sm" visibleFrom="sm" data-testid="provider-who">
              {me.username} · {t(`providerApp.roles.${me.role}`)}
            </Text>
            <Select
              aria-label={t('app.language')}
              data={LANGUAGES.map((l) => ({ value: l.code, label: l.label }))}
              value={i18n.language}
              onChange={(v) => v && void setLanguage(v as Language)}
              w={120}
              size="xs"
              allowDeselect={false}
            />
            <Button size="xs" variant="default" onClick={() => void leave()}>
              {t('app.signOut')}
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar
        p="xs"
        component="nav"
        aria-label={t('providerApp.navLabel')}
        style={{ overflowY: 'auto' }}
      >
        <Stack gap={2}>
          {screens.map((s) => {
            const to = `/provider/${s.path}`;
            return (
              <NavLink
                variant="filled"
                key={s.path}
                component={RouterNavLink}
                to={to}
                label={t(s.label)}
                onClick={close}
                active={location.pathname === to || location.pathname.startsWith(`${to}/`)}
              />
            );
          })}
        </Stack>
      </AppShell.Navbar>
      <AppShell.Main id="main">{children}</AppShell.Main>
    </AppShell>
  );
}
