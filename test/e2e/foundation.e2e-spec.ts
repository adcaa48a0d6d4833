import { Controller, Get, Body } from '@nestjs/common';
import { Post } from '../../src/core/http/verbs';
import { IsString } from 'class-validator';
import { Public } from '../../src/core/auth/auth.decorators';
import { createTestApp, TestApp } from '../support/test-app';
import { expectError, expectPage, expectSuccess, TIMESTAMP } from '../support/expectations';

class EchoDto {
  @IsString()
  name: string;
}

/** Routes that exist only in this test: a guarded one, a validated one and one that fails. */
@Controller('test-only')
class TestOnlyController {
  @Get('guarded')
  guarded() {
    return { reached: true };
  }

  @Public()
  @Post('echo')
  echo(@Body() body: EchoDto) {
    return body;
  }

  @Public()
  @Get('explode')
  explode() {
    throw new Error('relation "secret_table" does not exist; password=hunter2 at /srv/app/src/secret.ts:42');
  }
}

describe('Foundation: HTTP contract and public endpoints', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp([TestOnlyController]);
  });
  afterAll(() => t.close());

  describe('public endpoints', () => {
    it('lists at least three plans in RUB, cheapest first (the highest lvl: lvl 1 is the richest)', async () => {
      const { items, pagination } = expectPage(await t.http.get('/api/v1/plans'), 'plans');
      expect(items.length).toBeGreaterThanOrEqual(3);
      expect(pagination).toMatchObject({ page: 1, limit: 20, total: items.length, pages: 1, total_exact: true });
      for (const plan of items) {
        expect(plan).toEqual({
          code: expect.any(String),
          lvl: expect.any(Number),
          price_per_month: expect.any(Number),
          price_per_year: expect.any(Number),
          price_currency: 'RUB',
          name: expect.any(String),
          description: expect.any(String),
          limit_db_mb: expect.any(Number),
          limit_objects_mb: expect.any(Number),
          limit_objects_count: expect.any(Number),
          created_at: expect.stringMatching(TIMESTAMP),
          updated_at: expect.stringMatching(TIMESTAMP),
        });
      }
      const levels = items.map((p) => p.lvl);
      expect(levels).toEqual([...levels].sort((a, b) => b - a));
      expect(new Set(levels).size).toBe(levels.length);
    });

    it('pages the plan list', async () => {
      const { items, pagination } = expectPage(await t.http.get('/api/v1/plans?page=2&limit=1'), 'plans');
      expect(items).toHaveLength(1);
      expect(items[0].lvl).toBe(2);
      expect(pagination).toMatchObject({ page: 2, limit: 1, pages: pagination.total });
    });

    it('gets one plan by code and answers 404 for an unknown one', async () => {
      const plan = expectSuccess(await t.http.get('/api/v1/plans/business'));
      expect(plan).toMatchObject({ code: 'business', lvl: 2 });
      expectError(await t.http.get('/api/v1/plans/no-such-plan'), 404, 'not_found');
    });

    it('lists the whole permission catalog, each code once', async () => {
      const permissions = expectSuccess(await t.http.get('/api/v1/permissions'));
      expect(Array.isArray(permissions)).toBe(true);
      const codes = permissions.map((p: { code: string }) => p.code);
      expect(new Set(codes).size).toBe(codes.length);
      expect(codes).toEqual(expect.arrayContaining(['company.summary', 'crm.clients', 'logs.clear', 'hrm.report']));
      expect(permissions.find((p: { code: string }) => p.code === 'logs.clear')).toEqual({
        code: 'logs.clear',
        lvl: 3,
        criticality: 10,
        allow_expired: false,
      });
      expect(permissions.find((p: { code: string }) => p.code === 'crm.clients')).toMatchObject({ lvl: 2 });
    });

    it('answers the probes and the status', async () => {
      expect(expectSuccess(await t.http.get('/api/v1/health/live'))).toEqual({ status: 'ok' });
      expect(expectSuccess(await t.http.get('/api/v1/health/ready'))).toEqual({ database: 'up', storage: 'up' });
      const status = expectSuccess(await t.http.get('/api/v1/status'));
      expect(status).toEqual({
        version: '1.5.30',
        uptime_s: expect.any(Number),
        started_at: expect.stringMatching(TIMESTAMP),
      });
    });
  });

  describe('request id', () => {
    it('echoes a well-formed X-Request-Id in the header and meta', async () => {
      const res = await t.http.get('/api/v1/status').set('X-Request-Id', 'client-abc.123_x');
      expect(res.headers['x-request-id']).toBe('client-abc.123_x');
      expect(res.body.meta.request_id).toBe('client-abc.123_x');
    });

    it('replaces a malformed X-Request-Id with a fresh UUID', async () => {
      const res = await t.http.get('/api/v1/status').set('X-Request-Id', 'bad id with spaces');
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.body.meta.request_id).toBe(res.headers['x-request-id']);
      const tooLong = await t.http.get('/api/v1/status').set('X-Request-Id', 'a'.repeat(129));
      expect(tooLong.headers['x-request-id']).not.toBe('a'.repeat(129));
    });
  });

  it('sends no ETag: every envelope differs by its timestamp and request id, so none would match', async () => {
    const res = await t.http.get('/api/v1/status');
    expect(res.status).toBe(200);
    expect(res.headers.etag).toBeUndefined();
  });

  describe('errors in the envelope', () => {
    it('404 for an unknown route', async () => {
      const body = expectError(await t.http.get('/api/v1/no/such/route'), 404, 'not_found');
      expect(body.meta.path).toBe('/api/v1/no/such/route');
    });

    it('401 on a guarded route without a credential', async () => {
      expectError(await t.http.get('/api/v1/test-only/guarded'), 401, 'unauthorized');
    });

    it('400 with details for an unknown body field and for a wrong type', async () => {
      const unknown = expectError(
        await t.http.post('/api/v1/test-only/echo').send({ name: 'a', extra: 1 }),
        400,
        'validation_failed',
      );
      expect(unknown.error.details).toEqual([{ field: 'extra', message: expect.any(String) }]);
      const wrongType = expectError(
        await t.http.post('/api/v1/test-only/echo').send({ name: 5 }),
        400,
        'validation_failed',
      );
      expect(wrongType.error.details).toEqual([{ field: 'name', message: 'must be a string' }]);
    });

    it('400 for a body that is not a JSON object', async () => {
      expectError(await t.http.post('/api/v1/test-only/echo').send([{ name: 'a' }]), 400, 'validation_failed');
    });

    it('400 for malformed JSON', async () => {
      const body = expectError(
        await t.http.post('/api/v1/test-only/echo').set('Content-Type', 'application/json').send('{"name": '),
        400,
        'validation_failed',
      );
      expect(body.error.details).toEqual([{ field: 'body', message: 'must be valid JSON' }]);
    });

    it('400, not a crash, for JSON nested deeper than 32 levels', async () => {
      const deep = '{"name": "x", "a": '.repeat(1) + '{"a":'.repeat(5000) + '1' + '}'.repeat(5001);
      const body = expectError(
        await t.http.post('/api/v1/test-only/echo').set('Content-Type', 'application/json').send(deep),
        400,
        'validation_failed',
      );
      expect(body.error.details).toEqual([{ field: 'body', message: expect.stringContaining('32') }]);
    });

    it('400 for a body sent to an operation that takes none', async () => {
      const body = expectError(await t.http.get('/api/v1/test-only/guarded').send({ x: 1 }), 401, 'unauthorized');
      expect(body.error.code).toBe('unauthorized');
      const refused = expectError(await t.http.get('/api/v1/status').send({ x: 1, y: 2 }), 400, 'validation_failed');
      expect(refused.error.details.map((d: { field: string }) => d.field)).toEqual(['x', 'y']);
      expectSuccess(await t.http.get('/api/v1/status').send({}));
    });

    it('413 for a body over 1 MiB', async () => {
      const res = await t.http.post('/api/v1/test-only/echo').send({ name: 'x'.repeat(1024 * 1024 + 1) });
      expectError(res, 413, 'payload_too_large');
    });

    it('accepts a body just under 1 MiB', async () => {
      const res = await t.http.post('/api/v1/test-only/echo').send({ name: 'x'.repeat(1024 * 1024 - 100) });
      expectSuccess(res, 201);
    });

    it.each(['page=0', 'page=abc', 'limit=0', 'limit=101', 'limit=1.5', 'page=-1'])(
      '400 for bad pagination %s',
      async (query) => {
        const body = expectError(await t.http.get(`/api/v1/plans?${query}`), 400, 'validation_failed');
        expect(body.error.details[0].field).toBe(query.split('=')[0]);
      },
    );

    it('refuses unknown query parameters, naming each (CONTRACT 1)', async () => {
      const res = expectError(await t.http.get('/api/v1/plans?unknown=1&limit=5&other=2'), 400, 'validation_failed');
      expect(res.error.details).toEqual([
        { field: 'unknown', message: 'is not a known query parameter' },
        { field: 'other', message: 'is not a known query parameter' },
      ]);
      expect(expectPage(await t.http.get('/api/v1/plans?limit=5'), 'plans').pagination.limit).toBe(5);
    });

    it('a forced 500 leaks no stack, SQL or secret', async () => {
      const res = await t.http.get('/api/v1/test-only/explode');
      const body = expectError(res, 500, 'internal_error');
      expect(body.message).toBe('Internal server error');
      const text = JSON.stringify(body);
      for (const leak of ['secret_table', 'hunter2', 'secret.ts', 'relation', 'at ']) expect(text).not.toContain(leak);
    });
  });

  describe('OpenAPI', () => {
    it('serves Swagger UI and the document with both security schemes', async () => {
      const ui = await t.http.get('/api/docs/');
      expect(ui.status).toBe(200);
      expect(ui.text).toContain('swagger-ui');
      // Its scripts load from this origin, allowed by the CSP, which must not force https.
      expect(ui.text).toMatch(/<script src="\.\/swagger-ui-init\.js">/);
      expect(ui.headers['content-security-policy']).toContain("script-src 'self'");
      expect(ui.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
      expect((await t.http.get('/api/docs/swagger-ui-init.js')).status).toBe(200);
      const doc = (await t.http.get('/api/docs-json')).body;
      expect(doc.openapi).toMatch(/^3\./);
      expect(doc.info.version).toBe('1.5.30');
      expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['api-key', 'bearer']);
      expect(doc.paths['/api/v1/plans'].get.security).toEqual([{}]);
      const planSchema = doc.components.schemas.PricingPlanDto;
      expect(planSchema.properties.limit_db_mb).toMatchObject({ type: 'number' });
      const ok = doc.paths['/api/v1/plans/{code}'].get.responses['200'].content['application/json'].schema;
      expect(ok.allOf[0].$ref).toBe('#/components/schemas/SuccessEnvelopeDto');
    });
  });
});
