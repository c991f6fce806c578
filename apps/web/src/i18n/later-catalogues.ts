import { loadErrorTexts } from '@panalo/client/errors';

// The feature catalogues fetched on demand (every JSON file but the first page's, see index.ts). Their
// list (about 80 lazy imports) is a chunk of its own, fetched with the first screen that needs texts
// beyond the first page's, so that the first page does not carry it.
// The refusal texts (`errors`) are the shared catalogue's, the console's too (@panalo/client/errors).
export const later: Record<string, () => Promise<Record<string, unknown>>> = {
  ...import.meta.glob<Record<string, unknown>>(
    ['./locales/*/*.json', '!./locales/*/{common,shell,status,msg,home}.json'],
    { import: 'default' },
  ),
  './locales/en/errors.json': () => loadErrorTexts('en'),
  './locales/ty/errors.json': () => loadErrorTexts('ty'),
};

/** The namespaces fetched on demand (file names without .json). */
export const LAZY_NAMESPACES = [
  ...new Set(Object.keys(later).map((p) => p.replace(/^.*\/(.+)\.json$/, '$1'))),
];
