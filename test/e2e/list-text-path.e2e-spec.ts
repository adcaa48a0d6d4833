/** @own-database */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import * as lists from '../../src/core/pagination/list';
import { createDeal, dealsCompany, DealsCompany, warehouseRows } from '../support/deals';
import { expectSuccess } from '../support/expectations';
import { invite, newAccount, newAdmin, newApiKey, type TestAccount } from '../support/factories';
import { newCounterparty, newTransaction } from '../support/finance';
import { createTestApp, TestApp } from '../support/test-app';

/**
 * Issue 42: every list answers its items as the JSON text PostgreSQL wrote (listPage). This holds
 * that text path to the object path (listPageOfObjects: rows parsed by node-postgres, written by
 * JSON.stringify) over HTTP, for every list route of the document that takes `page`, unfiltered
 * and with each of its filters on its own: the same status, the same `data` as a JSON value.
 */
const DOCUMENT = JSON.parse(readFileSync(join(__dirname, '..', '..', 'docs', 'openapi.json'), 'utf8'));

interface ListRoute {
  path: string;
  filters: Array<{ name: string; schema: any }>;
}

const LIST_ROUTES: ListRoute[] = Object.entries(DOCUMENT.paths as Record<string, any>).flatMap(([path, methods]) => {
  const parameters: any[] = methods.get?.parameters ?? [];
  if (!parameters.some((p) => p.in === 'query' && p.name === 'page')) return [];
  const filters = parameters
    .filter((p) => p.in === 'query' && !['page', 'limit'].includes(p.name))
    .map((p) => ({ name: p.name, schema: p.schema ?? {} }));
  return [{ path, filters }];
});

/** Fields whose first three characters make a `search` term that matches the first item. */
const TEXT_FIELDS = ['name', 'first_name', 'title', 'comment', 'email', 'text', 'key', 'theme'];

/** A value of `filter` that selects some of `items` where it can: the first item's own, else the schema's. */
function filterValue(filter: { name: string; schema: any }, items: any[]): string | undefined {
  const first = items[0] ?? {};
  const field = filter.name === 'sourceId' ? 'source_id' : filter.name;
  if (filter.name === 'search') {
    const text = TEXT_FIELDS.map((f) => first[f]).find((v) => typeof v === 'string' && v.length > 0);
    return text ? text.slice(0, 3) : 'a';
  }
  const own = first[field] ?? first[field.replace(/_id$/, '')]?.id;
  if (typeof own === 'string' || typeof own === 'number' || typeof own === 'boolean') return String(own);
  const schema = filter.schema.$ref ? DOCUMENT.components.schemas[filter.schema.$ref.split('/').pop()] : filter.schema;
  if (schema.enum) return String(schema.enum[0]);
  if (schema.type === 'boolean') return 'true';
  if (schema.type === 'integer' || schema.type === 'number') return String(schema.minimum ?? 1);
  if (schema.format === 'date' || filter.name.endsWith('_date'))
    return filter.name.startsWith('end') ? '2100-01-01' : '2000-01-01';
  if (schema.format === 'uuid' || filter.name.endsWith('_id')) return '00000000-0000-4000-8000-000000000000';
  return undefined;
}

