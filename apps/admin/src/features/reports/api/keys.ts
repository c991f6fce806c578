/** Query keys of the reports screen. */
export const reportsKeys = {
  all: ['ops', 'reports'] as const,
  /** '' for `from` and `to`: the server's default range (the merchant's last 30 days). */
  pnl: (from: string, to: string, by: string) => ['ops', 'reports', from, to, by] as const,
};
