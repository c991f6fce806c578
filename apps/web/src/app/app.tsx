import { useEffect, useMemo, useState } from 'react';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { I18nProvider } from '../i18n/react';
import type { StartupBundle } from '@panalo/contract/startup';
import { startupMode } from '@panalo/contract/startup-mode';
import { startupQueryOptions } from '../features/site/api/get-startup';
import { inlineStartupBundle } from '../features/site/api/inline-startup';
import { createI18n, initialLanguage, languageLoaded, loadLanguage } from '../i18n';
import { storage } from '../lib/storage';
import { themeVariables } from '@panalo/contract/theme-vars';
import { SiteProvider } from './site';
import { AppRouter } from './router';
import {
  ServiceErrorScreen,
  SiteMaintenanceScreen,
  SiteRestrictedScreen,
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
  // Without a bundle (it failed) the error screen speaks the stored language, else TY.
  const language = bundle
    ? initialLanguage(bundle.site.languages, bundle.site.defaultLanguage)
    : (storage.get('language') ?? 'TY');
  // Only this language's first-page texts are fetched, before anything but the spinner renders.
  const texts = useQuery({
    queryKey: ['i18n', 'first-page', language],
    queryFn: () => loadLanguage(language).then(() => true),
    initialData: languageLoaded(language) ? true : undefined,
    staleTime: Infinity,
    retry: 2,
  });
  const i18n = useMemo(
    () => createI18n(language, bundle?.site.languages),
    // The i18n instance is made once per merchant; language changes go through i18n itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [bundle?.site.merchantCode],
  );
  useEffect(() => {
    if (bundle) applyTheme(bundle);
  }, [bundle]);

  if (startup.isPending || texts.isPending) return <StartupLoading />;
  if (!bundle || texts.isError) {
    return (
      <I18nProvider i18n={i18n}>
        <ServiceErrorScreen onRetry={() => void (bundle ? texts.refetch() : startup.refetch())} />
      </I18nProvider>
    );
  }
  const mode = startupMode(bundle);
  return (
    <I18nProvider i18n={i18n}>
      <SiteProvider bundle={bundle}>
        {mode === 'maintenance' ? (
          <SiteMaintenanceScreen />
        ) : mode === 'restricted' ? (
          <SiteRestrictedScreen />
        ) : (
          <AppRouter />
        )}
      </SiteProvider>
    </I18nProvider>
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
