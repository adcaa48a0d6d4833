import { DocsRepository } from '../../src/modules/companies/modules/docs/docs.repository';
import { randomUUID } from 'node:crypto';
import { Body, Controller, Get, Param } from '@nestjs/common';
import { Post, Patch } from '../../src/core/http/verbs';
import { ApiParam } from '@nestjs/swagger';
import { IsString } from 'class-validator';
import { DataSource } from 'typeorm';
import { CompanyResources, RequirePermission } from '../../src/core/access/company-route.decorators';
import { AuditRepository } from '../../src/core/audit/audit.repository';
import { sql } from '../../src/database/sql';
import { CompaniesRepository } from '../../src/modules/companies/companies/companies.repository';
import { PositionEntity } from '../../src/modules/companies/modules/hrm/positions/position.entity';
import { PERMISSION_CODES } from '../../src/vocabulary';
import {
  addMember,
  invite,
  joinByInvitation,
  newAccount,
  newApiKey,
  newCompany,
  setPlan,
  TestAccount,
} from '../support/factories';
import { newCategory, newUnit } from '../support/warehouse';
import { createTestApp, TestApp } from '../support/test-app';
import { expectError, expectSuccess } from '../support/expectations';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const DAY = 86400_000;

class NameDto {
  @IsString()
  name: string;
}

/**
 * Company routes that exist only in this test, to exercise the guard on codes of every kind
 * (handler names are operation ids: they must not be those of real routes).
 */
@CompanyResources({ positionId: PositionEntity })
@Controller('companies/:id/test-only')
class TestCompanyController {
  @Patch('positions/:positionId')
  @ApiParam({ name: 'positionId', description: 'A position of the company (test-only route).' })
  @RequirePermission('hrm.positions.update')
  updateTestPosition(@Param('positionId') positionId: string, @Body() body: NameDto) {
    return { id: positionId, ...body };
  }

  @Post('crm')
  @RequirePermission('crm.clients.create')
  createTestClient() {
    return { created: true };
  }

  @Get('logs')
  @RequirePermission('logs')
  readLogs() {
    return { read: true };
  }
}

interface Operation {
  method: string;
  path: string;
  permission: string | null;
  /** `x-credential`: the credential kind the route needs (CONTRACT 20). */
  credential: string | null;
}

