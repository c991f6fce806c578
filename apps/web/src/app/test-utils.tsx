import { useLayoutEffect, type ReactElement, type ReactNode } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nProvider } from '../i18n/react';
import type { I18n } from '../i18n/translator';
import { MemoryRouter, useLocation, type Location } from 'react-router';
import type { StartupBundle } from '@panalo/contract/startup';
import { createI18n } from '../i18n';
import { session as sessionStore, type SessionInfo } from '../lib/session';
import { SiteProvider } from './site';
import { panaloBundle } from './test-fixtures';

export interface ShellRenderOptions {
  /** Initial URL (path and query), default /m/home. */
  path?: string;
  /** Startup bundle, default the seeded panalo merchant (see test-fixtures.ts, makeBundle). */
  bundle?: StartupBundle;
  /** A session stored under MC_SESSION_INFO before rendering; null or absent renders as a visitor. */
  session?: SessionInfo | null;
  /** Extra localStorage entries written before rendering (e.g. memberInfo). */
  storage?: Record<string, string>;
  /** UI language, default EN. */
  language?: string;
  queryClient?: QueryClient;
}

export interface ShellRenderResult extends RenderResult {
  user: ReturnType<typeof userEvent.setup>;
  i18n: I18n;
  queryClient: QueryClient;
  /** The router's current location (updated after every navigation). */
  location(): Location;
}

/**
 * Records each location in the same commit that renders it (a layout effect): a test that has found the
 * new screen's content reads the new location, even when passive effects lag on a loaded machine.
 */
function LocationProbe({ onChange }: { onChange: (l: Location) => void }) {
  const location = useLocation();
  useLayoutEffect(() => onChange(location), [location, onChange]);
  return null;
}

/**
 * Renders `ui` inside the app's providers: TanStack Query (no retries), the translator, the merchant's
 * SiteProvider (first image host picked deterministically) and a MemoryRouter at `path`. To test
 * routes, pass <Routes> as `ui`.
 */
export function renderWithShell(ui: ReactElement, opts: ShellRenderOptions = {}): ShellRenderResult {
  if (opts.session) sessionStore.set(opts.session);
  for (const [k, v] of Object.entries(opts.storage ?? {})) localStorage.setItem(k, v);
  const queryClient =
    opts.queryClient ?? new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
  const i18n = createI18n(opts.language ?? 'EN', (opts.bundle ?? panaloBundle).site.languages);
  let current: Location | undefined;
  const onChange = (l: Location) => {
    current = l;
  };
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <I18nProvider i18n={i18n}>
        <SiteProvider bundle={opts.bundle ?? panaloBundle} random={zero}>
          <MemoryRouter initialEntries={[opts.path ?? '/m/home']}>
            {children}
            <LocationProbe onChange={onChange} />
          </MemoryRouter>
        </SiteProvider>
      </I18nProvider>
    </QueryClientProvider>
  );
  const user = userEvent.setup();
  const result = render(ui, { wrapper });
  return {
    ...result,
    user,
    i18n,
    queryClient,
    location() {
      if (!current) throw new Error('the router has not rendered yet');
      return current;
    },
  };
}

const zero = () => 0;
