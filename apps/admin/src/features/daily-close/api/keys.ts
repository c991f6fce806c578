/** Query keys of the daily close screens (`all` is every one's prefix). */
export const dailyCloseKeys = {
  all: ['ops', 'daily-close'] as const,
  lists: () => ['ops', 'daily-close', 'list'] as const,
  list: (from: string, to: string) => ['ops', 'daily-close', 'list', from, to] as const,
  day: (day: string) => ['ops', 'daily-close', 'day', day] as const,
  /** A day's reconciliation: its runs and breaks. */
  recon: (day: string) => ['ops', 'daily-close', 'recon', day] as const,
  /** Every queue of breaks (open, resolved). */
  breakLists: () => ['ops', 'daily-close', 'breaks', 'list'] as const,
  breakList: (status: 'open' | 'resolved') => ['ops', 'daily-close', 'breaks', 'list', status] as const,
  /** One break's story. */
  break: (id: string) => ['ops', 'daily-close', 'breaks', 'one', id] as const,
};
