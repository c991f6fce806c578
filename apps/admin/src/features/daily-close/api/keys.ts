/** Query keys of the daily close screens (`all` is every one's prefix). */
export const dailyCloseKeys = {
  all: ['ops', 'daily-close'] as const,
  lists: () => ['ops', 'daily-close', 'list'] as const,
  list: (from: string, to: string) => ['ops', 'daily-close', 'list', from, to] as const,
  day: (day: string) => ['ops', 'daily-close', 'day', day] as const,
};
