import fp from 'fastify-plugin';
import { DomainError } from '../lib/domain-error';

/**
 * Text no request may carry (issue 22 item 6): U+0000, which PostgreSQL refuses in text ('invalid byte
 * sequence for encoding "UTF8": 0x00', a 500 if it got that far), and UTF-16 surrogates without their pair,
 * which are not characters and cannot be stored as UTF-8 at all.
 */
// eslint-disable-next-line no-control-regex -- finding U+0000 is the point
const BAD_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether a string, or any string (key or value) inside arrays and objects, holds bad text. */
export function holdsBadText(v: unknown, depth = 0): boolean {
  if (typeof v === 'string') return BAD_TEXT.test(v);
  if (v === null || typeof v !== 'object' || depth > 64) return false;
  if (Buffer.isBuffer(v) || ArrayBuffer.isView(v)) return false;
  if (Array.isArray(v)) return v.some((x) => holdsBadText(x, depth + 1));
  for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
    if (BAD_TEXT.test(k) || holdsBadText(x, depth + 1)) return true;
  }
  return false;
}

const refuse = () =>
  new DomainError('text_invalid_characters', 400, 'The request holds characters that are not allowed');

/**
 * One gate for every route: the path, the query and the headers are checked as soon as the request is
 * routed (before any plugin reads them, e.g. the merchant from the Host), the body once it is parsed
 * and before it is validated. Node's own HTTP parser already refuses NUL in headers; requests made in
 * process (tests, fastify.inject) do not pass through it, so the headers are checked here too.
 */
export default fp(
  async (app) => {
    app.addHook('onRequest', async (req) => {
      // The raw URL: %00 and percent-encoded surrogates, before any decoding copes with them.
      const raw = req.raw.url ?? '';
      if (/%00|%ED%[AB][0-9A-F]/i.test(raw)) throw refuse();
      if (holdsBadText(req.params) || holdsBadText(req.query) || holdsBadText(req.headers)) throw refuse();
    });
    app.addHook('preValidation', async (req) => {
      if (holdsBadText(req.body)) throw refuse();
    });
  },
  { name: 'input-guard' },
);
