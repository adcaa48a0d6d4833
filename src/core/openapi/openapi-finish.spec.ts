import type { OpenAPIObject } from '@nestjs/swagger';
import { finishOpenApiDocument } from './openapi-finish';
import { operationIdOf } from './operation-ids';

const document = (paths: OpenAPIObject['paths']): OpenAPIObject => ({
  openapi: '3.0.0',
  info: { title: 't', version: '1' },
  paths,
  components: { schemas: {} },
});

describe('operationIdOf', () => {
  it('keeps verb-and-noun handler names and gives bare verbs the resource', () => {
    expect(operationIdOf('ClientsController', 'list')).toBe('listClients');
    expect(operationIdOf('ClientsController', 'get')).toBe('getClient');
    expect(operationIdOf('CompaniesController', 'create')).toBe('createCompany');
    expect(operationIdOf('CurrenciesController', 'list')).toBe('listCurrencies');
    expect(operationIdOf('AnalysisController', 'summary')).toBe('summaryAnalysis');
    expect(operationIdOf('CompaniesController', 'listMyCompanies')).toBe('listMyCompanies');
  });

  it('makes plurals in -es singular: statuses, addresses, boxes, batches', () => {
    expect(operationIdOf('DealStatusesController', 'get')).toBe('getDealStatus');
    expect(operationIdOf('AddressesController', 'get')).toBe('getAddress');
    expect(operationIdOf('BoxesController', 'get')).toBe('getBox');
    expect(operationIdOf('StockBatchesController', 'get')).toBe('getStockBatch');
    expect(operationIdOf('TypesController', 'get')).toBe('getType');
  });
});

describe('finishOpenApiDocument', () => {
  it('refuses two operations with one id, naming both', () => {
    const op = { operationId: 'listItems', responses: {} };
    expect(() => finishOpenApiDocument(document({ '/a': { get: op }, '/b': { get: { ...op } } }))).toThrow(
      'OpenAPI operation id "listItems" names both GET /a and GET /b',
    );
  });

  it('derives access, errors and quota headers, and leaves its input as it was', () => {
    const op = {
      operationId: 'createItem',
      'x-permission': 'items.create',
      parameters: [{ name: 'id', in: 'path' as const, required: true, schema: { type: 'string' } }],
      requestBody: { content: { 'application/json': { schema: { type: 'object' } } } },
      responses: { '201': { description: '' } },
    };
    const input = document({ '/api/v1/companies/{id}/items': { post: op } });
    const before = JSON.stringify(input);
    const finished = finishOpenApiDocument(input).paths['/api/v1/companies/{id}/items'].post!;
    expect(JSON.stringify(input)).toBe(before);
    expect(finished.description).toBe(
      '**Access:** permission `items.create`.\n\n**Errors:** 400 `validation_failed`, 401 `unauthorized`, ' +
        '403 `forbidden`, 403 `plan_required`, 404 `not_found`, 409 `limit_exceeded`, 409 `idempotency_in_progress`, ' +
        '409 `conflict`, 413 `payload_too_large`, 422 `idempotency_key_reused`, 429 `rate_limited`, ' +
        '503 `service_unavailable`.',
    );
    // No `default`: a 500 is a defect, and every status the operation can answer is declared.
    expect(Object.keys(finished.responses).sort()).toEqual(
      ['201', '400', '401', '403', '404', '409', '413', '422', '429', '503'].sort(),
    );
    expect(Object.keys((finished.responses['409'] as any).content['application/json'].examples)).toEqual([
      'limit_exceeded',
      'idempotency_in_progress',
      'conflict',
    ]);
    // Every POST and PATCH with a credential takes Idempotency-Key (CONTRACT 18).
    expect(finished.parameters).toContainEqual({ $ref: '#/components/parameters/Idempotency-Key' });
    expect(Object.keys((finished.responses['429'] as any).headers)).toContain('Retry-After');
    expect(Object.keys((finished.responses['201'] as any).headers)).toContain('X-RateLimit-Remaining');
  });

  it("declares what the handler can throw, with its message as the example, and 'Created' for a 201", () => {
    const op = {
      operationId: 'logIn',
      security: [{}],
      requestBody: { content: { 'application/json': { schema: { type: 'object' } } } },
      responses: {
        '201': {
          description: '',
          content: {
            'application/json': {
              schema: { allOf: [{ $ref: '#/components/schemas/SuccessEnvelopeDto' }, { properties: { data: {} } }] },
            },
          },
        },
      },
    };
    const finished = finishOpenApiDocument(
      document({ '/api/v1/account/auth': { post: op } }),
      new Map([['logIn', 'AuthController.logIn']]),
    ).paths['/api/v1/account/auth'].post!;
    const unauthorized = (finished.responses['401'] as any).content['application/json'].examples.unauthorized;
    expect(unauthorized.value).toMatchObject({ message: 'Wrong e-mail or password', error: { code: 'unauthorized' } });
    expect((finished.responses['400'] as any).content['application/json'].examples.validation_failed).toEqual({
      $ref: '#/components/examples/validation_failed',
    });
    const success = (finished.responses['201'] as any).content['application/json'].schema.allOf[1];
    expect(success.properties.message).toEqual({ type: 'string', example: 'Created' });
  });

  it('expresses a nullable reference and a nullable enum so that OpenAPI 3.0 validators accept null', () => {
    const input = document({});
    input.components!.schemas = {
      Deal: {
        type: 'object',
        properties: {
          client: { nullable: true, type: 'object', allOf: [{ $ref: '#/components/schemas/Client' }] },
          kind: { type: 'string', nullable: true, enum: ['a', 'b'] },
        },
      },
    };
    const deal = finishOpenApiDocument(input).components!.schemas!.Deal as any;
    expect(deal.properties.client).toEqual({
      oneOf: [{ $ref: '#/components/schemas/Client' }, { type: 'object', nullable: true, enum: [null] }],
    });
    expect(deal.properties.kind.enum).toEqual(['a', 'b', null]);
  });
});

