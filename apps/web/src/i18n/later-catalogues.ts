// The feature catalogues fetched on demand (every JSON file but the first page's, see index.ts). Their
// list (about 80 lazy imports) is a chunk of its own, fetched with the first screen that needs texts
// beyond the first page's, so that the first page does not carry it.
export const later = import.meta.glob<Record<string, unknown>>(
  ['./locales/*/*.json', '!./locales/*/{common,shell,status,errors-shell,msg,home}.json'],
  { import: 'default' },
);

/** The namespaces fetched on demand (file names without .json). */
export const LAZY_NAMESPACES = [
  ...new Set(Object.keys(later).map((p) => p.replace(/^.*\/(.+)\.json$/, '$1'))),
];
