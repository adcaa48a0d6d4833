/** @shared-app */
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { expectError, expectPage, expectSuccess, TIMESTAMP, UUID } from '../support/expectations';
import { addMember, auditRecords, newAccount, newCompany, TestAccount } from '../support/factories';
import { newCounterparty } from '../support/finance';
import { sharedTestApp, SharedTestApp } from '../support/shared-app';
import { cpm, fm } from '../support/urls';

/** Counterparties (CONTRACT 13). */
describe('Counterparties', () => {
  let t: SharedTestApp;
  let db: DataSource;
  let owner: TestAccount;
  let companyId: string;
  let otherCompanyId: string;
  beforeAll(async () => {
    t = await sharedTestApp();
    db = t.db;
    owner = await newAccount(t.http, 'cpm-owner');
    companyId = (await newCompany(t.http, owner)).id;
    otherCompanyId = (await newCompany(t.http, owner)).id;
  });
  afterAll(() => t.close());

  const list = (query = '', id = companyId) => t.http.get(`${cpm(id)}/counterparties${query}`).set(owner.auth);

  it('creates a counterparty with every field present, and records it in the audit log', async () => {
    const created = await newCounterparty(t.http, owner, companyId, {
      name: '  ООО Ромашка ',
      type: 'organization',
      comment: 'Поставщик',
      metadata: { inn: '7700000000' },
    });
    expect(created).toEqual({
      id: expect.stringMatching(UUID),
      name: 'ООО Ромашка',
      comment: 'Поставщик',
      type: 'organization',
      status: 'active',
      metadata: { inn: '7700000000' },
      created_at: expect.stringMatching(TIMESTAMP),
      updated_at: expect.stringMatching(TIMESTAMP),
    });
    expect(expectSuccess(await t.http.get(`${cpm(companyId)}/counterparties/${created.id}`).set(owner.auth))).toEqual(
      created,
    );
    const records = await auditRecords(db, companyId, 'cpm.counterparties.create');
    expect(records.at(-1)).toMatchObject({ status: 'success', account_id: owner.id });
  });

  it.each([
    [{ type: 'bank' }, 'name'],
    [{ name: 'X' }, 'type'],
    [{ name: 'X', type: 'company' }, 'type'],
    [{ name: 'X', type: 'bank', status: 'closed' }, 'status'],
    [{ name: 'X', type: 'bank', status: null }, 'status'],
    [{ name: 'X', type: 'bank', metadata: 'text' }, 'metadata'],
    [{ name: 'X', type: 'bank', system: true }, 'system'],
  ])('refuses %j (400 naming %s)', async (body, field) => {
    const res = await t.http
      .post(`${cpm(companyId)}/counterparties`)
      .set(owner.auth)
      .send(body);
    const error = expectError(res, 400, 'validation_failed');
    expect(error.error.details.map((d: { field: string }) => d.field)).toContain(field);
  });

  it('lists by name then id, filters by type and status, searches name and comment case-insensitively', async () => {
    const id = (await newCompany(t.http, owner)).id;
    const b = await newCounterparty(t.http, owner, id, { name: 'Банк Б', type: 'bank' });
    const a = await newCounterparty(t.http, owner, id, {
      name: 'Альфа',
      type: 'organization',
      comment: 'Главный Клиент',
    });
    const p = await newCounterparty(t.http, owner, id, { name: 'Иван', type: 'person', status: 'inactive' });
    const names = async (query: string) => expectPage(await list(query, id), 'counterparties').items.map((c) => c.name);
    expect(await names('')).toEqual(['Альфа', 'Банк Б', 'Иван']);
    expect(await names('?type=bank')).toEqual([b.name]);
    expect(await names('?status=inactive')).toEqual([p.name]);
    expect(await names('?status=active&type=organization')).toEqual([a.name]);
    expect(await names('?search=клиент')).toEqual([a.name]);
    expect(await names('?search=БАНК')).toEqual([b.name]);
    expect(await names('?search=100%25')).toEqual([]);
    expect(expectPage(await list('?limit=2&page=2', id), 'counterparties').pagination).toEqual({
      total: 3,
      page: 2,
      limit: 2,
      pages: 2,
      total_exact: true,
    });
    expectError(await list('?type=company', id), 400, 'validation_failed');
    expectError(await list('?status=closed', id), 400, 'validation_failed');
    expectError(await list('?limit=101', id), 400, 'validation_failed');
  });

  it('changes name, comment, type and metadata; the status only through activate / deactivate', async () => {
    const created = await newCounterparty(t.http, owner, companyId, { comment: 'old' });
    const path = `${cpm(companyId)}/counterparties/${created.id}`;
    const changed = expectSuccess(
      await t.http.patch(path).set(owner.auth).send({ name: 'ВТБ', comment: null, type: 'organization' }),
    );
    expect(changed).toMatchObject({ name: 'ВТБ', comment: null, type: 'organization', status: 'active' });
    expectError(await t.http.patch(path).set(owner.auth).send({ status: 'inactive' }), 400, 'validation_failed');
    expectError(await t.http.patch(path).set(owner.auth).send({ name: null }), 400, 'validation_failed');
    expect(expectSuccess(await t.http.post(`${path}/deactivate`).set(owner.auth)).status).toBe('inactive');
    expect(expectSuccess(await t.http.post(`${path}/deactivate`).set(owner.auth)).status).toBe('inactive');
    expect(expectSuccess(await t.http.post(`${path}/activate`).set(owner.auth)).status).toBe('active');
  });

  it("answers 404 for another company's counterparty, an unknown one, and 400 for a malformed id", async () => {
    const foreign = await newCounterparty(t.http, owner, otherCompanyId);
    for (const path of ['', '/activate', '/deactivate']) {
      const url = `${cpm(companyId)}/counterparties/${foreign.id}${path}`;
      const res = path ? await t.http.post(url).set(owner.auth) : await t.http.get(url).set(owner.auth);
      expectError(res, 404, 'not_found');
    }
    expectError(
      await t.http
        .patch(`${cpm(companyId)}/counterparties/${foreign.id}`)
        .set(owner.auth)
        .send({ name: 'x' }),
      404,
      'not_found',
    );
    expectError(await t.http.get(`${cpm(companyId)}/counterparties/${randomUUID()}`).set(owner.auth), 404, 'not_found');
    expectError(await t.http.get(`${cpm(companyId)}/counterparties/nope`).set(owner.auth), 400, 'validation_failed');
  });

  it('guards each route with its one code', async () => {
    const reader = await newAccount(t.http, 'cpm-reader');
    await addMember(db, companyId, reader, ['cpm.counterparties']);
    expectPage(await t.http.get(`${cpm(companyId)}/counterparties`).set(reader.auth), 'counterparties');
    expectError(
      await t.http
        .post(`${cpm(companyId)}/counterparties`)
        .set(reader.auth)
        .send({ name: 'X', type: 'bank' }),
      403,
      'forbidden',
    );
    const created = await newCounterparty(t.http, owner, companyId);
    expectError(
      await t.http.post(`${cpm(companyId)}/counterparties/${created.id}/deactivate`).set(reader.auth),
      403,
      'forbidden',
    );
  });

  describe('/modules/fm/counterparties: deprecated aliases the web client still calls (CONTRACT 17)', () => {
    const fmCounterparties = (id = companyId) => `${fm(id)}/counterparties`;

    it('the six operations answer as under cpm, audited under the same codes', async () => {
      const created = expectSuccess(
        await t.http
          .post(fmCounterparties())
          .set(owner.auth)
          .send({ name: 'Через fm', type: 'person', comment: 'клиент', status: 'active' }),
        201,
      );
      expect(expectSuccess(await t.http.get(`${cpm(companyId)}/counterparties/${created.id}`).set(owner.auth))).toEqual(
        created,
      );
      expect(expectSuccess(await t.http.get(`${fmCounterparties()}/${created.id}`).set(owner.auth))).toEqual(created);
      const listed = expectPage(
        await t.http.get(`${fmCounterparties()}?search=${encodeURIComponent('через')}&type=person`).set(owner.auth),
        'counterparties',
      );
      expect(listed.items).toEqual([created]);
      const edited = expectSuccess(
        await t.http.patch(`${fmCounterparties()}/${created.id}`).set(owner.auth).send({ comment: '' }),
      );
      expect(edited.comment).toBeNull();
      const off = expectSuccess(await t.http.post(`${fmCounterparties()}/${created.id}/deactivate`).set(owner.auth));
      expect(off.status).toBe('inactive');
      const on = expectSuccess(await t.http.post(`${fmCounterparties()}/${created.id}/activate`).set(owner.auth));
      expect(on.status).toBe('active');
      const records = await auditRecords(db, companyId);
      const mine = records.filter((r: any) => r.metadata.path?.includes('/modules/fm/counterparties'));
      expect(mine.map((r: any) => [r.key, r.status])).toEqual([
        ['cpm.counterparties.create', 'success'],
        ['cpm.counterparties.update', 'success'],
        ['cpm.counterparties.update', 'success'],
        ['cpm.counterparties.update', 'success'],
      ]);
    });

    it("another company's counterparty is 404 there too; unknown fields and parameters 400", async () => {
      const foreign = await newCounterparty(t.http, owner, otherCompanyId);
      expectError(await t.http.get(`${fmCounterparties()}/${foreign.id}`).set(owner.auth), 404, 'not_found');
      expectError(await t.http.get(`${fmCounterparties()}?sort=name`).set(owner.auth), 400, 'validation_failed');
      const res = await t.http.post(fmCounterparties()).set(owner.auth).send({ name: 'X', type: 'bank', inn: '1' });
      expectError(res, 400, 'validation_failed');
    });

    it('OpenAPI marks each alias deprecated, with its own operation id, and the cpm operations not', async () => {
      const doc = (await t.http.get('/api/docs-json')).body;
      const aliases = Object.entries(doc.paths as Record<string, Record<string, any>>)
        .filter(([path]) => path.includes('/modules/fm/counterparties'))
        .flatMap(([, methods]) => Object.values(methods));
      expect(aliases.map((op) => [op.operationId, op.deprecated, op['x-permission']])).toEqual([
        ['listFmCounterparties', true, 'cpm.counterparties'],
        ['createFmCounterparty', true, 'cpm.counterparties.create'],
        ['getFmCounterparty', true, 'cpm.counterparties'],
        ['updateFmCounterparty', true, 'cpm.counterparties.update'],
        ['activateFmCounterparty', true, 'cpm.counterparties.update'],
        ['deactivateFmCounterparty', true, 'cpm.counterparties.update'],
      ]);
      const canonical = Object.entries(doc.paths as Record<string, Record<string, any>>)
        .filter(([path]) => path.includes('/modules/cpm/counterparties'))
        .flatMap(([, methods]) => Object.values(methods));
      expect(canonical.map((op) => op.deprecated)).toEqual(canonical.map(() => undefined));
    });
  });
});
