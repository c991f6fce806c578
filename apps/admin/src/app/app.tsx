import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router';
import { fetchMe } from '../features/auth/api/auth';
import { authKeys } from '../features/auth/api/keys';
import { SignInScreen } from '../features/auth/screens/sign-in-screen';
import { HomeScreen } from '../features/home/screens/home-screen';
import { consoleSession } from '../lib/api';
import { Layout } from './layout';
import { newQueryClient } from './query-client';
import { SCREENS } from './screens';
import { Loading, NotAllowed, NotFound, SessionError } from './shell-states';
import { cssVariablesResolver, theme } from './theme';

// The provider console (/admin/provider/) is a second shell of the same build, fetched only when opened:
// the brands' staff never load it, and its first load is not the brand sign-in page's.
const ProviderApp = lazy(() => import('./provider-app').then((m) => ({ default: m.ProviderApp })));
const SetupScreen = lazy(() =>
  import('../features/auth/screens/setup-screen').then((m) => ({ default: m.SetupScreen })),
);

/** Signed in: the staff member's role decides the navigation; a screen the role may not open says so. */
function Console() {
  const { t } = useTranslation();
  const me = useQuery({ queryKey: authKeys.me(), queryFn: fetchMe, staleTime: 60_000 });
  if (me.isPending) return <Loading />;
  if (me.isError) return <SessionError error={me.error} />;
  const allowed = new Set(me.data.permissions);
  return (
    <Layout me={me.data}>
      <Suspense fallback={<Loading />}>
        <Routes>
          <Route index element={<HomeScreen me={me.data} />} />
          {SCREENS.map((s) => (
            <Route
              key={s.path}
              path={s.path}
              element={
                allowed.has(s.permission) ? (
                  <s.Component me={me.data} />
                ) : (
                  <NotAllowed text={t('app.notAllowed')} />
                )
              }
            />
          ))}
          <Route path="*" element={<NotFound />} />
        </Routes>
      </Suspense>
    </Layout>
  );
}

/** A session's console with its own cache (made anew for each session). */
function SignedIn() {
  const [client] = useState(newQueryClient);
  return (
    <QueryClientProvider client={client}>
      <Console />
    </QueryClientProvider>
  );
}

/**
 * The brand's console: signed in, the console; else the sign-in page at any path but `/setup`, where a
 * brand's first owner sets a password from the provider's one-time link.
 */
function BrandConsole() {
  const token = useSyncExternalStore(consoleSession.subscribe, consoleSession.token);
  const { pathname } = useLocation();
  if (token) return <SignedIn key={token} />;
  if (pathname === '/setup') {
    return (
      <Suspense fallback={<Loading />}>
        <SetupScreen />
      </Suspense>
    );
  }
  return <SignInScreen />;
}

/** Paths under /provider are the provider's shell (its own session, sign-in and screens); the rest the brand's. */
function Shells() {
  const { pathname } = useLocation();
  if (pathname === '/provider' || pathname.startsWith('/provider/')) {
    return (
      <Suspense fallback={<Loading />}>
        <ProviderApp />
      </Suspense>
    );
  }
  return <BrandConsole />;
}

export function App() {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <Notifications position="top-right" />
      <BrowserRouter basename="/admin">
        <Shells />
      </BrowserRouter>
    </MantineProvider>
  );
}
