/** Query keys of the site screen; each save writes the server's answer into its key (no invalidation). */
export const siteKeys = {
  all: ['ops', 'site'] as const,
  /** The switches, the theme and the languages (`GET /ops/site`). */
  site: () => ['ops', 'site'] as const,
  registration: () => ['ops', 'site', 'registration'] as const,
  domains: () => ['ops', 'site', 'domains'] as const,
};
