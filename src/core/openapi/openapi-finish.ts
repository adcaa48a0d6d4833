import type {
  OpenAPIObject,
  OperationObject,
  ParameterObject,
  ReferenceObject,
  ResponseObject,
  SchemaObject,
} from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { ERROR_STATUS, ErrorCode } from '../http/app.exception';
import { API_PREFIX } from '../../version';
import { ERRORS_EXTENSION } from './api-errors.decorator';
import { codeDerivedErrors, HandlerKeys, OperationFacts, thrownMessages } from './declared-statuses';
import { ERROR_EXAMPLES, errorExamples, withSuccessMessage } from './error-examples';
import { exampleOf } from './examples';
import { expressNulls } from './nullable-schemas';
import { describePathParameters } from './parameter-descriptions';
import { settleOptionalExamples, settleQueryExample } from './request-examples';
import { tagDescription } from './tags';

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'] as const;
const ERROR_ENVELOPE = { $ref: '#/components/schemas/ErrorEnvelopeDto' };
const COMPANY_PATH = `/${API_PREFIX}/companies/{id}`;

type Operation = OperationObject & {
  'x-permission'?: string;
  'x-admin-access'?: string;
  'x-admin-level'?: number;
  'x-admin-critical'?: boolean;
  'x-credential'?: string;
  [ERRORS_EXTENSION]?: Partial<Record<ErrorCode, string>>;
};

/** The quota headers of every answer to an API key (CONTRACT 2), and Retry-After of a refusal. */
const INTEGER = { type: 'integer' } as const;
const HEADERS = {
  'X-RateLimit-Limit': {
    description: "The API key's requests per UTC day (answers to API keys only)",
    schema: INTEGER,
  },
  'X-RateLimit-Remaining': {
    description: 'Requests the API key has left today (answers to API keys only)',
    schema: INTEGER,
  },
  'X-RateLimit-Reset': {
    description: 'Epoch seconds of the next UTC midnight, when the quota starts again',
    schema: INTEGER,
  },
  'Retry-After': { description: 'Seconds to wait before trying again', schema: INTEGER },
};
const QUOTA_HEADERS = ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'] as const;
const headerRefs = (names: readonly string[]) =>
  Object.fromEntries(names.map((name) => [name, { $ref: `#/components/headers/${name}` }]));

const isPublic = (op: Operation) => JSON.stringify(op.security) === '[{}]';

/**
 * The error codes an operation can answer with, and why, from what the document already says
 * of it: its parameters and body (400, 413), its security (401, 429), its permission (403, and
 * 409 limit_exceeded on `*.create`, CONTRACT 7), its path ids (404), plus those its handler
 * declares with @ApiErrors and those its code can answer (declared-statuses.ts).
 */
function errorsOf(path: string, method: string, op: Operation, facts: OperationFacts): Map<ErrorCode, string> {
  const errors = new Map<ErrorCode, string>();
  const add = (code: ErrorCode, why: string) =>
    errors.set(code, errors.has(code) ? `${errors.get(code)}; ${why}` : why);
  const parameters = (op.parameters ?? []) as ParameterObject[];
  const permission = op['x-permission'];
  add(
    'validation_failed',
    op.requestBody || parameters.length > 0
      ? 'a parameter or body field is invalid; `error.details` names each'
      : 'a body was sent: this operation takes none',
  );
  if (!isPublic(op)) add('unauthorized', 'no credential, or an invalid, revoked or expired one');
  if (permission) {
    add('forbidden', `the caller's role or position lacks \`${permission}\``);
    add('plan_required', `the company's plan does not include \`${permission}\`, or has expired`);
  }
  const adminLevel = op['x-admin-level'];
  if (adminLevel) add('forbidden', `the caller is not a platform administrator of level ${adminLevel} or above`);
  if (op['x-admin-critical'])
    add('forbidden', 'the `X-Admin-Keyword` header is missing or wrong, or ADMIN_KEYWORD is not set');
  if (op['x-credential']) add('forbidden', 'the credential is not a session signed in with the password');
  if (path.startsWith(COMPANY_PATH)) {
    add('not_found', 'no such company, or the caller is not its member, or an id of the path names nothing of it');
  } else if (parameters.some((parameter) => parameter.in === 'path')) {
    add('not_found', 'an id of the path names nothing the caller can see');
  }
  if (permission?.endsWith('.create')) add('limit_exceeded', "the company is over its plan's database limit");
  if (op.requestBody) add('payload_too_large', 'the body is over 1 MiB');
  if (!isPublic(op)) add('rate_limited', "the API key's daily quota is spent; see Retry-After");
  if (takesIdempotencyKey(method, op)) {
    add('validation_failed', 'a malformed `Idempotency-Key`');
    add('idempotency_in_progress', 'a request with this `Idempotency-Key` is still running; see Retry-After');
    add('idempotency_key_reused', 'this `Idempotency-Key` was sent with another method, path or body');
  }
  for (const [code, why] of Object.entries(op[ERRORS_EXTENSION] ?? {})) add(code as ErrorCode, why);
  for (const [code, why] of codeDerivedErrors(facts)) if (!errors.has(code)) add(code, why);
  return new Map([...errors].sort(([a], [b]) => ERROR_STATUS[a] - ERROR_STATUS[b]));
}

