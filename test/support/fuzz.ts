import fc from 'fast-check';

/** An operation of the served OpenAPI document, with what the fuzzer fills in. */
export interface FuzzOperation {
  method: string;
  path: string;
  pathParams: string[];
  queryParams: string[];
  /** Top-level properties of the JSON body schema (resolved), empty when none is declared. */
  bodyProperties: string[];
  takesBody: boolean;
}

type Schema = { $ref?: string; properties?: Record<string, unknown>; allOf?: Schema[] };

function resolve(doc: any, schema: Schema | undefined): Schema | undefined {
  if (!schema?.$ref) return schema;
  return doc.components.schemas[schema.$ref.split('/').pop()!];
}

function propertiesOf(doc: any, schema: Schema | undefined): string[] {
  const resolved = resolve(doc, schema);
  if (!resolved) return [];
  return [
    ...Object.keys(resolved.properties ?? {}),
    ...(resolved.allOf ?? []).flatMap((part) => propertiesOf(doc, part)),
  ];
}

export function fuzzOperations(doc: any): FuzzOperation[] {
  return Object.entries(doc.paths as Record<string, Record<string, any>>).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => {
      const parameters: Array<{ in: string; name: string }> = op.parameters ?? [];
      const body = op.requestBody?.content?.['application/json']?.schema;
      return {
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: parameters.filter((p) => p.in === 'query').map((p) => p.name),
        bodyProperties: propertiesOf(doc, body),
        takesBody: Boolean(op.requestBody),
      };
    }),
  );
}

/** Strings that have broken services: control and unstorable characters, metacharacters, sizes. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.constantFrom(
      '',
      ' ',
      '\u0000',
      'a\u0000b',
      '\ud800',
      'x\udfffy',
      '😀',
      '%',
      '_',
      '\\',
      "'; DROP TABLE companies; --",
      "' OR '1'='1",
      '%_%\\%',
      '../../etc/passwd',
      '/etc/passwd',
      '${jndi:ldap://x}',
      '<script>alert(1)</script>',
      '{{7*7}}',
      'NaN',
      'Infinity',
      '-1',
      '0',
      '1e309',
      '99999999999999999999999',
      'true',
      'null',
      '2026-02-30T25:61:00Z',
      '00000000-0000-0000-0000-000000000000',
      'ffffffff-ffff-ffff-ffff-ffffffffffff',
      '\r\nX-Injected: 1',
      '\u202e\u200b\ufeff',
    ),
  },
  { weight: 4, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 4, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  // Over every length limit, now and then over the 16 KiB of a request line too.
  { weight: 1, arbitrary: fc.nat({ max: 1000 }).map((n) => 'x'.repeat(n * 20)) },
);

/** Any JSON-ish value a client might send for a field, most of them of the wrong type. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.constantFrom(null, true, false, 0, -1, 1.5, 2 ** 31, 2 ** 53 + 2, -(2 ** 63), 1e308),
  fc.array(hostileString, { maxLength: 4 }),
  fc.dictionary(hostileString, hostileString, { maxKeys: 4 }),
  fc.jsonValue({ maxDepth: 4 }),
);

/** A path segment where an id goes: a real id most of the time (to reach the pipes), else hostile. */
export const hostileId = (real: string | undefined): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: real ? 3 : 0, arbitrary: fc.constant(real ?? '') },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 1, arbitrary: hostileString.filter((s) => s.length > 0 && s.length < 300) },
  );

export type BodyKind = 'json' | 'raw-json' | 'bad-json' | 'gzip-garbage' | 'wrong-type' | 'none';
export const bodyKind: fc.Arbitrary<BodyKind> = fc.constantFrom<BodyKind>(
  'json',
  'json',
  'json',
  'raw-json',
  'bad-json',
  'gzip-garbage',
  'wrong-type',
  'none',
);

export type CredentialKind = 'key' | 'session' | 'both' | 'duplicate' | 'garbage' | 'none';
export const credentialKind: fc.Arbitrary<CredentialKind> = fc.constantFrom<CredentialKind>(
  'key',
  'key',
  'session',
  'session',
  'both',
  'duplicate',
  'garbage',
  'none',
);

/** What a response body must never show: a stack frame, SQL or driver text, a hash. */
export const LEAKS = [
  /\n\s+at [^\n]+\.(ts|js):\d+/,
  /node_modules/,
  /\b(SELECT|INSERT INTO|UPDATE \w+ SET|DELETE FROM)\b/,
  /syntax error at or near|violates (foreign key|unique|not-null|check) constraint|invalid input syntax|QueryFailedError/i,
  /\$2[aby]\$\d\d\$/,
  /password_hash|token_hash|code_hash/,
];
