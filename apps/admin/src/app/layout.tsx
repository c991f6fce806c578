import { Alert, AppShell, Burger, Button, Group, NavLink, Select, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink as RouterNavLink, useLocation } from 'react-router';
import type { StaffMe } from '@panalo/contract/staff';
import { signOut } from '../features/auth/api/auth';
import { LANGUAGES, setLanguage, type Language } from '../i18n';
import { consoleSession } from '../lib/api';
import { SCREENS } from './screens';

/** The console's frame: the navigation (what this role may open), who is signed in, language, sign out. */
export function Layout({ me, children }: { me: StaffMe; children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure();
  const location = useLocation();
  const screens = SCREENS.filter((s) => s.nav !== false && me.permissions.includes(s.permission));
  const groups = [...new Set(screens.map((s) => s.group))];
  // The deepest entry the address is under: `/daily-close/breaks/7` is Reconciliation breaks', not also
  // Daily close's (`end` keeps the router's own aria-current on that one entry too).
  const current = screens
    .map((s) => s.path)
    .filter((p) => location.pathname === `/${p}` || location.pathname.startsWith(`/${p}/`))
    .reduce<string | null>(
      (deepest, p) => (deepest === null || p.length > deepest.length ? p : deepest),
      null,
    );
  const leave = async () => {
    await signOut().catch(() => undefined);
    consoleSession.clear();
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
              {t('app.title', { name: me.merchantName })}
            </Title>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <Text size="sm" visibleFrom="sm">
              {me.username} · {t(`roles.${me.role}`)}
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
      {/* The owner's navigation is taller than a laptop's screen: it scrolls on its own. */}
      <AppShell.Navbar p="xs" component="nav" aria-label={t('nav.label')} style={{ overflowY: 'auto' }}>
        <Stack gap={2}>
          <NavLink
            variant="filled"
            component={RouterNavLink}
            to="/"
            end
            label={t('nav.home')}
            onClick={close}
            active={location.pathname === '/'}
          />
          {groups.map((g) => (
            <Stack key={g} gap={2} mt="sm">
              <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm">
                {t(`nav.group.${g}`)}
              </Text>
              {screens
                .filter((s) => s.group === g)
                .map((s) => (
                  <NavLink
                    variant="filled"
                    key={s.path}
                    component={RouterNavLink}
                    to={`/${s.path}`}
                    label={t(s.label)}
                    onClick={close}
                    end={s.path !== current}
                    active={s.path === current}
                  />
                ))}
            </Stack>
          ))}
        </Stack>
      </AppShell.Navbar>
      <AppShell.Main id="main">
        {me.role === 'viewer' && (
          <Alert color="blue" variant="light" mb="md" role="note" data-testid="viewer-banner">
            {t('app.viewerNote')}
          </Alert>
        )}
        {children}
      </AppShell.Main>
    </AppShell>
  );
}