function accessOf(path: string, op: Operation): string {
  const who = callersOf(path, op);
  return op['x-credential'] ? `${who}, from a session signed in with the password (\`x-credential\`)` : who;
}

function callersOf(path: string, op: Operation): string {
  const permission = op['x-permission'];
  if (permission) {
    const admins = op['x-admin-access'];
    return `permission \`${permission}\`${admins ? ` (platform administrators: ${admins})` : ''}`;
  }
  const adminLevel = op['x-admin-level'];
  if (adminLevel) {
    return `platform administrators of level ${adminLevel} or above${op['x-admin-critical'] ? ', with `X-Admin-Keyword`' : ''}`;
  }
  if (isPublic(op)) return 'public, no credential needed';
  if (path.startsWith(COMPANY_PATH)) return 'any member of the company';
  return 'any signed-in caller (session token or API key)';
}

/** Every POST and PATCH with a credential takes `Idempotency-Key` (CONTRACT 18). */
const takesIdempotencyKey = (method: string, op: Operation) =>
  (method === 'post' || method === 'patch') && !isPublic(op);

const IDEMPOTENCY_KEY_PARAMETER: ParameterObject = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'Makes a retry safe: a repeat with the same key, method, path and body answers the first answer again ' +
    '(with `Idempotent-Replayed: true`) and changes nothing. 1 to 255 characters from 0x21 to 0x7E, ' +
    'kept 24 hours per account (docs/api.md).',
  schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7E]+$' },
};

function finishOperation(path: string, method: string, op: Operation, handler: string | undefined): void {
  const facts: OperationFacts = {
    handler,
    authenticated: !isPublic(op),
    auditedChange: method !== 'get' && path.startsWith(COMPANY_PATH) && Boolean(op['x-permission']),
  };
  const errors = errorsOf(path, method, op, facts);
  if (takesIdempotencyKey(method, op))
    op.parameters = [...(op.parameters ?? []), { $ref: '#/components/parameters/Idempotency-Key' }];
  delete op[ERRORS_EXTENSION];
  const responses = op.responses as Record<string, ResponseObject>;
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of errors.keys())
    byStatus.set(ERROR_STATUS[code], [...(byStatus.get(ERROR_STATUS[code]) ?? []), code]);
  for (const [status, codes] of byStatus) {
    const declared = responses[status]?.description;
    const examples = errorExamples(path, method, codes, (code) => thrownMessages(facts, code));
    responses[status] = {
      description: declared || codes.map((code) => `\`${code}\`: ${errors.get(code)}.`).join(' '),
      ...(status === ERROR_STATUS.rate_limited ? { headers: headerRefs(['Retry-After', ...QUOTA_HEADERS]) } : {}),
      ...(status === ERROR_STATUS.service_unavailable ? { headers: headerRefs(['Retry-After']) } : {}),
      content: { 'application/json': { schema: ERROR_ENVELOPE, examples } },
    };
  }
  // Every error, the derived ones and any a handler declares itself, is in the envelope; no
  // `default` stands in for undeclared ones (a 500 is a defect, not part of the interface).
  for (const [status, response] of Object.entries(responses)) {
    if (/^[45]/.test(status)) response.content ??= { 'application/json': { schema: ERROR_ENVELOPE } };
  }
  for (const [status, response] of Object.entries(responses)) {
    if (!/^2\d\d$/.test(status)) continue;
    response.description ||= 'Success: the envelope, its `data` as below';
    withSuccessMessage(Number(status), response);
    if (!isPublic(op)) response.headers = { ...response.headers, ...headerRefs(QUOTA_HEADERS) };
  }
  const errorList = [...errors.keys()].map((code) => `${ERROR_STATUS[code]} \`${code}\``).join(', ');
  op.description = [op.description, `**Access:** ${accessOf(path, op)}.`, `**Errors:** ${errorList}.`]
    .filter(Boolean)
    .join('\n\n');
}

