import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes } from 'react-router';
import { fetchProviderMe } from '../features/provider-auth/api/provider-auth';
import { providerAuthKeys } from '../features/provider-auth/api/keys';
import { ProviderSignInScreen } from '../features/provider-auth/screens/provider-sign-in-screen';
import { providerSession } from '../lib/provider-api';
import { ProviderLayout } from './provider-layout';
import { PROVIDER_SCREENS } from './provider-screens';
import { newQueryClient } from './query-client';
import { Loading, NotAllowed, NotFound, SessionError } from './shell-states';

/** Signed in: the provider role decides the navigation; a screen the role may not open says so. */
function ProviderConsole() {
  const { t } = useTranslation();
  const me = useQuery({ queryKey: providerAuthKeys.me(), queryFn: fetchProviderMe, staleTime: 60_000 });
  if (me.isPending) return <Loading />;
  if (me.isError) return <SessionError error={me.error} />;
  const allowed = new Set(me.data.permissions);
  const first = PROVIDER_SCREENS.find((s) => s.nav !== false && allowed.has(s.permission));
  const notAllowed = <NotAllowed text={t('providerApp.notAllowed')} />;
  return (
    <ProviderLayout me={me.data}>
      <Suspense fallback={<Loading />}>
        <Routes>
          <Route path="provider">
            <Route index element={first ? <Navigate to={`/provider/${first.path}`} replace /> : notAllowed} />
            {PROVIDER_SCREENS.map((s) => (
              <Route
                key={s.path}
                path={s.path}
                element={allowed.has(s.permission) ? <s.Component me={me.data} /> : notAllowed}
              />
            ))}
            <Route path="*" element={<NotFound />} />
          </Route>
        </Routes>
      </Suspense>
    </ProviderLayout>
  );
}

/** A provider session's console with its own cache (made anew for each session). */
function ProviderSignedIn() {
  const [client] = useState(newQueryClient);
  return (
    <QueryClientProvider client={client}>
      <ProviderConsole />
    </QueryClientProvider>
  );
}

/**
 * The provider console (/admin/provider/): the platform's own staff launch, watch and suspend brands.
 * Its own session (`providerSession`, never the brand console's), sign-in page and screens.
 */
export function ProviderApp() {
  const { t } = useTranslation();
  const token = useSyncExternalStore(providerSession.subscribe, providerSession.token);
  // The tab's name says which console this is (a person may have both open).
  useEffect(() => {
    const before = document.title;
    document.title = t('providerApp.documentTitle');
    return () => void (document.title = before);
  }, [t]);
  return token ? <ProviderSignedIn key={token} /> : <ProviderSignInScreen />;
}
