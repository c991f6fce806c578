/** Query keys of the content feature; each includes the (debounced) language so a switch refetches. */
export const contentKeys = {
  all: ['content'] as const,
  help: (device: string, lang: string) => ['content', 'help', device, lang] as const,
  notices: (lang: string) => ['content', 'notices', lang] as const,
  page: (slug: string, lang: string) => ['content', 'page', slug, lang] as const,
};
