import { randomUUID } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import { DataSource } from 'typeorm';
import { newAdmin, newCompany, TestAccount } from '../support/factories';
import {
  buildRequest,
  BuiltRequest,
  JSON_TYPE,
  prefilledBody,
  prefilledParameter,
  resolvedOperation,
} from '../support/swagger-ui';
import { createTestApp, TestApp } from '../support/test-app';

/**
 * Swagger UI's first Execute (issue 30, docs/openapi.md): for every operation of the served
 * document, the request Swagger UI sends after "Try it out" and Execute (its pre-filled body and
 * parameters, test/support/swagger-ui.ts), with ids put in only where a description says where
 * they come from, does not answer 400 (nor 500; a 503 of a loaded machine only says "try again"),
 * and a list right after a create shows what was created. The caller is a platform administrator
 * with a company, signed in and authorized, as an explorer of the API would be after its first
 * steps.
 */
type Schema = Record<string, any>;

interface Source {
  /** The field of what the operations answer: `id`, `code`, `slug`. */
  field: string;
  /** `GET /api/v1/…` or `POST /api/v1/…`, in the order the description names them. */
  operations: string[];
}

/** "its `id` from `GET /api/v1/…` or `POST /api/v1/…`": what the description says an id comes from. */
export function sourceIn(description: string | undefined): Source | undefined {
  const field = description?.match(/`(\w+)`s?,? from\s+`(?:GET|POST) /)?.[1];
  if (!field) return undefined;
  return { field, operations: [...description!.matchAll(/`((?:GET|POST) \/[^`]+)`/g)].map((match) => match[1]) };
}

/** The `field` of what an operation answered: a created item's, or every listed item's. */
function valuesIn(data: unknown, field: string): unknown[] {
  if (!data || typeof data !== 'object') return [];
  if (!Array.isArray(data) && (data as Schema)[field] !== undefined) return [(data as Schema)[field]];
  const list = Array.isArray(data)
    ? data
    : Object.values(data as Schema).find((value) => Array.isArray(value) && value[0]?.[field] !== undefined);
  return (list ?? []).map((item: Schema) => item[field]).filter((value: unknown) => value !== undefined);
}

interface Executed {
  where: string;
  request: BuiltRequest;
  status: number;
  body: Schema;
}

/** Executes operations as Swagger UI does, finding ids where the descriptions say. */
class Explorer {
  private readonly found = new Map<string, unknown[]>();
  private readonly running = new Set<string>();

  constructor(
    private readonly t: TestApp,
    private readonly doc: Schema,
    private readonly token: string,
  ) {}

  /** Operation `path` `method`'s first Execute; path values already known are kept. */
  async execute(path: string, method: string, known: Record<string, string> = {}): Promise<Executed> {
    const op = await resolvedOperation(this.doc, path, method);
    const values: Record<string, unknown> = {};
    const pathValues = { ...known };
    for (const parameter of op.parameters ?? []) {
      if (parameter.in === 'path') {
        // Swagger UI pre-fills a path parameter from its example; one without is left empty, and
        // the explorer fills it from where it says, or (nothing there) with an id of nothing,
        // which may answer 404 but never 400.
        pathValues[parameter.name] ??= String(
          parameter.example ??
            parameter.schema?.example ??
            (await this.valuesFrom(sourceIn(parameter.description), pathValues))[0] ??
            randomUUID(),
        );
        values[parameter.name] = pathValues[parameter.name];
      } else {
        const value = prefilledParameter(parameter);
        if (value !== undefined) values[parameter.name] = value;
      }
    }
    let body = prefilledBody(op);
    if (body !== undefined) {
      const schema = op.requestBody.content[JSON_TYPE].schema;
      body = JSON.stringify(await this.withIds(JSON.parse(body), schema, pathValues), null, 2);
    }
    const request = buildRequest(this.doc, op.operationId, values, body, this.token);
    const sent = this.t.http[method as 'get'](request.url).set(request.headers);
    const res = request.body === undefined ? await sent : await sent.send(request.body);
    return { where: `${method.toUpperCase()} ${path}`, request, status: res.status, body: res.body };
  }

  /** A body with the ids its schema's descriptions say where to find put in (all of them for a list). */
  private async withIds(value: unknown, schema: Schema, known: Record<string, string>): Promise<unknown> {
    const source = sourceIn(schema.description);
    if (source && value !== null && value !== undefined) {
      const values = await this.valuesFrom(source, known);
      if (values.length) return Array.isArray(value) ? values : values[0];
    }
    if (Array.isArray(value) && schema.items) {
      return Promise.all(value.map((item) => this.withIds(item, schema.items, known)));
    }
    if (value && typeof value === 'object' && schema.properties) {
      const object = value as Schema;
      for (const [name, property] of Object.entries(schema.properties as Schema)) {
        if (name in object) object[name] = await this.withIds(object[name], property, known);
      }
    }
    return value;
  }

  /** What the operations a description names answer, the first that answers something; memoised. */
  private async valuesFrom(source: Source | undefined, known: Record<string, string>): Promise<unknown[]> {
    for (const operation of source?.operations ?? []) {
      const [method, path] = operation.split(' ');
      const key = `${method} ${path.replace(/\{(\w+)\}/g, (whole, name: string) => known[name] ?? whole)} ${source!.field}`;
      if (this.running.has(key)) continue;
      if (!this.found.has(key)) {
        this.running.add(key);
        const answer = await this.execute(path, method.toLowerCase(), known);
        this.running.delete(key);
        this.found.set(key, answer.status < 300 ? valuesIn(answer.body?.data, source!.field) : []);
      }
      if (this.found.get(key)!.length) return this.found.get(key)!;
    }
    return [];
  }
}

