import type { AppRoute } from '../../app/routes';

/** Money records: deposit and withdrawal records, the account record, profit and loss, transfer to upline. */
export const recordsRoutes: AppRoute[] = [];
