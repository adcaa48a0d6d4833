import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import ts from 'typescript';
import { AppValidationPipe } from '../../src/core/http/validation';
import { buildOpenApiDocument } from '../../src/core/openapi/openapi';
import { exampleBody, operationsOf, requestDtos, Schema } from '../support/openapi-document';
import { createTestApp, TestApp } from '../support/test-app';

/**
 * The OpenAPI document as a product (issue 15, docs/openapi.md): the served document is the
 * committed docs/openapi.json, lints clean with redocly.yaml, generates a typed client that
 * type-checks and works, and every request example it pre-fills passes the server's validation.
 */
const ROOT = join(__dirname, '..', '..');
const COMMITTED = join(ROOT, 'docs', 'openapi.json');
const run = promisify(execFile);
const bin = (name: string) => join(ROOT, 'node_modules', '.bin', name);

/** `docs/openapi.json` as written: stable key order, two-space indent, final newline. */
const serialise = (document: unknown) => `${JSON.stringify(document, null, 2)}\n`;

/** The paths and schema names whose text differs between two documents. */
function differingParts(served: Schema, committed: Schema): string[] {
  const parts = (doc: Schema) =>
    new Map<string, string>([
      ...Object.entries(doc.paths ?? {}).map(([path, item]) => [`path ${path}`, JSON.stringify(item)] as const),
      ...Object.entries(doc.components?.schemas ?? {}).map(
        ([name, schema]) => [`schema ${name}`, JSON.stringify(schema)] as const,
      ),
    ]);
  const [a, b] = [parts(served), parts(committed)];
  const names = [...new Set([...a.keys(), ...b.keys()])].filter((name) => a.get(name) !== b.get(name));
  if (!names.length) return ['(elsewhere: info, tags, components)'];
  return names.length > 8 ? [...names.slice(0, 8), `${names.length - 8} more`] : names;
}

/** Every property name a schema can hold, nested and through references, with where it is declared. */
function propertyNames(doc: Schema, schema: Schema | undefined, seen = new Set<Schema>()): Array<[string, string]> {
  if (!schema || seen.has(schema)) return [];
  seen.add(schema);
  if (schema.$ref) {
    const name = schema.$ref.split('/').pop();
    return propertyNames(doc, doc.components.schemas[name], seen).map(([path, p]) => [`${name}.${path}`, p]);
  }
  const nested = [...(schema.allOf ?? []), ...(schema.oneOf ?? []), ...(schema.anyOf ?? []), schema.items];
  const own = Object.entries((schema.properties ?? {}) as Record<string, Schema>).flatMap(([name, property]) => [
    [name, name] as [string, string],
    ...propertyNames(doc, property, seen).map(([path, p]) => [`${name}.${path}`, p] as [string, string]),
  ]);
  return [...own, ...nested.flatMap((part) => propertyNames(doc, part, seen))];
}

/** What the typed client does: sign up, sign in, an API key, a company, a client, the list. */
const CLIENT_SCRIPT = `
import createClient from 'openapi-fetch';
import type { paths } from './schema';

async function main(baseUrl: string): Promise<void> {
  const api = createClient<paths>({ baseUrl });
  const email = 'typed-' + Date.now() + '@example.com';
  const password = 'correct horse battery';
  const signUp = await api.POST('/api/v1/account/reg', { body: { email, password, name: 'Typed Client' } });
  if (!signUp.data) throw new Error('sign-up: ' + JSON.stringify(signUp.error));
  const login = await api.POST('/api/v1/account/auth', { body: { email, password } });
  if (!login.data) throw new Error('login: ' + JSON.stringify(login.error));
  const session = { Authorization: 'Bearer ' + login.data.data.access_token };
  const key = await api.POST('/api/v1/account/api-keys', { headers: session, body: { name: 'Typed client' } });
  if (!key.data) throw new Error('api key: ' + JSON.stringify(key.error));
  const asKey = { 'X-API-Key': key.data.data.raw_key };
  const company = await api.POST('/api/v1/companies', { headers: asKey, body: { name: 'Typed Client Ltd' } });
  if (!company.data) throw new Error('company: ' + JSON.stringify(company.error));
  const id = company.data.data.id;
  const crm = { params: { path: { id } }, headers: asKey };
  const sources = await api.GET('/api/v1/companies/{id}/modules/crm/sources', crm);
  if (!sources.data) throw new Error('sources: ' + JSON.stringify(sources.error));
  const source_id = sources.data.data.sources[0].id;
  const client = await api.POST('/api/v1/companies/{id}/modules/crm/clients', {
    ...crm,
    body: { first_name: 'Anna', type: 'individual', source_id },
  });
  if (!client.data) throw new Error('client: ' + JSON.stringify(client.error));
  const list = await api.GET('/api/v1/companies/{id}/modules/crm/clients', {
    params: { path: { id }, query: { limit: 10 } },
    headers: asKey,
  });
  if (!list.data) throw new Error('list: ' + JSON.stringify(list.error));
  const names: string[] = list.data.data.clients.map((c) => c.first_name);
  console.log(JSON.stringify({ names, total: list.data.data.pagination.total, quota: list.response.headers.get('x-ratelimit-remaining') }));
}

main(process.argv[2]).catch((error) => {
  console.error(error);
  process.exit(1);
});
`;