/**
 * What takes things out of use runs after what uses them (an explorer deactivates a unit after
 * trying a batch of it): deactivations, revocations, deletions; then plan changes; then the
 * company's deletion; then log-out.
 */
function runsLate(path: string, method: string): number {
  if (/log-?out$/.test(path)) return 4;
  if ((path.endsWith('/companies/{id}') && method === 'delete') || path.endsWith('/companies/{id}/delete')) return 3;
  if (/\/(plan|migrate)$/.test(path)) return 2;
  return method === 'delete' || /\/(deactivate|revoke|reverse|clear)$/.test(path) ? 1 : 0;
}

/**
 * A 400 that no document can avoid, each with why: a value only an e-mail carries, the caller's own
 * password, the file a person picks, and a host name the machine cannot resolve when it has no DNS
 * (example.com resolves wherever it has).
 */
const OUTSIDE_THE_DOCUMENT: Array<{ why: string; refusal: RegExp; offlineOnly?: boolean }> = [
  { why: 'the token of the reset e-mail', refusal: /"field":"token","message":"is invalid, used or expired"/ },
  { why: "the caller's own password", refusal: /"field":"current_password","message":"is not the account's password"/ },
  { why: 'the file a person picks for an upload', refusal: /"field":"body","message":"must be multipart\/form-data"/ },
  { why: 'no DNS on this machine', refusal: /"message":"its host does not resolve"/, offlineOnly: true },
];

describe("Swagger UI's first Execute of every operation", () => {
  let t: TestApp;
  let doc: Schema;
  let explorer: TestAccount;

  beforeAll(async () => {
    t = await createTestApp();
    doc = (await t.http.get('/api/docs-json').expect(200)).body;
    explorer = await newAdmin(t.http, t.app.get(DataSource));
    await newCompany(t.http, explorer);
  });
  afterAll(() => t.close());

  it('names where the value of every path parameter and required body reference comes from', async () => {
    const silent: string[] = [];
    const visit = (schema: Schema, where: string, seen: Set<Schema>): void => {
      if (seen.has(schema)) return;
      seen.add(schema);
      for (const [name, property] of Object.entries((schema.properties ?? {}) as Record<string, Schema>)) {
        const reference = property.format === 'uuid' || property.items?.format === 'uuid';
        if (reference && schema.required?.includes(name) && !sourceIn(property.description)) {
          silent.push(`${where} body ${name}`);
        }
        for (const nested of [property, property.items].filter(Boolean)) visit(nested, where, seen);
      }
    };
    for (const [path, item] of Object.entries(doc.paths as Record<string, Schema>)) {
      for (const method of Object.keys(item)) {
        const op = await resolvedOperation(doc, path, method);
        const where = `${method.toUpperCase()} ${path}`;
        for (const parameter of op.parameters ?? []) {
          if (parameter.in === 'path' && !sourceIn(parameter.description)) silent.push(`${where} {${parameter.name}}`);
        }
        const body = op.requestBody?.content?.[JSON_TYPE]?.schema;
        if (body) visit(body, where, new Set());
      }
    }
    expect(silent).toEqual([]);
  });

  it('answers no 400 and no 500 with the pre-filled values and the ids found where the page says', async () => {
    const operations = Object.entries(doc.paths as Record<string, Schema>)
      .flatMap(([path, item]) => Object.keys(item).map((method) => ({ path, method })))
      .sort((a, b) => runsLate(a.path, a.method) - runsLate(b.path, b.method));
    const offline = await lookup('example.com').then(
      () => false,
      () => true,
    );
    const run = new Explorer(t, doc, explorer.token);
    const refused: string[] = [];
    const created = new Map<string, unknown>();
    let listsChecked = false;
    for (const { path, method } of operations) {
      if (!listsChecked && runsLate(path, method) > 0) {
        refused.push(...(await listsShowWhatWasCreated(run, created)));
        listsChecked = true;
      }
      const { where, request, status, body } = await run.execute(path, method);
      if (method === 'post' && status === 201 && body.data?.id) created.set(path, body.data.id);
      const refusal = JSON.stringify(body?.error ?? body);
      const excused = OUTSIDE_THE_DOCUMENT.some(
        (known) => status === 400 && known.refusal.test(refusal) && (offline || !known.offlineOnly),
      );
      if ((status === 400 && !excused) || status === 500) {
        refused.push(`${where} → ${status} ${refusal}\n  sent ${request.url} ${request.body ?? ''}`);
      }
    }
    expect(refused).toEqual([]);
    // Every collection the explorer could create in was checked.
    expect(created.size).toBeGreaterThan(20);
  }, 120_000);

  /**
   * A list's first Execute right after a create shows what was created: no optional filter is
   * pre-filled (Swagger UI fills each from its example, which would narrow the list to nothing).
   */
  async function listsShowWhatWasCreated(run: Explorer, created: Map<string, unknown>): Promise<string[]> {
    const problems: string[] = [];
    for (const [path, id] of created) {
      if (!doc.paths[path].get) continue;
      const { where, request, body } = await run.execute(path, 'get');
      if (!valuesIn(body.data, 'id').includes(id)) {
        problems.push(`${where} does not list the ${String(id)} just created; sent ${request.url}`);
      }
    }
    return problems;
  }
});
