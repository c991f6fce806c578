import { Alert, Center, Loader, MantineProvider, Stack, Text, Title } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { Suspense, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter, Route, Routes } from 'react-router';
import { fetchMe } from '../features/auth/api/auth';
import { authKeys } from '../features/auth/api/keys';
import { SignInScreen } from '../features/auth/screens/sign-in-screen';
import { HomeScreen } from '../features/home/screens/home-screen';
import { ApiError, consoleSession } from '../lib/api';
import { errorText } from '../i18n';
import { Layout } from './layout';
import { SCREENS } from './screens';
import { cssVariablesResolver, theme } from './theme';

// Each session its own cache: nothing one staff member loaded is shown to the next in this tab.
const newQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 10_000,
        refetchOnWindowFocus: true,
        // A refusal is an answer: only a lost connection is worth another try.
        retry: (count, err) => count < 2 && err instanceof ApiError && err.code === 'no_network',
      },
    },
  });

function Loading() {
  const { t } = useTranslation();
  return (
    <Center py="xl" aria-busy="true">
      <Loader role="status" aria-label={t('common.loading')} />
    </Center>
  );
}

function NotAllowed() {
  const { t } = useTranslation();
  return (
    <Stack>
      <Title order={1} size="h2">
        {t('app.notAllowedTitle')}
      </Title>
      <Text>{t('app.notAllowed')}</Text>
    </Stack>
  );
}

function NotFound() {
  const { t } = useTranslation();
  return (
    <Stack>
      <Title order={1} size="h2">
        {t('app.notFoundTitle')}
      </Title>
      <Text>{t('app.notFound')}</Text>
    </Stack>
  );
}

/** Signed in: the staff member's role decides the navigation; a screen the role may not open says so. */
function Console() {
  const me = useQuery({ queryKey: authKeys.me(), queryFn: fetchMe, staleTime: 60_000 });
  if (me.isPending) return <Loading />;
  if (me.isError) {
    return (
      <Center mih="100vh" p="md">
        <Alert color="red" role="alert">
          {errorText(me.error instanceof ApiError ? me.error.code : 'unknown_error')}
        </Alert>
      </Center>
    );
  }
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
              element={allowed.has(s.permission) ? <s.Component me={me.data} /> : <NotAllowed />}
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

export function App() {
  const token = useSyncExternalStore(consoleSession.subscribe, consoleSession.token);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <Notifications position="top-right" />
      <BrowserRouter basename="/admin">{token ? <SignedIn key={token} /> : <SignInScreen />}</BrowserRouter>
    </MantineProvider>
  );
}
