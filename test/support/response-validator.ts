import { readFileSync } from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { join } from 'node:path';
import Ajv2019, { type ValidateFunction } from 'ajv/dist/2019';

/**
 * Checks every answer of a test application against the committed docs/openapi.json
 * (docs/openapi.md, issue 30): its status must be declared for its operation, its content type
 * declared for that status, and a JSON body must match the declared schema, which here allows no
 * property it does not name (`unevaluatedProperties: false` on every object a schema describes).
 * Requests to paths the document does not describe (Swagger UI, /metrics, a test's own routes)
 * are not checked, nor is a 500 (see problemsOf).
 */

type Schema = Record<string, any>;
interface Operation {
  responses: Record<string, { content?: Record<string, { schema?: Schema }> }>;
}
interface Route {
  pattern: RegExp;
  /** Literal characters of the template: `/companies/my` wins over `/companies/{id}`. */
  specificity: number;
  operations: Record<string, Operation>;
}

const DOCUMENT_ID = 'openapi';
const COMMITTED = join(__dirname, '..', '..', 'docs', 'openapi.json');
/** A body kept for validation at most this long; longer ones are file downloads or big exports. */
const MAX_BODY_BYTES = 8 * 1024 * 1024;

const FORMATS: Record<string, RegExp> = {
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
  'date-time': /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/,
  date: /^\d{4}-\d\d-\d\d$/,
  email: /^[^\s@]+@[^\s@]+$/,
  uri: /^[a-z][a-z0-9+.-]*:\S*$/i,
  binary: /[\s\S]*/,
};

/**
 * The schema as the check reads it: references into this document's components, and every
 * object in a value position closed (`unevaluatedProperties: false` sees through `allOf`, so the
 * envelope's parts still combine). Objects with no named properties are free-form maps.
 */
function closed(schema: Schema, inAllOf = false): Schema {
  if (Array.isArray(schema)) return schema.map((item) => closed(item)) as unknown as Schema;
  if (typeof schema !== 'object' || schema === null) return schema;
  const copy: Schema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === '$ref') copy.$ref = `${DOCUMENT_ID}${value}`;
    else if (key === 'allOf') copy.allOf = (value as Schema[]).map((part) => closed(part, true));
    else if (key === 'properties')
      copy.properties = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, closed(sub as Schema)]));
    else if (key === 'example' || key === 'examples') copy[key] = value;
    else copy[key] = closed(value as Schema);
  }
  const describesObject = schema.properties || schema.allOf || schema.$ref || schema.oneOf || schema.anyOf;
  if (!inAllOf && describesObject && schema.additionalProperties === undefined) copy.unevaluatedProperties = false;
  return copy;
}

