/** The cashier queues' filters (issue 49 item 7), kept in the URL with the status and the page. */
export const QUEUE_FILTERS = ['from', 'to', 'minAmount', 'maxAmount', 'username', 'method'] as const;
export type QueueFilter = (typeof QUEUE_FILTERS)[number];
export type QueueFilterValues = Record<QueueFilter, string>;

/** The filters the server is asked for: only those set. */
export const queueQuery = (v: QueueFilterValues) =>
  Object.fromEntries(Object.entries(v).filter(([, value]) => value !== '')) as Partial<QueueFilterValues>;
