import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import type { I18n, TFunction } from './translator';

const I18nContext = createContext<I18n | null>(null);

/** Makes the site's translator available to useTranslation below. */
export function I18nProvider({ i18n, children }: { i18n: I18n; children?: ReactNode }) {
  return <I18nContext.Provider value={i18n}>{children}</I18nContext.Provider>;
}

/**
 * The translator of the nearest I18nProvider: `t` in the current language and the instance itself. The
 * component re-renders when the language changes or a feature's catalogue arrives, with a new `t`, so
 * memos and effects that depend on `t` follow.
 */
export function useTranslation(): { t: TFunction; i18n: I18n } {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error('useTranslation outside I18nProvider');
  const revision = useSyncExternalStore(
    (onChange) => i18n.subscribe(onChange),
    () => i18n.revision,
  );
  // eslint-disable-next-line react-hooks/exhaustive-deps -- a new t per revision is the point
  const t = useMemo<TFunction>(() => (key, options) => i18n.t(key, options), [i18n, revision]);
  return { t, i18n };
}
