/**
 * Query keys of the agency and the contracts screens. The family keys (`rebateRuns()`, `agentTree()`,
 * `rates()`, `settlements()`) are the prefixes that refresh every page or filter of their list.
 */
export const agencyKeys = {
  rebateRuns: () => ['ops', 'rebate-runs'] as const,
  rebateRunsPage: (page: number) => ['ops', 'rebate-runs', page] as const,
  agentTree: () => ['ops', 'agent-tree'] as const,
  agentTreePage: (under: string, agentsOnly: boolean, page: number) =>
    ['ops', 'agent-tree', under, agentsOnly, page] as const,
  rates: () => ['ops', 'agency-rates'] as const,
  ratesOf: (username: string) => ['ops', 'agency-rates', username] as const,
  terms: () => ['ops', 'agency-terms'] as const,
  settlements: () => ['ops', 'settlements'] as const,
  settlementsOf: (status: string) => ['ops', 'settlements', status] as const,
  contractTerms: () => ['ops', 'contract-terms'] as const,
};
