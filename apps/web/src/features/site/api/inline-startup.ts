import type { StartupBundle } from '@panalo/contract/startup';

/** The bundle the server inlined into index.html, if any (it saves a round trip before the first render). */
export function inlineStartupBundle(doc: Document = document): StartupBundle | undefined {
  const el = doc.getElementById('startup-bundle');
  if (!el?.textContent) return undefined;
  try {
    return JSON.parse(el.textContent) as StartupBundle;
  } catch {
    return undefined;
  }
}