describe("Swagger UI's pre-filled values (request-examples.ts, parameter-descriptions.ts)", () => {
  const finished = () => {
    const input = document({
      '/api/v1/companies': { post: { operationId: 'createCompany', responses: {} } },
      '/api/v1/companies/{id}/items': {
        get: {
          operationId: 'listItems',
          parameters: [
            { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
            {
              name: 'search',
              in: 'query',
              required: false,
              example: 'anna',
              schema: { type: 'string', example: 'anna' },
            },
            { name: 'status', in: 'query', required: false, schema: { type: 'string', enum: ['active', 'inactive'] } },
            { name: 'group_by', in: 'query', required: true, schema: { type: 'string', enum: ['day', 'month'] } },
          ],
          responses: {},
        },
        post: {
          operationId: 'createItem',
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/CreateItemDto' } } } },
          responses: {},
        },
      },
      '/api/v1/companies/{id}/items/{itemId}': {
        get: {
          operationId: 'getItem',
          parameters: [
            { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
            { name: 'itemId', in: 'path', required: true, schema: { type: 'string' } },
          ],
          responses: {},
        },
      },
    });
    input.components!.schemas = {
      CreateItemDto: {
        type: 'object',
        required: ['name', 'unit_id'],
        properties: {
          name: { type: 'string', example: 'Paper' },
          unit_id: { type: 'string', format: 'uuid' },
          parent_id: { type: 'string', format: 'uuid', nullable: true },
          owner_id: { type: 'string', format: 'uuid' },
          ends_at: { type: 'string' },
        },
      },
    };
    return finishOpenApiDocument(input);
  };

  it('pre-fills no optional query parameter, a written example moving into the description', () => {
    const [, search, status, groupBy] = finished().paths['/api/v1/companies/{id}/items'].get!.parameters as any[];
    expect(search).toEqual({
      name: 'search',
      in: 'query',
      required: false,
      description: 'For example `anna`.',
      schema: { type: 'string' },
    });
    expect(status.example).toBeUndefined();
    expect(groupBy.example).toBe('day');
  });

  it('gives optional references null or leaves them out, with what has no example', () => {
    const schema = finished().components!.schemas!.CreateItemDto as any;
    expect(schema.properties.parent_id.example).toBeNull();
    expect(schema.properties.owner_id.example).toBeUndefined();
    expect(schema.example).toEqual({
      name: 'Paper',
      unit_id: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
      parent_id: null,
    });
  });

  it('says where each path parameter comes from', () => {
    const [id, itemId] = finished().paths['/api/v1/companies/{id}/items/{itemId}'].get!.parameters as any[];
    expect(id.description).toBe("The company's `id`, from `GET /api/v1/companies/my` or `POST /api/v1/companies`.");
    expect(itemId.description).toBe(
      "The item's `id`, from `GET /api/v1/companies/{id}/items` or `POST /api/v1/companies/{id}/items`.",
    );
  });
});
