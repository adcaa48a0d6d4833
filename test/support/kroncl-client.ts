import callsJson from './kroncl-client-calls.json';

/**
 * One call of the platform's web client (Kroncl/kroncl-client, `src/apps/**\/api.ts`), as listed
 * in `kroncl-client-calls.json` (a trimmed copy of ../shared/compat/kroncl-client-calls.json):
 * what it sends (`query` names, `body` as `name:type`) and every answer field it reads
 * (`response_fields` as `path:type`, `[]` meaning each element of an array).
 */
export interface ClientCall {
  module: string;
  client_function: string;
  client_file: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  query: string[];
  body: string[];
  response_fields: string[];
  used_in_pages: boolean;
}

export const clientCalls = callsJson as ClientCall[];

/** How an object the client reads through may legitimately be missing, per the client's own types. */
export type ParentTolerance = 'nullable' | 'optional';

export interface FieldCheckOptions {
  /** Arrays (paths as written in response_fields, e.g. `data.positions[]`) that may be empty. */
  mayBeEmpty?: string[];
  /** Intermediate objects the client's types declare `T | null` or `T?`, by their key. */
  parents?: Record<string, ParentTolerance>;
  /**
   * Another type the client demonstrably copes with, by field path (e.g. `data[].count` read
   * through parseInt): the client's declared type and this one are both accepted.
   */
  alsoAccept?: Record<string, string>;
}

/**
 * The first way the answer's `data` envelope breaks one of the client's `path:type` fields, or
 * null when every field is there with the client's type. Types: `string`, `number`, `boolean`,
 * `object`, `string[]`, `'literal'`, `null`, joined by `|`; a trailing `?` allows absence.
 * An empty array where the client reads elements is a mismatch unless listed in `mayBeEmpty`:
 * a check over no elements would prove nothing.
 */
export function firstFieldMismatch(answer: unknown, fields: string[], options: FieldCheckOptions = {}): string | null {
  return fieldMismatches(answer, fields, options)[0] ?? null;
}

/** Every field of `fields` the answer breaks, each as firstFieldMismatch words it. */
export function fieldMismatches(answer: unknown, fields: string[], options: FieldCheckOptions = {}): string[] {
  const mismatches: string[] = [];
  for (const field of fields) {
    const colon = field.indexOf(':');
    const path = field.slice(0, colon);
    const declared = field.slice(colon + 1);
    const extra = options.alsoAccept?.[path];
    const type = extra ? `${declared.replace(/\?$/, '')}|${extra}${declared.endsWith('?') ? '?' : ''}` : declared;
    const mismatch = walk(answer, path.split('.'), '', type, options);
    if (mismatch) mismatches.push(`${field}: ${mismatch}`);
  }
  return mismatches;
}

function walk(node: unknown, segments: string[], at: string, type: string, options: FieldCheckOptions): string | null {
  const [segment, ...rest] = segments;
  const isArray = segment.endsWith('[]');
  const key = isArray ? segment.slice(0, -2) : segment;
  const here = at ? `${at}.${key}` : key;
  const record = node as Record<string, unknown>;
  const present = Object.prototype.hasOwnProperty.call(record, key) && record[key] !== undefined;
  const value = present ? record[key] : undefined;

  if (!isArray && rest.length === 0) return leafMismatch(value, present, here, type);

  const tolerance = options.parents?.[key];
  if (!present) return tolerance === 'optional' ? null : `${here} is absent`;
  if (value === null) return tolerance ? null : `${here} is null`;

  if (isArray) {
    if (!Array.isArray(value)) return `${here} is ${describe(value)}, not an array`;
    if (value.length === 0) {
      const written = `${here.replace(/\[\d+\]/g, '[]')}[]`;
      return options.mayBeEmpty?.includes(written) ? null : `${here} is an empty array: nothing to check`;
    }
    for (let i = 0; i < value.length; i++) {
      const element = value[i];
      const elementPath = `${here}[${i}]`;
      const mismatch =
        rest.length === 0
          ? leafMismatch(element, true, elementPath, type)
          : element === null || typeof element !== 'object'
            ? `${elementPath} is ${describe(element)}, not an object`
            : walk(element, rest, elementPath, type, options);
      if (mismatch) return mismatch;
    }
    return null;
  }
  if (typeof value !== 'object' || Array.isArray(value)) return `${here} is ${describe(value)}, not an object`;
  return walk(value, rest, here, type, options);
}

function leafMismatch(value: unknown, present: boolean, at: string, type: string): string | null {
  const optional = type.endsWith('?');
  const alternatives = (optional ? type.slice(0, -1) : type).split('|').map((a) => a.trim());
  if (!present) return optional ? null : `${at} is absent`;
  if (alternatives.some((alternative) => matches(value, alternative))) return null;
  return `${at} is ${describe(value)}`;
}

function matches(value: unknown, type: string): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'null':
      return value === null;
    case 'object':
      return value !== null && typeof value === 'object' && !Array.isArray(value);
    case 'string[]':
      return Array.isArray(value) && value.every((item) => typeof item === 'string');
    default: {
      const literal = /^'(.*)'$/.exec(type);
      if (literal) return value === literal[1];
      throw new Error(`unknown client type "${type}"`);
    }
  }
}

function describe(value: unknown): string {
  if (value === undefined) return 'undefined';
  const text = JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/**
 * Where a replayed request strays from what the client can send: a query parameter or a body
 * field (top level, or inside an array of objects such as `positions[]`) the client's call does
 * not have. Null when the request is one the client could send.
 */
export function firstUnfaithfulPart(
  call: ClientCall,
  query: Record<string, unknown> | undefined,
  body: unknown,
): string | null {
  for (const name of Object.keys(query ?? {})) {
    if (!call.query.includes(name)) return `query parameter "${name}" is not one the client sends`;
  }
  if (body === undefined) return null;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return 'the body is not a JSON object';
  const declared = call.body.map((entry) => entry.slice(0, entry.indexOf(':')));
  const topLevel = new Set(declared.map((name) => name.split('.')[0].replace(/\[\]$/, '')));
  for (const [name, value] of Object.entries(body)) {
    if (!topLevel.has(name)) return `body field "${name}" is not one the client sends`;
    if (!Array.isArray(value)) continue;
    const inner = new Set(declared.filter((d) => d.startsWith(`${name}[].`)).map((d) => d.slice(name.length + 3)));
    if (inner.size === 0) continue;
    for (const element of value) {
      for (const innerName of Object.keys(element as object)) {
        if (!inner.has(innerName)) return `body field "${name}[].${innerName}" is not one the client sends`;
      }
    }
  }
  return null;
}