describe('Access control', () => {
  let t: TestApp;
  let db: DataSource;
  let operations: Operation[];

  beforeAll(async () => {
    t = await createTestApp([TestCompanyController]);
    db = t.app.get(DataSource);
    const doc = (await t.http.get('/api/docs-json')).body;
    operations = Object.entries(doc.paths as Record<string, Record<string, any>>).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({
        method: method.toUpperCase(),
        path,
        permission: op['x-permission']
          ? [op['x-permission'], op['x-admin-access'] && `(administrators: ${op['x-admin-access']})`]
              .filter(Boolean)
              .join(' ')
          : null,
        credential: op['x-credential'] ?? null,
        security: op.security,
      })),
    );
  });
  afterAll(() => t.close());

  const companyOperations = () =>
    operations.filter((op) => op.path.startsWith('/api/v1/companies/{id}') && !op.path.includes('test-only'));
  const fill = (path: string, companyId: string, other = UNKNOWN) =>
    path.replace('{id}', companyId).replace(/\{\w+\}/g, other);
  const call = (op: Operation, url: string, who: TestAccount) =>
    (t.http as any)[op.method.toLowerCase()](url).set(who.auth).send({});

  it('snapshot: who may call what (a change here is a change of access rules)', () => {
    const table = operations
      .filter((op) => !op.path.includes('test-only'))
      .map((op) => {
        const isPublic = JSON.stringify((op as any).security) === '[{}]';
        const access =
          op.permission ??
          (isPublic ? 'public' : op.path.startsWith('/api/v1/companies/{id}') ? 'any member' : 'authenticated');
        const credential = op.credential ? ` (${op.credential} session)` : '';
        return `${op.method.padEnd(6)} ${op.path}  →  ${access}${credential}`;
      })
      .sort();
    expect(table).toMatchSnapshot();
  });

  it('the codes routes may declare are exactly the seeded catalog', async () => {
    const catalog = expectSuccess(await t.http.get('/api/v1/permissions')).map((p: { code: string }) => p.code);
    expect([...PERMISSION_CODES].sort()).toEqual([...catalog].sort());
  });

  it('every path parameter is declared in the OpenAPI document', async () => {
    const doc = (await t.http.get('/api/docs-json')).body;
    for (const [path, methods] of Object.entries(doc.paths as Record<string, Record<string, any>>)) {
      const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      for (const [method, op] of Object.entries(methods)) {
        const declared = (op.parameters ?? [])
          .filter((p: any) => p.in === 'path')
          .map((p: any) => p.name)
          .sort();
        expect([method, path, declared]).toEqual([method, path, inPath]);
      }
    }
  });

  it('every company route answers 404 to a caller who is not a member, whatever they hold elsewhere', async () => {
    const owner = await newAccount(t.http, 'walkowner');
    const outsider = await newAccount(t.http, 'walkoutsider');
    const company = await newCompany(t.http, owner);
    await newCompany(t.http, outsider);
    expect(companyOperations().length).toBeGreaterThan(10);
    for (const op of companyOperations()) {
      const res = await call(op, fill(op.path, company.id), outsider);
      if (res.status !== 404) throw new Error(`${op.method} ${op.path} answered ${res.status} to an outsider`);
      expectError(res, 404, 'not_found');
      const unknownCompany = await call(op, fill(op.path, UNKNOWN), owner);
      expect([op.method, op.path, unknownCompany.status]).toEqual([op.method, op.path, 404]);
    }
  });

  it('every company route answers 400 for a malformed company id', async () => {
    const owner = await newAccount(t.http, 'walkmalformed');
    for (const op of companyOperations()) {
      const res = await call(op, fill(op.path, 'not-a-uuid'), owner);
      expect([op.method, op.path, res.status]).toEqual([op.method, op.path, 400]);
      expect(res.body.error.details).toEqual(expect.arrayContaining([{ field: 'id', message: 'must be a UUID' }]));
    }
  });

  it('every company route needs a credential', async () => {
    for (const op of companyOperations()) {
      const res = await (t.http as any)[op.method.toLowerCase()](fill(op.path, UNKNOWN)).send({});
      expect([op.method, op.path, res.status]).toEqual([op.method, op.path, 401]);
    }
  });

  describe('every x-permission, refused', () => {
    /** One ticket per company for the walk, so that `messageId` is a message of `ticketId`. */
    const walkTickets = new Map<string, Promise<{ id: string; last_message: { id: string } }>>();
    const openWalkTicket = (companyId: string, owner: TestAccount) => {
      if (!walkTickets.has(companyId)) {
        const url = `/api/v1/companies/${companyId}/modules/support/tickets`;
        const body = { theme: 'consultation', text: 'Walk' };
        walkTickets.set(
          companyId,
          t.http
            .post(url)
            .set(owner.auth)
            .send(body)
            .then((res) => expectSuccess(res, 201)),
        );
      }
      return walkTickets.get(companyId)!;
    };

    /** An income batch of one position, for the stock routes' path parameters. */
    const walkIncome = async (companyId: string, owner: TestAccount) => {
      const unit = await newUnit(t.http, owner, companyId);
      const body = { direction: 'income', positions: [{ unit_id: unit.id, quantity: 1 }] };
      const url = `/api/v1/companies/${companyId}/modules/wm/stocks/batches`;
      return expectSuccess(await t.http.post(url).set(owner.auth).send(body), 201);
    };

    /**
     * A row of the company for each path parameter the guard checks (CompanyResources): without
     * one, the walk would stop at 404. A new module's resource parameter needs a line here; a
     * parameter name two modules share is keyed `<param> <module path>` (`categoryId fm/`, or
     * `transactionId pricing/` for a path right under the company).
     */
    const RESOURCE_FIXTURES: Record<string, (companyId: string, owner: TestAccount) => Promise<string>> = {
      sourceId: async (companyId, owner) =>
        expectSuccess(await t.http.get(`/api/v1/companies/${companyId}/modules/crm/sources`).set(owner.auth)).sources[0]
          .id,
      clientId: async (companyId, owner) => {
        const sourceId = await RESOURCE_FIXTURES.sourceId(companyId, owner);
        const body = { first_name: 'Walk', type: 'individual', source_id: sourceId };
        const url = `/api/v1/companies/${companyId}/modules/crm/clients`;
        return expectSuccess(await t.http.post(url).set(owner.auth).send(body), 201).id;
      },
      docId: async (companyId) =>
        (await t.app.get(DocsRepository).create(companyId, { object_path: 'hrm/report/x.pdf' })).id,
      employeeId: async (companyId, owner) => {
        const url = `/api/v1/companies/${companyId}/modules/hrm/employees`;
        return expectSuccess(await t.http.post(url).set(owner.auth).send({ first_name: 'Walk' }), 201).id;
      },
      positionId: async (companyId, owner) => {
        const url = `/api/v1/companies/${companyId}/modules/hrm/positions`;
        return expectSuccess(await t.http.post(url).set(owner.auth).send({ name: 'Walk' }), 201).id;
      },
      'categoryId wm/': async (companyId, owner) => (await newCategory(t.http, owner, companyId)).id,
      unitId: async (companyId, owner) => (await newUnit(t.http, owner, companyId)).id,
      batchId: async (companyId, owner) => (await walkIncome(companyId, owner)).id,
      'positionId wm/': async (companyId, owner) => (await walkIncome(companyId, owner)).positions[0].id,
      counterpartyId: async (companyId, owner) => {
        const url = `/api/v1/companies/${companyId}/modules/cpm/counterparties`;
        return expectSuccess(await t.http.post(url).set(owner.auth).send({ name: 'Walk', type: 'bank' }), 201).id;
      },
      'categoryId fm/': async (companyId, owner) => {
        const url = `/api/v1/companies/${companyId}/modules/fm/transactions/categories`;
        return expectSuccess(await t.http.post(url).set(owner.auth).send({ name: 'Walk', direction: 'income' }), 201)
          .id;
      },
      transactionId: async (companyId, owner) => {
        const url = `/api/v1/companies/${companyId}/modules/fm/transactions`;
        const body = { base_amount: 1, currency: 'RUB', direction: 'income' };
        return expectSuccess(await t.http.post(url).set(owner.auth).send(body), 201).id;
      },
      'typeId dm/': async (companyId, owner) => {
        const url = `/api/v1/companies/${companyId}/modules/dm/types`;
        return expectSuccess(await t.http.post(url).set(owner.auth).send({ name: 'Walk' }), 201).id;
      },
      'statusId dm/': async (companyId, owner) =>
        expectSuccess(await t.http.get(`/api/v1/companies/${companyId}/modules/dm/statuses`).set(owner.auth))
          .statuses[1].id,
      dealId: async (companyId, owner) => {
        const url = `/api/v1/companies/${companyId}/modules/dm/deals`;
        return expectSuccess(await t.http.post(url).set(owner.auth).send({}), 201).id;
      },
      creditId: async (companyId, owner) => {
        const counterpartyId = await RESOURCE_FIXTURES.counterpartyId(companyId, owner);
        const url = `/api/v1/companies/${companyId}/modules/fm/credits`;
        const body = {
          name: 'Walk',
          type: 'debt',
          total_amount: 100,
          currency: 'RUB',
          start_date: '2026-01-01',
          end_date: '2026-12-31',
          counterparty_id: counterpartyId,
        };
        return expectSuccess(await t.http.post(url).set(owner.auth).send(body), 201).id;
      },
      'transactionId pricing/': async (companyId, owner) => {
        const url = `/api/v1/companies/${companyId}/pricing/migrate`;
        return expectSuccess(await t.http.post(url).set(owner.auth).send({ plan_code: 'start' }), 201).id;
      },
      invitationId: async (companyId, owner) =>
        (await invite(t.http, owner, companyId, `walk-${randomUUID()}@example.test`)).id,
      ticketId: async (companyId, owner) => (await openWalkTicket(companyId, owner)).id,
      messageId: async (companyId, owner) => (await openWalkTicket(companyId, owner)).last_message.id,
      webhookId: async (companyId, owner) => {
        // Inactive, so the walk's changes queue no deliveries to it.
        const url = `/api/v1/companies/${companyId}/webhooks`;
        const body = { url: 'https://93.184.215.14/walk', events: ['*'] };
        const { id } = expectSuccess(await t.http.post(url).set(owner.auth).send(body), 201);
        expectSuccess(await t.http.patch(`${url}/${id}`).set(owner.auth).send({ active: false }));
        return id;
      },
      deliveryId: async (companyId, owner) => {
        const webhookId = await RESOURCE_FIXTURES.webhookId(companyId, owner);
        const [event] = await db.query(
          `INSERT INTO webhook_events (id, company_id, type, payload) VALUES (gen_random_uuid(), $1, 'crm.sources.create', '{}') RETURNING id`,
          [companyId],
        );
        const [delivery] = await db.query(
          `INSERT INTO webhook_deliveries (webhook_id, company_id, event_id, status, next_attempt_at) VALUES ($1, $2, $3, 'failed', NULL) RETURNING id`,
          [webhookId, companyId, event.id],
        );
        return delivery.id;
      },
      logId: async (companyId, owner) => {
        expectSuccess(await t.http.patch(`/api/v1/companies/${companyId}`).set(owner.auth).send({ name: 'Walk' }));
        return expectSuccess(await t.http.get(`/api/v1/companies/${companyId}/modules/logs`).set(owner.auth)).logs[0]
          .id;
      },
    };

    let catalog: Map<string, { lvl: number; allow_expired: boolean }>;
    beforeAll(async () => {
      const permissions = expectSuccess(await t.http.get('/api/v1/permissions'));
      catalog = new Map(permissions.map((p: { code: string }) => [p.code, p]));
    });

    /** A company of `owner` and the URL of each guarded operation in it, with real resources in the path. */
    async function guardedOperations(owner: TestAccount) {
      const companyId = (await newCompany(t.http, owner)).id;
      const resources = new Map<string, string>();
      const urls: Array<{ op: Operation; code: string; url: string }> = [];
      for (const op of companyOperations().filter((o) => o.permission)) {
        let url = op.path.replace('{id}', companyId);
        for (const [, param] of op.path.matchAll(/\{(\w+)\}/g)) {
          if (param === 'id') continue;
          const fixture =
            Object.keys(RESOURCE_FIXTURES).find((key) => {
              const [name, module] = key.split(' ');
              return (
                name === param &&
                module !== undefined &&
                (op.path.includes(`/modules/${module}`) || op.path.includes(`/{id}/${module}`))
              );
            }) ?? param;
          if (!resources.has(fixture)) {
            resources.set(
              fixture,
              RESOURCE_FIXTURES[fixture] ? await RESOURCE_FIXTURES[fixture](companyId, owner) : UNKNOWN,
            );
          }
          url = url.replace(`{${param}}`, resources.get(fixture)!);
        }
        urls.push({ op, code: op.permission!.split(' ')[0], url });
      }
      return { companyId, urls };
    }

    /** Calls each operation as `who` and expects `code`, with an audit record of the refusal for changes. */
    async function expectRefused(
      calls: Array<{ op: Operation; code: string; url: string }>,
      companyId: string,
      who: TestAccount,
      errorCode: string,
    ) {
      expect(calls.length).toBeGreaterThan(0);
      for (const { op, code, url } of calls) {
        const requestId = `walk-${randomUUID()}`;
        const res = await (t.http as any)
          [op.method.toLowerCase()](url)
          .set(who.auth)
          .set('X-Request-Id', requestId)
          .send({});
        if (res.status !== 403 || res.body.error?.code !== errorCode) {
          throw new Error(`${op.method} ${op.path} answered ${res.status} ${res.body.error?.code}, not ${errorCode}`);
        }
        const records = await db.query(
          `SELECT key, status, metadata FROM audit_logs WHERE company_id = $1 AND request_id = $2`,
          [companyId, requestId],
        );
        const expected = op.method === 'GET' ? [] : [{ key: code, status: 'error', code: errorCode }];
        expect([
          op.method,
          op.path,
          records.map((r: any) => ({ key: r.key, status: r.status, code: r.metadata.error.code })),
        ]).toEqual([op.method, op.path, expected]);
      }
    }

    it('a member without the permission gets 403 forbidden on every operation; changes record the refusal', async () => {
      const owner = await newAccount(t.http, 'walkperm');
      const member = await newAccount(t.http, 'walkpermmember');
      const { companyId, urls } = await guardedOperations(owner);
      await joinByInvitation(t.http, owner, companyId, member);
      await expectRefused(urls, companyId, member, 'forbidden');
    });

    it('the owner gets 403 plan_required on every operation whose code needs a higher plan level', async () => {
      const owner = await newAccount(t.http, 'walklvl');
      const { companyId, urls } = await guardedOperations(owner);
      await setPlan(db, companyId, 'start', new Date(Date.now() + DAY));
      const aboveLevel = urls.filter(
        // 'start' is the cheapest plan, lvl 3: it has only the codes of lvl 3.
        ({ op, code }) => catalog.get(code)!.lvl < 3 && !op.permission!.includes('administrators'),
      );
      await expectRefused(aboveLevel, companyId, owner, 'plan_required');
    });

    it('every GET answers 400 naming an unknown query parameter (CONTRACT 1), never the unfiltered answer', async () => {
      const owner = await newAccount(t.http, 'walkquery');
      const { companyId, urls } = await guardedOperations(owner);
      const key = await newApiKey(t.http, owner);
      const guarded = new Map(urls.map(({ op, url }) => [`${op.method} ${op.path}`, url]));
      // The console's routes answer a non-administrator 403 before any query check (admin-access walks them).
      const gets = operations.filter(
        (op) => op.method === 'GET' && !op.path.includes('test-only') && !op.path.startsWith('/api/v1/admin'),
      );
      expect(gets.length).toBeGreaterThan(60);
      for (const op of gets) {
        // Real resources in the path (the guarded walk's), so that no 404 comes before the query check.
        const url =
          guarded.get(`GET ${op.path}`) ??
          op.path
            .replace('{id}', companyId)
            .replace('{keyId}', key.id)
            .replace('{accountId}', owner.id)
            .replace('{code}', 'start');
        const res = await t.http.get(`${url}?zz_unknown=1`).set(owner.auth);
        // A required parameter left out (group_by, path) is named beside it.
        expect([op.path, res.status, res.body.error?.details]).toEqual([
          op.path,
          400,
          expect.arrayContaining([
            { field: 'zz_unknown', message: expect.stringMatching(/^is not a known query parameter/) },
          ]),
        ]);
      }
    });

    it('once the plan has expired, the owner gets 403 plan_required on every code without allow_expired', async () => {
      const owner = await newAccount(t.http, 'walkexp');
      const { companyId, urls } = await guardedOperations(owner);
      await setPlan(db, companyId, 'enterprise', new Date(Date.now() - 1000));
      const expiring = urls.filter(
        ({ op, code }) => !catalog.get(code)!.allow_expired && !op.permission!.includes('administrators'),
      );
      await expectRefused(expiring, companyId, owner, 'plan_required');
    });
  });

  describe('the order of checks (CONTRACT 2)', () => {
    let owner: TestAccount;
    let member: TestAccount;
    let companyId: string;
    let positionId: string;
    let foreignPositionId: string;

    beforeAll(async () => {
      owner = await newAccount(t.http, 'orderowner');
      member = await newAccount(t.http, 'ordermember');
      companyId = (await newCompany(t.http, owner)).id;
      const foreign = await newCompany(t.http, owner);
      await addMember(db, companyId, member, ['logs']);
      const newPosition = async (id: string) =>
        expectSuccess(
          await t.http.post(`/api/v1/companies/${id}/modules/hrm/positions`).set(owner.auth).send({ name: 'P' }),
          201,
        ).id;
      positionId = await newPosition(companyId);
      foreignPositionId = await newPosition(foreign.id);
    });

    const patch = (who: TestAccount, position: string, body: object) =>
      t.http.patch(`/api/v1/companies/${companyId}/test-only/positions/${position}`).set(who.auth).send(body);

    it('malformed path id (400) before anything about the resource', async () => {
      const res = expectError(await patch(member, 'nope', { bad: true }), 400, 'validation_failed');
      expect(res.error.details).toEqual([{ field: 'positionId', message: 'must be a UUID' }]);
    });

    it("another company's resource is 404 before the missing permission (403)", async () => {
      expectError(await patch(member, foreignPositionId, {}), 404, 'not_found');
      expectError(await patch(member, UNKNOWN, {}), 404, 'not_found');
    });

    it('the missing permission (403) before an invalid body (400)', async () => {
      expectError(await patch(member, positionId, { bad: true }), 403, 'forbidden');
    });

    it('an invalid body (400) once permission is held, and success with a valid one', async () => {
      expectError(await patch(owner, positionId, { bad: true }), 400, 'validation_failed');
      expect(expectSuccess(await patch(owner, positionId, { name: 'ok' }))).toEqual({ id: positionId, name: 'ok' });
    });

    it('the key quota (429) comes before everything else, and is recorded for a member', async () => {
      const key = await newApiKey(t.http, member, { daily_requests: 1 });
      const byKey = (position: string, requestId: string) =>
        t.http
          .patch(`/api/v1/companies/${companyId}/test-only/positions/${position}`)
          .set('X-API-Key', key.raw_key)
          .set('X-Request-Id', requestId)
          .send({});
      expectError(await byKey(positionId, `${key.id}-1`), 403, 'forbidden');
      expectError(await byKey('nope', `${key.id}-2`), 429, 'rate_limited');
      const records = await db.query(
        `SELECT key, status, metadata FROM audit_logs WHERE company_id = $1 AND request_id LIKE $2 ORDER BY created_at`,
        [companyId, `${key.id}-%`],
      );
      expect(records.map((r: any) => [r.key, r.status, r.metadata.error.code])).toEqual([
        ['hrm.positions.update', 'error', 'forbidden'],
        ['hrm.positions.update', 'error', 'rate_limited'],
      ]);
    });

    it("an outsider's refused attempts never reach the company's log", async () => {
      const outsider = await newAccount(t.http, 'orderoutsider');
      const key = await newApiKey(t.http, outsider, { daily_requests: 1 });
      await t.http.get('/api/v1/account').set('X-API-Key', key.raw_key);
      const url = `/api/v1/companies/${companyId}/test-only/positions/${positionId}`;
      expectError(await t.http.patch(url).set('X-API-Key', key.raw_key).send({ name: 'x' }), 429, 'rate_limited');
      expect(
        await db.query(`SELECT 1 FROM audit_logs WHERE company_id = $1 AND account_id = $2`, [companyId, outsider.id]),
      ).toEqual([]);
    });
  });

  describe('plans', () => {
    it('403 plan_required below the permission level; an expired plan keeps only allow_expired codes', async () => {
      const owner = await newAccount(t.http, 'planlvl');
      const company = await newCompany(t.http, owner);
      const crm = () => t.http.post(`/api/v1/companies/${company.id}/test-only/crm`).set(owner.auth).send({});
      const logs = () => t.http.get(`/api/v1/companies/${company.id}/test-only/logs`).set(owner.auth);
      expectSuccess(await crm(), 201);

      await setPlan(db, company.id, 'start', new Date(Date.now() + DAY));
      expectError(await crm(), 403, 'plan_required');
      expectSuccess(await logs());

      await setPlan(db, company.id, 'enterprise', new Date(Date.now() - 1000));
      expectError(await crm(), 403, 'plan_required');
      expectSuccess(await logs());
    });

    it('an expired plan reduces a member to the allow_expired codes they hold', async () => {
      const owner = await newAccount(t.http, 'expmember');
      const member = await newAccount(t.http, 'expmember2');
      const company = await newCompany(t.http, owner);
      await addMember(db, company.id, member, ['logs', 'crm.clients.create', 'crm.clients']);
      const mine = async () =>
        expectSuccess(await t.http.get(`/api/v1/companies/${company.id}/permissions/me`).set(member.auth)).permissions;
      expect(await mine()).toEqual(['crm.clients', 'crm.clients.create', 'logs']);
      await setPlan(db, company.id, 'enterprise', new Date(Date.now() - 1000));
      expect(await mine()).toEqual(['crm.clients', 'logs']);
      expectError(
        await t.http.post(`/api/v1/companies/${company.id}/test-only/crm`).set(member.auth).send({}),
        403,
        'plan_required',
      );
    });
  });

  describe("an API key's read of a company route: the company's standing comes with the key's lookup", () => {
    let owner: TestAccount;
    let reader: TestAccount;
    let stranger: TestAccount;
    let outsider: TestAccount;
    let companyId: string;
    const keys = new Map<TestAccount, string>();

    beforeAll(async () => {
      [owner, reader, stranger, outsider] = await Promise.all(
        ['keyowner', 'keyreader', 'keystranger', 'keyoutsider'].map((name) => newAccount(t.http, name)),
      );
      companyId = (await newCompany(t.http, owner)).id;
      await addMember(db, companyId, reader, ['logs', 'crm.clients']);
      await addMember(db, companyId, stranger, []);
      for (const who of [owner, reader, stranger, outsider]) keys.set(who, (await newApiKey(t.http, who)).raw_key);
    });

    const answers = async (who: TestAccount, path: string) => {
      const [bySession, byKey] = [
        await t.http.get(path).set(who.auth),
        await t.http.get(path).set('X-API-Key', keys.get(who)!),
      ];
      return { session: [bySession.status, bySession.body.data], key: [byKey.status, byKey.body.data] };
    };

    it('answers every caller exactly as their session does', async () => {
      const paths = (id: string) => [
        `/api/v1/companies/${id}/test-only/logs`,
        `/api/v1/companies/${id}/permissions/me`,
        `/api/v1/companies/${id}/modules/crm/clients?page=1&limit=5`,
      ];
      const seen: number[] = [];
      for (const who of [owner, reader, stranger, outsider]) {
        for (const path of [...paths(companyId), ...paths(UNKNOWN), ...paths('nope')]) {
          const { session, key } = await answers(who, path);
          expect(key).toEqual(session);
          seen.push(key[0]);
        }
      }
      expect(new Set(seen)).toEqual(new Set([200, 400, 403, 404]));
      await setPlan(db, companyId, 'enterprise', new Date(Date.now() - 1000));
      const { session, key } = await answers(reader, `/api/v1/companies/${companyId}/permissions/me`);
      expect(key).toEqual(session);
      expect(key[1].permissions).toEqual(['crm.clients', 'logs']);
    });

    it('costs no statement of its own; a session still looks the standing up', async () => {
      const pool = (db.driver as any).master;
      const query = jest.spyOn(pool, 'query');
      const standingLookups = () =>
        query.mock.calls.filter(([config]: any[]) => config?.name === 'access-company-standing').length;
      try {
        const path = `/api/v1/companies/${companyId}/test-only/logs`;
        expectSuccess(await t.http.get(path).set('X-API-Key', keys.get(reader)!));
        expect(standingLookups()).toBe(0);
        expectSuccess(await t.http.get(path).set(reader.auth));
        expect(standingLookups()).toBe(1);
      } finally {
        query.mockRestore();
      }
    });
  });

  describe('the audit record shares the change’s transaction', () => {
    let owner: TestAccount;
    beforeAll(async () => {
      owner = await newAccount(t.http, 'atomic');
    });
    const nameOf = async (id: string) => (await db.query(`SELECT name FROM companies WHERE id = $1`, [id]))[0].name;
    const records = (id: string) => db.query(`SELECT status FROM audit_logs WHERE company_id = $1`, [id]);

    it('when the audit insert fails after the change, the change is rolled back', async () => {
      const company = await newCompany(t.http, owner, { name: 'Before' });
      // The record's insert fails in the database, in the statement that also writes the event.
      const insert = jest
        .spyOn(t.app.get(AuditRepository), 'insertion')
        .mockReturnValueOnce(sql`INSERT INTO audit_table_unavailable DEFAULT VALUES`);
      expectError(
        await t.http.patch(`/api/v1/companies/${company.id}`).set(owner.auth).send({ name: 'After' }),
        500,
        'internal_error',
      );
      insert.mockRestore();
      expect(await nameOf(company.id)).toBe('Before');
      expect(await records(company.id)).toEqual([]);
    });

    it('when the change fails after its write, no audit record is kept', async () => {
      const company = await newCompany(t.http, owner, { name: 'Before' });
      const repository = t.app.get(CompaniesRepository);
      const original = repository.update.bind(repository);
      const update = jest.spyOn(repository, 'update').mockImplementationOnce(async (...args) => {
        await original(...args);
        throw new Error('failure after the write');
      });
      expectError(
        await t.http.patch(`/api/v1/companies/${company.id}`).set(owner.auth).send({ name: 'After' }),
        500,
        'internal_error',
      );
      update.mockRestore();
      expect(await nameOf(company.id)).toBe('Before');
      expect(await records(company.id)).toEqual([]);
    });

    it('a successful change keeps both, with request id, IP, user agent and no secrets', async () => {
      const company = await newCompany(t.http, owner, { name: 'Before' });
      const res = await t.http
        .patch(`/api/v1/companies/${company.id}`)
        .set(owner.auth)
        .set('User-Agent', 'audit-test/1.0')
        .set('X-Request-Id', `req-${company.id}`)
        .send({ name: 'After' });
      expectSuccess(res);
      const [record] = await db.query(`SELECT * FROM audit_logs WHERE company_id = $1`, [company.id]);
      expect(record).toMatchObject({
        key: 'company.update',
        status: 'success',
        criticality: 8,
        account_id: owner.id,
        request_id: `req-${company.id}`,
        user_agent: 'audit-test/1.0',
        ip: expect.stringMatching(/127\.0\.0\.1/),
        metadata: {
          method: 'PATCH',
          path: `/api/v1/companies/${company.id}`,
          ids: {},
          changes: { name: 'After' },
          result_id: company.id,
        },
      });
      expect(JSON.stringify(record)).not.toContain(owner.token);
    });
  });
});
