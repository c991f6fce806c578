/** Query keys of the content screen; saving an announcement or its picture invalidates `all` (every tab). */
export const contentKeys = {
  all: ['ops', 'content'] as const,
  announcements: (page: number, type: string) => ['ops', 'content', page, type] as const,
  /** Both devices' help entries (a save invalidates them). */
  help: () => ['ops', 'content', 'help'] as const,
  helpOf: (device: string) => ['ops', 'content', 'help', device] as const,
  pages: () => ['ops', 'content', 'pages'] as const,
  serviceLinks: () => ['ops', 'content', 'service-links'] as const,
};
