/** Query keys of the approvals desk; `all` is the prefix of both the list and the thresholds. */
export const approvalsKeys = {
  all: ['ops', 'approvals'] as const,
  list: (page: number, status: string) => ['ops', 'approvals', page, status] as const,
  thresholds: () => ['ops', 'approvals', 'thresholds'] as const,
};
