import { useCallback, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';
import { LazyPlaceholder } from './lazy-placeholder';
import { loadCatalogues } from '../../i18n';

type Loader<P> = () => Promise<ComponentType<P>>;

/** Shown when a lazily loaded screen failed to load, with a retry (SHELL-046). */
export function LazyError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="lazy-error" role="alert" data-testid="lazy-error">
      <p>{t('shell.lazyError')}</p>
      <button type="button" className="btn btn--primary" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
  );
}

/**
 * A screen loaded on first use. Unlike React.lazy, a failed load is not cached: the error placeholder's
 * retry calls the loader again. Loaded components are kept for the rest of the session.
 */
export function lazyScreen<P extends object = Record<string, never>>(
  loader: Loader<P>,
  opts: {
    catalogues?: readonly string[];
    /** What stands in while the code loads (a spinner by default; a part of a page gives its own). */
    placeholder?: ReactNode;
  } = {},
): ComponentType<P> & { preload: () => Promise<ComponentType<P>> } {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  // The screen's translation catalogues arrive with its code (see i18n/index.ts).
  const withText = async () => (await Promise.all([loader(), loadCatalogues(opts.catalogues ?? [])]))[0];
  const load = () => {
    pending ??= withText().then(
      (c) => (loaded = c),
      (err: unknown) => {
        pending = undefined;
        throw err;
      },
    );
    return pending;
  };
  function LazyScreen(props: P) {
    const [state, setState] = useState<{ c?: ComponentType<P>; failed: boolean; attempt: number }>(() =>
      loaded ? { c: loaded, failed: false, attempt: 0 } : { failed: false, attempt: 0 },
    );
    const retry = useCallback(() => setState((s) => ({ failed: false, attempt: s.attempt + 1 })), []);
    useEffect(() => {
      if (state.c) return;
      let live = true;
      load().then(
        (c) => live && setState((s) => ({ ...s, c, failed: false })),
        () => live && setState((s) => ({ ...s, failed: true })),
      );
      return () => {
        live = false;
      };
    }, [state.c, state.attempt]);
    if (state.c) {
      const C = state.c;
      return <C {...props} />;
    }
    if (state.failed) return <LazyError onRetry={retry} />;
    return opts.placeholder === undefined ? <LazyPlaceholder /> : opts.placeholder;
  }
  return Object.assign(LazyScreen, { preload: load });
}
