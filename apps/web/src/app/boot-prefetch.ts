import { loadHomeScreen } from '../features/home/load-home-screen';
import { inlineStartupBundle } from '../features/site/api/inline-startup';
import { importFirstPageTexts, initialLanguage } from '../i18n/first-page-texts';

/**
 * What the app asks for first on home (start.tsx: home's screen and the first page's texts), asked for
 * by the entry beside the app's code instead of after it has arrived and run: on a slow link that is a
 * round trip less before home is shown. A failure here is not one: the app asks again and shows a retry.
 */
export function prefetchHome(): void {
  const bundle = inlineStartupBundle();
  if (bundle)
    importFirstPageTexts(initialLanguage(bundle.site.languages, bundle.site.defaultLanguage)).catch(
      () => undefined,
    );
  loadHomeScreen().catch(() => undefined);
}