function routesOf(document: Schema): Route[] {
  return Object.entries(document.paths as Record<string, Record<string, Operation>>)
    .map(([template, operations]) => ({
      pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`),
      specificity: template.replace(/\{[^}]+\}/g, '').length,
      operations,
    }))
    .sort((a, b) => b.specificity - a.specificity);
}

class DocumentCheck {
  private readonly ajv = new Ajv2019({ strict: false, allErrors: true });
  private readonly routes: Route[];
  private readonly compiled = new Map<Schema, ValidateFunction>();

  constructor(document: Schema) {
    for (const [name, pattern] of Object.entries(FORMATS)) this.ajv.addFormat(name, pattern);
    // A component is closed where it is used: a part of an `allOf` must not refuse its siblings' properties.
    const schemas = Object.entries(document.components?.schemas ?? {}).map(([name, schema]) => [
      name,
      closed(schema as Schema, true),
    ]);
    this.ajv.addSchema({ $id: DOCUMENT_ID, components: { schemas: Object.fromEntries(schemas) } });
    this.routes = routesOf(document);
  }

  /** What is wrong with one answer, or nothing (also for a path the document does not describe). */
  problemsOf(method: string, path: string, status: number, contentType: string, body: Buffer | null): string[] {
    const route = this.routes.find(({ pattern }) => pattern.test(path));
    const operation = route?.operations[method.toLowerCase()];
    if (!operation) return [];
    // A 500 is a defect, not part of the interface, so the document declares none; the tests that
    // provoke one do it on purpose (a mocked failure) and assert it themselves.
    if (status === 500) return [];
    const response = operation.responses[String(status)];
    if (!response) return [`status ${status} is not declared`];
    if (status === 204 || method === 'HEAD' || body === null) return [];
    const type = contentType.split(';')[0].trim().toLowerCase();
    const declared = response.content ?? {};
    if (!type) return [];
    const media = declared[type];
    if (!media)
      return [`content type ${type} is not declared (declared: ${Object.keys(declared).join(', ') || 'none'})`];
    if (type !== 'application/json' || !media.schema) return [];
    let value: unknown;
    try {
      value = JSON.parse(body.toString('utf8'));
    } catch {
      return ['the body is not JSON'];
    }
    const validate = this.validatorOf(media.schema);
    if (validate(value)) return [];
    return (validate.errors ?? []).slice(0, 5).map((error) => {
      const extra = error.keyword === 'unevaluatedProperties' ? ` (${error.params.unevaluatedProperty})` : '';
      return `body${error.instancePath} ${error.message}${extra} [${error.schemaPath}]`;
    });
  }

  private validatorOf(schema: Schema): ValidateFunction {
    let validate = this.compiled.get(schema);
    if (!validate) {
      validate = this.ajv.compile(closed(schema));
      this.compiled.set(schema, validate);
    }
    return validate;
  }
}

let shared: DocumentCheck | undefined;
const documentCheck = () => (shared ??= new DocumentCheck(JSON.parse(readFileSync(COMMITTED, 'utf8'))));

/** Keeps what a response writes, up to MAX_BODY_BYTES (null beyond: not validated). */
function captureBody(res: ServerResponse): () => Buffer | null {
  const chunks: Buffer[] = [];
  let size = 0;
  const keep = (chunk: unknown, encoding: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
    const buffer = Buffer.isBuffer(chunk)
      ? chunk
      : Buffer.from(chunk as string, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
    size += buffer.length;
    if (size <= MAX_BODY_BYTES) chunks.push(buffer);
  };
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  res.write = ((chunk: unknown, ...rest: unknown[]) => (
    keep(chunk, rest[0]),
    write(chunk, ...rest)
  )) as typeof res.write;
  res.end = ((chunk?: unknown, ...rest: unknown[]) => (keep(chunk, rest[0]), end(chunk, ...rest))) as typeof res.end;
  return () => (size <= MAX_BODY_BYTES ? Buffer.concat(chunks) : null);
}

/**
 * Watches every answer of `server` and keeps each violation of the document (one line per
 * operation, status and problem). `take()` lists them and starts a new list.
 */
export function watchResponses(server: Server): { take(): string[] } {
  const found = new Map<string, string>();
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    const body = captureBody(res);
    res.once('finish', () => {
      const path = (req.url ?? '').split('?')[0];
      const contentType = String(res.getHeader('content-type') ?? '');
      for (const problem of documentCheck().problemsOf(
        req.method ?? 'GET',
        path,
        res.statusCode,
        contentType,
        body(),
      )) {
        found.set(
          `${req.method} ${path} ${res.statusCode} ${problem}`,
          `${req.method} ${req.url} → ${res.statusCode}: ${problem}`,
        );
      }
    });
  });
  return {
    take: () => {
      const violations = [...found.values()];
      found.clear();
      return violations;
    },
  };
}

/** Fails when answers contradicted the document, listing each. */
export function failOnViolations(violations: string[]): void {
  if (!violations.length) return;
  throw new Error(
    `${violations.length} answer(s) contradict docs/openapi.json (fix the document's generation, ` +
      `see docs/openapi.md):\n${violations.join('\n')}`,
  );
}

/**
 * Makes a test application check its traffic: `close()` fails, listing each answer that
 * contradicts docs/openapi.json, so every e2e suite also tests the published document.
 */
export function checkingResponses<T extends { app: { getHttpServer(): Server }; close(): Promise<void> }>(
  testApp: T,
): T & { takeViolations(): string[] } {
  const watch = watchResponses(testApp.app.getHttpServer());
  const close = testApp.close;
  return {
    ...testApp,
    takeViolations: watch.take,
    close: async () => {
      await close();
      failOnViolations(watch.take());
    },
  };
}