describe('OpenAPI document', () => {
  let t: TestApp;
  let doc: Schema;

  beforeAll(async () => {
    t = await createTestApp();
    const served = await t.http.get('/api/docs-json');
    // The service hides why it could not build the document (e.g. clashing operation ids): rebuild it to throw that.
    if (served.status !== 200) buildOpenApiDocument(t.app);
    doc = served.body;
  });

  it('Swagger UI shows the extensions (x-permission) and the operation ids', async () => {
    const init = (await t.http.get('/api/docs/swagger-ui-init.js')).text;
    expect(init).toMatch(/"showExtensions": true/);
    expect(init).toMatch(/"displayOperationId": true/);
  });
  afterAll(() => t.close());

  it('is the committed docs/openapi.json (OPENAPI_WRITE=1, i.e. `npm run openapi:write`, rewrites it)', () => {
    if (process.env.OPENAPI_WRITE) writeFileSync(COMMITTED, serialise(doc));
    const committed = readFileSync(COMMITTED, 'utf8');
    if (committed !== serialise(doc)) {
      throw new Error(
        'The served OpenAPI document differs from docs/openapi.json in ' +
          `${differingParts(doc, JSON.parse(committed)).join(', ')}. ` +
          'Run `npm run openapi:write` and review the diff of docs/openapi.json.',
      );
    }
  });

  it('lints clean with redocly.yaml', async () => {
    const dir = mkdtempSync(join(ROOT, 'node_modules', '.cache-openapi-lint-'));
    try {
      const file = join(dir, 'openapi.json');
      writeFileSync(file, serialise(doc));
      const lint = await run(bin('redocly'), ['lint', file, '--config', join(ROOT, 'redocly.yaml')]).catch(
        (error: { stdout: string; stderr: string }) => {
          throw new Error(`redocly lint failed:\n${error.stdout}\n${error.stderr}`);
        },
      );
      expect(lint.stderr + lint.stdout).toMatch(/Your API description is valid/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('every operation: a method-like id, its access and errors described, the error envelope on each 4xx', () => {
    const problems: string[] = [];
    for (const { where, op } of operationsOf(doc)) {
      if (!/^[a-z]+[A-Z][A-Za-z]*$/.test(op.operationId)) problems.push(`${where}: operationId ${op.operationId}`);
      if (!/\*\*Access:\*\* .+\n\n\*\*Errors:\*\* /.test(op.description)) problems.push(`${where}: description`);
      if (op['x-permission'] && !op.description.includes(`\`${op['x-permission']}\``)) {
        problems.push(`${where}: description does not name ${op['x-permission']}`);
      }
      for (const [status, response] of Object.entries(op.responses as Record<string, Schema>)) {
        const json = response.content?.['application/json'];
        if (status === 'default') problems.push(`${where}: a default response hides undeclared statuses`);
        if (!/^[45]/.test(status)) continue;
        if (json?.schema?.$ref !== '#/components/schemas/ErrorEnvelopeDto') {
          problems.push(`${where}: ${status} without the error envelope`);
        }
        // One example per error code the description names for this status.
        const codes = [...op.description.matchAll(new RegExp(`${status} \`(\\w+)\``, 'g'))].map((m) => m[1]);
        if (codes.length && JSON.stringify(Object.keys(json?.examples ?? {})) !== JSON.stringify(codes)) {
          problems.push(`${where}: ${status} examples ${Object.keys(json?.examples ?? {})} for ${codes}`);
        }
      }
      const isPublic = JSON.stringify(op.security) === '[{}]';
      if (!isPublic && !op.responses['429']?.headers?.['Retry-After']) problems.push(`${where}: 429`);
    }
    expect(problems).toEqual([]);
    expect(doc.tags.every((tag: Schema) => tag.description)).toBe(true);
  });

  it('no answer schema reaches a credential, but for a secret a route reveals once (@RevealsSecret)', () => {
    const problems: string[] = [];
    for (const { where, op } of operationsOf(doc)) {
      // @RevealsSecret declares 409 idempotency_replay_unavailable: its answer shows the secret once.
      const revealsSecret = op.description.includes('`idempotency_replay_unavailable`');
      const credential = revealsSecret ? /_hash$|password/i : /_hash$|password|secret/i;
      for (const [status, response] of Object.entries(op.responses as Record<string, Schema>)) {
        if (!status.startsWith('2')) continue;
        for (const [path, name] of propertyNames(doc, response.content?.['application/json']?.schema)) {
          if (credential.test(name)) problems.push(`${where} ${status}: ${path}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('every body property and required query parameter has an example, no optional one does, and the validation accepts them', async () => {
    const missing: string[] = [];
    for (const { where, op } of operationsOf(doc)) {
      for (const parameter of op.parameters ?? []) {
        if (parameter.in !== 'query') continue;
        const example = parameter.example ?? parameter.schema?.example;
        // Swagger UI pre-fills an optional filter from its example: a list would then show nothing.
        if (parameter.required && example === undefined) missing.push(`${where} ?${parameter.name}`);
        if (!parameter.required && example !== undefined)
          missing.push(`${where} ?${parameter.name}: optional, no example`);
      }
      const body = op.requestBody?.content?.['application/json']?.schema;
      if (body) exampleBody(doc, body, missing);
    }
    expect([...new Set(missing)]).toEqual([]);

    const pipe = new AppValidationPipe();
    const refused: string[] = [];
    const dtos = requestDtos(t);
    expect(dtos.length).toBeGreaterThan(20);
    const byId = new Map(operationsOf(doc).map(({ op }) => [op.operationId, op]));
    for (const { operationId, kind, metatype } of dtos) {
      const op = byId.get(operationId);
      if (!op) {
        refused.push(`${operationId}: no operation has this id`);
        continue;
      }
      // What Swagger UI sends: the body built from the examples, each query parameter's as text.
      const example =
        kind === 'body'
          ? exampleBody(doc, op.requestBody.content['application/json'].schema, [])
          : Object.fromEntries(
              (op.parameters ?? [])
                .filter((p: Schema) => p.in === 'query' && p.example !== undefined)
                .map((p: Schema) => [p.name, String(p.example)]),
            );
      try {
        await pipe.transform(example, { type: kind, metatype });
      } catch (error) {
        const details = JSON.stringify((error as { details?: unknown }).details);
        refused.push(`${operationId} ${kind} ${JSON.stringify(example)}: ${details}`);
      }
    }
    expect(refused).toEqual([]);
  });

  it('generates a typed client (openapi-typescript + openapi-fetch) that type-checks and works', async () => {
    const dir = mkdtempSync(join(ROOT, 'node_modules', '.cache-openapi-client-'));
    try {
      writeFileSync(join(dir, 'openapi.json'), serialise(doc));
      await run(bin('openapi-typescript'), [join(dir, 'openapi.json'), '--output', join(dir, 'schema.d.ts')]);
      const script = join(dir, 'client.ts');
      writeFileSync(script, CLIENT_SCRIPT);
      const options: ts.CompilerOptions = {
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.Node16,
        moduleResolution: ts.ModuleResolutionKind.Node16,
        esModuleInterop: true,
        types: ['node'],
        typeRoots: [join(ROOT, 'node_modules', '@types')],
      };
      const diagnostics = ts.getPreEmitDiagnostics(ts.createProgram([script], options));
      const host = { getCanonicalFileName: (f: string) => f, getCurrentDirectory: () => dir, getNewLine: () => '\n' };
      expect(ts.formatDiagnostics(diagnostics, host)).toBe('');

      const js = ts.transpileModule(CLIENT_SCRIPT, {
        compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true },
      });
      writeFileSync(join(dir, 'client.js'), js.outputText);
      await t.app.listen(0, '127.0.0.1');
      const { port } = (t.app.getHttpServer() as Server).address() as AddressInfo;
      const { stdout } = await run(process.execPath, [join(dir, 'client.js'), `http://127.0.0.1:${port}`]);
      expect(JSON.parse(stdout)).toEqual({ names: ['Anna'], total: 1, quota: expect.stringMatching(/^\d+$/) });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
