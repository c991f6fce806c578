import type { FastifyReply } from 'fastify';

/**
 * CSV for the operator's exports (RFC 4180: comma separated, CRLF, quotes doubled). A cell that a
 * spreadsheet would run as a formula (starting with = + - @, a tab or a carriage return) is prefixed
 * with an apostrophe, so that opening the file never runs what a member typed (a username, a reference).
 * Numbers the server formats itself (amounts like -12.50) are passed as `raw` and left as numbers.
 */
export type CsvValue = string | number | bigint | null | undefined | { raw: string };

const FORMULA = /^[=+\-@\t\r]/;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let text: string;
  if (typeof value === 'object') text = value.raw;
  else if (typeof value === 'string') text = FORMULA.test(value) ? `'${value}` : value;
  else text = String(value);
  return /[",\r\n]/.test(text) || /^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: string[], rows: CsvValue[][]): string {
  // A byte-order mark, so that spreadsheet programs read the file as UTF-8 (names in Filipino, ñ).
  return `\uFEFF${[header.map(csvCell), ...rows.map((r) => r.map(csvCell))].map((r) => r.join(',')).join('\r\n')}\r\n`;
}

/** The most rows one export carries (narrow the filters for more). */
export const CSV_MAX_ROWS = 50_000;

/**
 * Sends a CSV download (no caching: it holds members' data). A string payload with its content type
 * set is sent as it is (the route's JSON schemas describe its refusals only).
 */
export function sendCsv(reply: object, name: string, csv: string): void {
  const r = reply as FastifyReply;
  void r
    .header('content-disposition', `attachment; filename="${name.replace(/[^\w.-]/g, '_')}"`)
    .header('cache-control', 'no-store')
    .type('text/csv; charset=utf-8')
    .send(csv);
}

/** Reads a list page by page (the same query as the screen's table) up to CSV_MAX_ROWS rows. */
export async function allPages<T>(
  page: (page: number, pageSize: number) => Promise<{ list: T[]; total: number }>,
): Promise<T[]> {
  const size = 1000;
  const out: T[] = [];
  for (let p = 1; out.length < CSV_MAX_ROWS; p++) {
    const { list } = await page(p, size);
    out.push(...list);
    if (list.length < size) break;
  }
  return out.slice(0, CSV_MAX_ROWS);
}
