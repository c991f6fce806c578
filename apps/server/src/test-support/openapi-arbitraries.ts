import fc from 'fast-check';

// The OpenAPI document as test data: its operations, and fast-check arbitraries of the values each
// parameter and body accepts (valid by the schema) or should refuse (nasty). The API fuzz
// (plugins/openapi.fuzz.test.ts) and the brands' isolation sweep (plugins/brand-isolation.test.ts) use them.

export type Schema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
};
export type Parameter = { in: 'path' | 'query' | 'header'; name: string; required?: boolean; schema: Schema };
export type Operation = {
  method: string;
  path: string;
  parameters: Parameter[];
  body: Schema | null;
  form: boolean;
};

// Streams never end (their handshake has its own tests); everything else is fuzzed.
export const SKIPPED = new Set(['GET /api/stream']);

/** What no answer may show: a stack frame, a source path, SQL or a database error text. */
export const LEAK =
  /\bat [\w.$<>]+ \(|node_modules|\/src\/|\.ts:\d+|\bselect\b[^"]{0,80}\bfrom\b|\binsert into\b|\bsyntax error\b|violates|duplicate key|relation "|invalid byte sequence/i;

/** Values that break naive code: NUL, lone surrogates, huge and negative numbers, wrong types. */
export const nasty = fc.constantFrom<unknown>(
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDFFFy',
  '',
  ' ',
  'x'.repeat(5000),
  '99999999999999999999999999',
  '-1',
  '1e309',
  '0.001',
  "' or 1=1 --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  1e308,
  -1,
  2 ** 63,
  Number.MAX_SAFE_INTEGER + 2,
  0,
  true,
  null,
  [],
  {},
  [[[[[]]]]],
  { $ne: 1 },
);

export function resolver(doc: { components?: { schemas?: Record<string, Schema> } }) {
  return (s: Schema): Schema => {
    let cur = s;
    for (let i = 0; cur.$ref && i < 10; i++) {
      const name = cur.$ref.split('/').pop()!;
      cur = doc.components?.schemas?.[name] ?? {};
    }
    return cur;
  };
}

/** A fast-check arbitrary of values valid by a JSON schema (as far as the schema says). */
export function validOf(resolve: (s: Schema) => Schema, schema: Schema, depth = 0): fc.Arbitrary<unknown> {
  const s = resolve(schema);
  if (depth > 6) return fc.constant(null);
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const alts = s.anyOf ?? s.oneOf;
  if (alts?.length) return fc.oneof(...alts.map((a) => validOf(resolve, a, depth + 1)));
  if (s.allOf?.length) return validOf(resolve, s.allOf[0]!, depth + 1);
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  if (types.length > 1) return fc.oneof(...types.map((t) => validOf(resolve, { ...s, type: t }, depth + 1)));
  switch (types[0] ?? 'string') {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return fc.integer({ min: s.minimum ?? -1000, max: Math.min(s.maximum ?? 100_000, 2 ** 31) });
    case 'number':
      return fc.double({ min: s.minimum ?? -1e6, max: s.maximum ?? 1e6, noNaN: true });
    case 'array':
      return fc.array(validOf(resolve, s.items ?? {}, depth + 1), {
        minLength: s.minItems ?? 0,
        maxLength: Math.max(s.minItems ?? 0, Math.min(s.maxItems ?? 3, 3)),
      });
    case 'object': {
      const props = s.properties ?? {};
      const required = (s.required ?? []).filter((k) => k in props);
      return fc.record(
        Object.fromEntries(Object.entries(props).map(([k, v]) => [k, validOf(resolve, v, depth + 1)])),
        { requiredKeys: required },
      );
    }
    case 'string':
    default: {
      if (s.format === 'date-time')
        return fc
          .date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true })
          .map((d) => d.toISOString());
      const max = Math.min(s.maxLength ?? 24, 64);
      if (s.pattern) {
        try {
          return fc
            .stringMatching(new RegExp(s.pattern))
            .filter((v) => v.length >= (s.minLength ?? 0) && v.length <= (s.maxLength ?? 1e9));
        } catch {
          /* a pattern JavaScript cannot read: plain text below */
        }
      }
      return fc.string({ minLength: s.minLength ?? 0, maxLength: Math.max(max, s.minLength ?? 0) });
    }
  }
}

/** Valid by the schema, or the same with one value (or the whole) swapped for a nasty one. */
export function requestValue(resolve: (s: Schema) => Schema, schema: Schema): fc.Arbitrary<unknown> {
  const good = validOf(resolve, schema);
  const spoiled = fc.tuple(good, nasty, fc.nat()).map(([v, bad, n]) => {
    if (!v || typeof v !== 'object' || Array.isArray(v)) return bad;
    const keys = Object.keys(v);
    if (keys.length === 0) return { ...v, extra: bad };
    return { ...v, [keys[n % keys.length]!]: bad };
  });
  return fc.oneof(
    { arbitrary: good, weight: 2 },
    { arbitrary: spoiled, weight: 2 },
    { arbitrary: nasty, weight: 1 },
  );
}

/** A path or query value: valid by the schema, nasty, or a small id (often another member's). */
export function paramValue(resolve: (s: Schema) => Schema, schema: Schema): fc.Arbitrary<string> {
  const text = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));
  return fc.oneof(
    { arbitrary: validOf(resolve, schema).map(text), weight: 3 },
    { arbitrary: nasty.map(text), weight: 1 },
    { arbitrary: fc.integer({ min: 1, max: 60 }).map(String), weight: 1 },
  );
}

/** Percent-encodes as a client would send the bytes; a lone surrogate goes as its (invalid) UTF-8 bytes. */
export const encode = (v: string) =>
  Array.from(v, (ch) => (/^[\uD800-\uDFFF]$/.test(ch) ? '%ED%A0%80' : encodeURIComponent(ch))).join('');

export function operations(doc: { paths: Record<string, Record<string, unknown>> }): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of ['get', 'post', 'put', 'delete', 'patch']) {
      const op = item[method] as
        | { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: Schema }> } }
        | undefined;
      if (!op || SKIPPED.has(`${method.toUpperCase()} ${path}`)) continue;
      const content = op.requestBody?.content ?? {};
      const json = content['application/json']?.schema;
      out.push({
        method: method.toUpperCase(),
        path,
        parameters: op.parameters ?? [],
        body: json ?? (method === 'get' ? null : {}),
        form: !json && 'application/x-www-form-urlencoded' in content,
      });
    }
  }
  return out;
}
