import { allOpsQueries } from '../../../lib/query-keys';

/** Query keys of the AML cases (`all` is every one's prefix). */
export const amlKeys = {
  all: [...allOpsQueries, 'aml'] as const,
  /** Every queue of cases (each status). */
  lists: () => [...allOpsQueries, 'aml', 'cases', 'list'] as const,
  list: (status: string) => [...allOpsQueries, 'aml', 'cases', 'list', status] as const,
  case: (id: string) => [...allOpsQueries, 'aml', 'cases', 'one', id] as const,
};
