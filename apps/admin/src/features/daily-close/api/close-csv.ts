/**
 * GET /ops/daily-close/:day/csv: one closed day's sheet as a CSV the server builds, downloaded with the
 * session's bearer token by `CsvButton` (components/csv-button.tsx).
 */
export const closeCsvPath = (day: string) => `/ops/daily-close/${encodeURIComponent(day)}/csv`;
