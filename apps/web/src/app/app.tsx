import { useEffect, useMemo, useState } from 'react';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import type { StartupBundle } from '@panalo/contract/startup';
import { startupMode } from '@panalo/contract/startup-mode';
import { inlineStartupBundle, startupQueryOptions } from '../features/site/api/get-startup';
import { createI18n, initialLanguage } from '../i18n';
import { themeVariables } from '@panalo/contract/theme-vars';
import { SiteProvider } from './site';
import { AppRouter } from './router';
import {
  MaintenanceScreen,
  RestrictedScreen,
  ServiceErrorScreen,
  StartupLoading,
} from './screens/status-screens';

function makeQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 } },
  });
}

function applyTheme(bundle: StartupBundle) {
  const root = document.documentElement;
  for (const [k, v] of Object.entries(themeVariables(bundle.site.theme))) root.style.setProperty(k, v);
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', bundle.site.theme.header);
  document.title = bundle.site.name;
}

/** Loads the startup bundle, then shows maintenance, the restricted view or the app (spec §4). */
function Startup() {
  const [initial] = useState(() => inlineStartupBundle());
  const startup = useQuery(startupQueryOptions(initial));
  const bundle = startup.data;
  const i18n = useMemo(
    () =>
      bundle
        ? createI18n(initialLanguage(bundle.site.languages, bundle.site.defaultLanguage))
        : createI18n('TY'),
    // The i18n instance is made once per merchant; language changes go through i18n itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [bundle?.site.merchantCode],
  );
  useEffect(() => {
    if (bundle) applyTheme(bundle);
  }, [bundle]);

  if (startup.isPending) return <StartupLoading />;
  if (!bundle) {
    return (
      <I18nextProvider i18n={i18n}>
        <ServiceErrorScreen onRetry={() => void startup.refetch()} />
      </I18nextProvider>
    );
  }
  const mode = startupMode(bundle);
  return (
    <I18nextProvider i18n={i18n}>
      <SiteProvider bundle={bundle}>
        {mode === 'maintenance' ? (
          <MaintenanceScreen message={bundle.maintenance?.message ?? null} />
        ) : mode === 'restricted' ? (
          <RestrictedScreen ip={bundle.location.ip} country={bundle.location.country} />
        ) : (
          <AppRouter />
        )}
      </SiteProvider>
    </I18nextProvider>
  );
}

export function App() {
  const [client] = useState(makeQueryClient);
  return (
    <QueryClientProvider client={client}>
      <Startup />
    </QueryClientProvider>
  );
}
