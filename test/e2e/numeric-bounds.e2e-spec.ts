import { AppValidationPipe } from '../../src/core/http/validation';
import { expectError } from '../support/expectations';
import { newAccount, newCompany } from '../support/factories';
import { exampleBody, operationsOf, requestDtos, Schema } from '../support/openapi-document';
import { createTestApp, TestApp } from '../support/test-app';
import { fm } from '../support/urls';

/** A numeric field of a request: where it is in the body (or which query parameter) and its schema. */
interface NumericField {
  operationId: string;
  kind: 'body' | 'query';
  path: Array<string | number>;
  schema: Schema;
}

const resolve = (doc: Schema, schema: Schema): Schema =>
  schema.$ref ? resolve(doc, doc.components.schemas[schema.$ref.split('/').pop()]) : schema;

/** Every number or integer property of a body schema, nested objects and array items included. */
function numericProperties(doc: Schema, schema: Schema, path: Array<string | number> = []): NumericField['path'][] {
  const resolved = resolve(doc, schema);
  if (resolved.allOf) return resolved.allOf.flatMap((part: Schema) => numericProperties(doc, part, path));
  if (resolved.type === 'number' || resolved.type === 'integer') return [path];
  if (resolved.type === 'array' && resolved.items) return numericProperties(doc, resolved.items, [...path, 0]);
  return Object.entries((resolved.properties ?? {}) as Record<string, Schema>).flatMap(([name, property]) =>
    numericProperties(doc, property, [...path, name]),
  );
}

function schemaAt(doc: Schema, schema: Schema, path: NumericField['path']): Schema {
  let at = resolve(doc, schema);
  for (const step of path) {
    if (at.allOf) at = Object.assign({}, ...at.allOf.map((part: Schema) => resolve(doc, part)));
    at = resolve(doc, typeof step === 'number' ? at.items : at.properties[step]);
  }
  return at;
}

/**
 * `body` with `value` at `path`. An amount whose decimals follow a sibling `currency` is tried in
 * an 8-decimal one (BTC): the document states the bounds of the widest currency.
 */
function withValue(body: unknown, path: NumericField['path'], value: number): unknown {
  const copy = structuredClone(body) as Record<string | number, any>;
  let at = copy;
  for (const step of path.slice(0, -1)) at = at[step];
  at[path[path.length - 1]] = value;
  if ('currency' in at) at.currency = 'BTC';
  return copy;
}

/** The field's first value past `bound` (upwards or downwards) a JSON number can state in 15 digits. */
function beyond(schema: Schema, bound: number, direction: 1 | -1): number {
  let step = schema.type === 'integer' ? 1 : (schema.multipleOf ?? 1e-8);
  for (;;) {
    const next = Number((bound + direction * step).toPrecision(15));
    if (next !== bound) return next;
    step *= 10;
  }
}

describe('Numbers within their columns (CONTRACT 20)', () => {
  let t: TestApp;
  let doc: Schema;

  beforeAll(async () => {
    t = await createTestApp();
    doc = (await t.http.get('/api/docs-json')).body;
  });
  afterAll(() => t.close());

  it('every numeric field of the document states its bounds, and the validation takes the bound and refuses the next value', async () => {
    const byId = new Map(operationsOf(doc).map(({ op }) => [op.operationId, op]));
    const fields: Array<NumericField & { metatype: Parameters<AppValidationPipe['transform']>[1]['metatype'] }> = [];
    for (const { operationId, kind, metatype } of requestDtos(t)) {
      const op = byId.get(operationId)!;
      if (kind === 'body') {
        const body = op.requestBody.content['application/json'].schema;
        for (const path of numericProperties(doc, body))
          fields.push({ operationId, kind, path, schema: schemaAt(doc, body, path), metatype });
      } else {
        for (const parameter of op.parameters ?? []) {
          if (parameter.in === 'query' && ['number', 'integer'].includes(parameter.schema?.type))
            fields.push({ operationId, kind, path: [parameter.name], schema: parameter.schema, metatype });
        }
      }
    }

    const pipe = new AppValidationPipe();
    const problems: string[] = [];
    const verdict = async (field: (typeof fields)[number], value: number): Promise<string[]> => {
      const op = byId.get(field.operationId)!;
      const input =
        field.kind === 'body'
          ? withValue(exampleBody(doc, op.requestBody.content['application/json'].schema, []), field.path, value)
          : { [field.path[0]]: String(value) };
      try {
        await pipe.transform(input, { type: field.kind, metatype: field.metatype });
        return [];
      } catch (error) {
        return ((error as { details?: Array<{ field: string }> }).details ?? []).map((detail) => detail.field);
      }
    };
    for (const field of fields) {
      const name = field.path.join('.');
      const where = `${field.operationId} ${field.kind} ${name}`;
      const { minimum, maximum } = field.schema;
      if (typeof minimum !== 'number' || typeof maximum !== 'number') {
        problems.push(`${where}: states no minimum or maximum`);
        continue;
      }
      for (const [bound, direction] of [
        [maximum, 1],
        [minimum, -1],
      ] as const) {
        const taken = await verdict(field, bound);
        if (taken.length) problems.push(`${where}: refuses its bound ${bound} (${taken.join(', ')})`);
        const next = beyond(field.schema, bound, direction);
        if (!(await verdict(field, next)).includes(name)) problems.push(`${where}: takes ${next}, past ${bound}`);
      }
    }
    expect(problems).toEqual([]);
    // The count the closing note of issue 39 reports.
    process.stdout.write(`numeric fields checked: ${fields.length}\n`);
    expect(fields.length).toBeGreaterThan(15);
  });

  it('1e20 as a finance amount is 400 validation_failed naming base_amount, not a 500', async () => {
    const owner = await newAccount(t.http, 'bounds');
    const company = await newCompany(t.http, owner);
    const res = await t.http
      .post(`${fm(company.id)}/transactions`)
      .set(owner.auth)
      .send({ base_amount: 1e20, currency: 'RUB', direction: 'income' });
    const { error } = expectError(res, 400, 'validation_failed');
    expect(error.details).toEqual([{ field: 'base_amount', message: 'must be at most 999999999999999' }]);
  });
});