/** Every schema a request can carry: bodies and what they refer to, and query parameters. */
function requestSchemas(document: OpenAPIObject, operations: Operation[]): SchemaObject[] {
  const schemas = document.components?.schemas ?? {};
  const seen = new Set<SchemaObject>();
  const visit = (schema: SchemaObject | ReferenceObject | undefined): void => {
    if (!schema) return;
    const resolved = '$ref' in schema ? schemas[schema.$ref.split('/').pop()!] : schema;
    if (!resolved || '$ref' in resolved || seen.has(resolved)) return;
    seen.add(resolved);
    for (const part of [...(resolved.allOf ?? []), ...(resolved.oneOf ?? []), ...(resolved.anyOf ?? [])]) visit(part);
    if (resolved.items) visit(resolved.items);
    for (const property of Object.values(resolved.properties ?? {})) visit(property);
  };
  for (const op of operations) {
    const body = op.requestBody && 'content' in op.requestBody ? op.requestBody.content : undefined;
    visit(body?.['application/json']?.schema);
    for (const parameter of (op.parameters ?? []) as ParameterObject[]) {
      if (parameter.in === 'query') visit(parameter.schema);
    }
  }
  return [...seen];
}

/**
 * Gives each request property without an example one its schema determines (see examples.ts),
 * and states its default in words: openapi-typescript makes every property with a `default`
 * required in a component schema, which would make clients send what the server fills in.
 */
function completeRequestProperties(schemas: SchemaObject[]): void {
  for (const schema of schemas) {
    for (const property of Object.values(schema.properties ?? {})) {
      if ('$ref' in property) continue;
      const example = exampleOf(property);
      if (example !== undefined) property.example = example;
      if (property.default !== undefined) {
        const value = typeof property.default === 'string' ? property.default : JSON.stringify(property.default);
        property.description = [property.description, `Default: \`${value}\`.`].filter(Boolean).join(' ');
        delete property.default;
      }
    }
  }
}

function refuseDuplicateOperationIds(entries: Array<[string, string, Operation]>): void {
  const owners = new Map<string, string>();
  for (const [path, method, op] of entries) {
    const where = `${method.toUpperCase()} ${path}`;
    const other = owners.get(op.operationId!);
    if (other) {
      throw new Error(
        `OpenAPI operation id "${op.operationId}" names both ${other} and ${where}: ` +
          'rename one of the handlers (see docs/openapi.md)',
      );
    }
    owners.set(op.operationId!, where);
  }
}

/**
 * Completes the document Nest generates, once for every route (docs/openapi.md): access and
 * error codes in each description, the error envelope on every 4xx, quota headers, 429,
 * examples the schemas determine, tag descriptions. Throws on clashing operation ids.
 */
export function finishOpenApiDocument(generated: OpenAPIObject, handlers: HandlerKeys = new Map()): OpenAPIObject {
  // A copy: Nest's document shares objects with the decorators' metadata, which must stay as declared.
  const document = structuredClone(generated);
  const entries = Object.entries(document.paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => [path, method, item[method] as Operation] as const),
  );
  refuseDuplicateOperationIds(entries.map((entry) => [...entry]));
  for (const [path, method, op] of entries) finishOperation(path, method, op, handlers.get(op.operationId!));
  const operations = entries.map(([, , op]) => op);
  const schemas = requestSchemas(document, operations);
  completeRequestProperties(schemas);
  settleOptionalExamples(document, schemas);
  // Query parameters pre-filled only when required; path parameters get no example (a made-up id
  // pre-fills a 404) but say where their value comes from.
  for (const op of operations) (op.parameters as ParameterObject[] | undefined)?.forEach(settleQueryExample);
  describePathParameters(document);
  expressNulls(document);
  document.components = {
    ...document.components,
    headers: HEADERS,
    examples: ERROR_EXAMPLES,
    parameters: { 'Idempotency-Key': IDEMPOTENCY_KEY_PARAMETER },
  };
  const used = [...new Set(operations.flatMap((op) => op.tags ?? []))];
  document.tags = used.map((name) => ({ name, description: tagDescription(name) }));
  return document;
}