describe('Lists: the text path answers what the object path answers (issue 42)', () => {
  let t: TestApp;
  let c: DealsCompany;
  let admin: TestAccount;
  let objects = false;
  let listed = 0;
  const compared = new Set<string>();

  beforeAll(async () => {
    t = await createTestApp();
    const real = lists.listPage;
    // The object path, when asked for, for the same call: the reference of the comparison.
    jest.spyOn(lists, 'listPage').mockImplementation((db, spec, query) => {
      listed++;
      return objects ? lists.listPageOfObjects(db, spec, query) : real(db, spec, query);
    });
    c = await dealsCompany(t.http, 'text-path');
    const deal = await createDeal(t.http, c, {
      type_id: c.type.id,
      client_id: c.client.id,
      employees: [c.employee.id],
      comment: 'Поставка станков',
    });
    await warehouseRows(t.http, c);
    await newTransaction(t.http, c.owner, c.id, { comment: 'Аванс 50%' });
    expectSuccess(
      await t.http
        .post(`${c.dm}/deals/${deal.id}/transactions`)
        .set(c.owner.auth)
        .send({ base_amount: 1000.5, currency: 'RUB', direction: 'income', comment: 'аванс' }),
      201,
    );
    await newTransaction(t.http, c.owner, c.id, { direction: 'expense', base_amount: 12.5, currency: 'USD' });
    const bank = await newCounterparty(t.http, c.owner, c.id);
    const modules = `/api/v1/companies/${c.id}/modules`;
    expectSuccess(
      await t.http.post(`${modules}/fm/credits`).set(c.owner.auth).send({
        name: 'Кредит',
        type: 'credit',
        total_amount: 1000000.55,
        currency: 'RUB',
        start_date: '2026-01-01',
        end_date: '2027-01-01',
        counterparty_id: bank.id,
      }),
      201,
    );
    expectSuccess(
      await t.http
        .post(`${modules}/support/tickets`)
        .set(c.owner.auth)
        .send({ theme: 'consultation', text: 'Как выставить счёт?' }),
      201,
    );
    expectSuccess(
      await t.http
        .post(`${modules}/fm/report`)
        .set(c.owner.auth)
        .send({ format: 'xlsx', types: ['transactions'], comment: 'Отчёт' }),
      201,
    );
    const plans = expectSuccess(await t.http.get('/api/v1/plans').set(c.owner.auth)).plans;
    expectSuccess(
      await t.http
        .post(`/api/v1/companies/${c.id}/pricing/migrate`)
        .set(c.owner.auth)
        .send({ plan_code: plans[plans.length - 1].code, period: 'month' }),
      201,
    );
    const invitee = await newAccount(t.http, 'text-path-invitee');
    await invite(t.http, c.owner, c.id, invitee.email);
    await newApiKey(t.http, c.owner);
    admin = await newAdmin(t.http, t.app.get(DataSource));
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await t.close();
  });

  /** The answer of `url` on both paths; fails unless both are the same. */
  async function compare(url: string): Promise<any> {
    // The console's lists are read by a platform administrator, every other list by the company's owner.
    const auth = url.startsWith('/api/v1/admin') ? admin.auth : c.owner.auth;
    objects = false;
    const before = listed;
    const text = await t.http.get(url).set(auth);
    const usesListPage = listed > before;
    objects = true;
    const object = await t.http.get(url).set(auth);
    objects = false;
    expect({ url, status: text.status }).toEqual({ url, status: object.status });
    expect(text.headers['content-type']).toBe(object.headers['content-type']);
    expect({ url, data: text.body.data }).toEqual({ url, data: object.body.data });
    expect(Object.keys(text.body)).toEqual(Object.keys(object.body));
    if (usesListPage) compared.add(url.split('?')[0]);
    return text.body.data;
  }

  /** The route's path with its parameters filled from the lists above it; undefined when one has no row. */
  async function urlOf(path: string): Promise<string | undefined> {
    const url = path.replace('{id}', c.id);
    const nested = /^(.*)\/\{(\w+)\}/.exec(url);
    if (!nested) return url;
    const items = Object.values(await compare(nested[1])).find(Array.isArray) as any[] | undefined;
    return items?.length ? url.replace(`{${nested[2]}}`, items[0].id) : undefined;
  }

  it.each(LIST_ROUTES.map((route) => [route.path, route]))('%s', async (_path, route: ListRoute) => {
    const url = await urlOf(route.path);
    if (url === undefined) return;
    const data = await compare(`${url}?page=1&limit=100`);
    const items = Object.values(data).find(Array.isArray) as any[];
    for (const filter of route.filters) {
      const value = filterValue(filter, items);
      if (value !== undefined) await compare(`${url}?${filter.name}=${encodeURIComponent(value)}`);
    }
    await compare(`${url}?page=2&limit=1`);
  });

  it('compared the lists of every module', () => {
    const modules = ['crm', 'hrm', 'dm', 'fm', 'wm', 'cpm', 'docs', 'logs', 'support'];
    expect([...compared].some((path) => path.endsWith('/pricing/transactions'))).toBe(true);
    for (const module of modules) expect([...compared].some((path) => path.includes(`/modules/${module}`))).toBe(true);
  });
});
