/** @shared-app */
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { addMember, newAccount, newCompany, TestAccount, auditRecords } from '../support/factories';
import { sharedTestApp, SharedTestApp } from '../support/shared-app';
import { expectError, expectPage, expectSuccess, TIMESTAMP, UUID } from '../support/expectations';
import { SOURCE_KEYS } from '../support/crm';
import { moduleOf } from '../support/urls';

const CLIENT_KEYS = [
  'attachments',
  'comment',
  'created_at',
  'email',
  'first_name',
  'id',
  'last_name',
  'metadata',
  'patronymic',
  'phone',
  'source',
  'status',
  'type',
  'updated_at',
];

describe('CRM clients', () => {
  let t: SharedTestApp;
  let db: DataSource;
  beforeAll(async () => {
    t = await sharedTestApp();
    db = t.db;
  });
  afterAll(() => t.close());

  const clientsOf = (companyId: string) => `${moduleOf(companyId, 'crm')}/clients`;
  const clientOf = (companyId: string, clientId: string) => `${clientsOf(companyId)}/${clientId}`;

  interface Crm {
    owner: TestAccount;
    company: { id: string };
    /** The company's system source, as GET /sources/{id} returns it. */
    system: any;
    /** A second source of the company (website, with url, comment and metadata). */
    website: any;
  }

  async function crmCompany(): Promise<Crm> {
    const owner = await newAccount(t.http, 'crm-owner');
    const company = await newCompany(t.http, owner);
    const { items } = expectPage(await t.http.get(`${moduleOf(company.id, 'crm')}/sources`).set(owner.auth), 'sources');
    const website = expectSuccess(
      await t.http
        .post(`${moduleOf(company.id, 'crm')}/sources`)
        .set(owner.auth)
        .send({
          name: 'Website',
          type: 'website',
          url: 'https://example.com',
          comment: 'Landing',
          metadata: { k: 1 },
        }),
      201,
    );
    return { owner, company, system: items[0], website };
  }

  async function createClient(crm: Crm, body: Record<string, unknown> = {}, as: TestAccount = crm.owner) {
    return expectSuccess(
      await t.http
        .post(clientsOf(crm.company.id))
        .set(as.auth)
        .send({ first_name: 'Ivan', type: 'individual', source_id: crm.system.id, ...body }),
      201,
    );
  }

  describe('POST /clients', () => {
    it('creates a client: status active, every unset field null, the whole source (CONTRACT 17), audited', async () => {
      const crm = await crmCompany();
      const client = await createClient(crm);
      expect(client).toEqual({
        id: expect.stringMatching(UUID),
        attachments: [],
        first_name: 'Ivan',
        last_name: null,
        patronymic: null,
        phone: null,
        email: null,
        comment: null,
        type: 'individual',
        status: 'active',
        metadata: null,
        created_at: expect.stringMatching(TIMESTAMP),
        updated_at: expect.stringMatching(TIMESTAMP),
        source: crm.system,
      });
      expect(Object.keys(client.source).sort()).toEqual(SOURCE_KEYS);
      expect(await auditRecords(db, crm.company.id, 'crm.clients.create')).toEqual([
        {
          key: 'crm.clients.create',
          status: 'success',
          account_id: crm.owner.id,
          metadata: expect.objectContaining({ method: 'POST', result_id: client.id }),
        },
      ]);
    });

    it('stores every field: names trimmed, e-mail lower-cased, phone as given, metadata object or array', async () => {
      const crm = await crmCompany();
      const client = await createClient(crm, {
        first_name: '  Anna ',
        last_name: ' Petrova ',
        patronymic: 'Sergeevna',
        phone: ' +7 (495) 123-45-67 ',
        email: ' Anna.Petrova@Example.COM ',
        comment: 'VIP',
        type: 'legal',
        status: 'inactive',
        source_id: crm.website.id,
        metadata: { inn: '7707083893', tags: ['a', 'b'], nested: { ok: true } },
      });
      expect(client).toMatchObject({
        first_name: 'Anna',
        last_name: 'Petrova',
        patronymic: 'Sergeevna',
        phone: '+7 (495) 123-45-67',
        email: 'anna.petrova@example.com',
        comment: 'VIP',
        type: 'legal',
        status: 'inactive',
        metadata: { inn: '7707083893', tags: ['a', 'b'], nested: { ok: true } },
        source: crm.website,
      });
      expect(Object.keys(client).sort()).toEqual(CLIENT_KEYS);
      const listed = await createClient(crm, { metadata: [1, 'two', { three: 3 }] });
      expect(listed.metadata).toEqual([1, 'two', { three: 3 }]);
    });

    it.each([
      ['+7 (495) 123-45-67'],
      ['8 800 555 35 35'],
      ['12345'],
      ['+44 20 7946 0958'],
      ['001-212-555-0123'],
      ['+1234567890123456789'],
    ])('accepts the phone %s', async (phone) => {
      const crm = await crmCompany();
      expect((await createClient(crm, { phone })).phone).toBe(phone);
    });

    it.each([
      ['no first_name', { first_name: undefined }, 'first_name'],
      ['a blank first_name', { first_name: '  ' }, 'first_name'],
      ['a null first_name', { first_name: null }, 'first_name'],
      ['a blank last_name', { last_name: ' ' }, 'last_name'],
      ['a first_name over 100 characters', { first_name: 'x'.repeat(101) }, 'first_name'],
      ['no type', { type: undefined }, 'type'],
      ['an unknown type', { type: 'company' }, 'type'],
      ['an unknown status', { status: 'deleted' }, 'status'],
      ['a null status', { status: null }, 'status'],
      ['no source_id', { source_id: undefined }, 'source_id'],
      ['a non-UUID source_id', { source_id: 'web' }, 'source_id'],
      ['a malformed e-mail', { email: 'anna@' }, 'email'],
      ['a phone with letters', { phone: '+7 495 CALL-NOW' }, 'phone'],
      ['a phone with 4 digits', { phone: '12-34' }, 'phone'],
      ['a phone with 21 digits', { phone: '123456789012345678901' }, 'phone'],
      ['a phone with a + inside', { phone: '7+4951234567' }, 'phone'],
      ['a phone that is a number', { phone: 74951234567 }, 'phone'],
      ['scalar metadata', { metadata: 'note' }, 'metadata'],
      ['numeric metadata', { metadata: 5 }, 'metadata'],
      ['boolean metadata', { metadata: true }, 'metadata'],
      ['metadata over 16 KiB', { metadata: { blob: 'x'.repeat(16 * 1024) } }, 'metadata'],
      ['an unknown field', { nickname: 'Vanya' }, 'nickname'],
    ])('400 for %s', async (_label, body, field) => {
      const crm = await crmCompany();
      const error = expectError(
        await t.http
          .post(clientsOf(crm.company.id))
          .set(crm.owner.auth)
          .send({ first_name: 'Ivan', type: 'individual', source_id: crm.system.id, ...body }),
        400,
        'validation_failed',
      );
      expect(error.error.details.map((d: { field: string }) => d.field)).toContain(field);
    });

    it('accepts metadata of exactly 16 KiB serialised', async () => {
      const crm = await crmCompany();
      const metadata = { blob: 'x'.repeat(16 * 1024 - '{"blob":""}'.length) };
      expect(JSON.stringify(metadata)).toHaveLength(16 * 1024);
      expect((await createClient(crm, { metadata })).metadata).toEqual(metadata);
    });

    it("400 for another company's source, worded as for one that does not exist; nothing is created", async () => {
      const crm = await crmCompany();
      const other = await crmCompany();
      const foreign = expectError(
        await t.http
          .post(clientsOf(crm.company.id))
          .set(crm.owner.auth)
          .send({ first_name: 'Ivan', type: 'individual', source_id: other.website.id }),
        400,
        'validation_failed',
      );
      const unknown = expectError(
        await t.http
          .post(clientsOf(crm.company.id))
          .set(crm.owner.auth)
          .send({ first_name: 'Ivan', type: 'individual', source_id: randomUUID() }),
        400,
        'validation_failed',
      );
      expect(foreign.error.details).toEqual([{ field: 'source_id', message: 'must be a source of this company' }]);
      expect(unknown.error).toEqual(foreign.error);
      expect(unknown.message).toBe(foreign.message);
      const [{ count }] = await db.query(`SELECT count(*)::int AS count FROM crm_clients WHERE company_id = $1`, [
        crm.company.id,
      ]);
      expect(count).toBe(0);
    });

    it("the database itself refuses a client whose source is another company's", async () => {
      const crm = await crmCompany();
      const other = await crmCompany();
      await expect(
        db.query(
          `INSERT INTO crm_clients (company_id, source_id, first_name, type) VALUES ($1, $2, 'Ivan', 'individual')`,
          [crm.company.id, other.system.id],
        ),
      ).rejects.toThrow(/foreign key/);
    });
  });

  describe('GET /clients/{clientId}', () => {
    it('returns the client with its whole source, every field present', async () => {
      const crm = await crmCompany();
      const created = await createClient(crm, { source_id: crm.website.id });
      const client = expectSuccess(await t.http.get(clientOf(crm.company.id, created.id)).set(crm.owner.auth));
      expect(client).toEqual({ ...created, source: crm.website });
      expect(Object.keys(client).sort()).toEqual(CLIENT_KEYS);
      expect(Object.keys(client.source).sort()).toEqual(SOURCE_KEYS);
      expect(client.source).toMatchObject({
        url: 'https://example.com',
        comment: 'Landing',
        system: false,
        metadata: { k: 1 },
        created_at: expect.stringMatching(TIMESTAMP),
      });

      const bySystem = await createClient(crm);
      const withSystem = expectSuccess(await t.http.get(clientOf(crm.company.id, bySystem.id)).set(crm.owner.auth));
      expect(withSystem.source).toEqual(crm.system);
      expect(withSystem.source).toMatchObject({ system: true, url: null, comment: null, metadata: null });
    });

    it("404 for another company's client in this company's path, an unknown one, or a non-member", async () => {
      const crm = await crmCompany();
      const other = await crmCompany();
      const foreign = await createClient(other);
      const stranger = await newAccount(t.http, 'stranger');
      const path = clientOf(crm.company.id, foreign.id);
      expectError(await t.http.get(path).set(crm.owner.auth), 404, 'not_found');
      expectError(await t.http.patch(path).set(crm.owner.auth).send({ first_name: 'Mine' }), 404, 'not_found');
      expectError(await t.http.post(`${path}/activate`).set(crm.owner.auth), 404, 'not_found');
      expectError(await t.http.post(`${path}/deactivate`).set(crm.owner.auth), 404, 'not_found');
      expectError(await t.http.get(clientOf(crm.company.id, randomUUID())).set(crm.owner.auth), 404, 'not_found');
      expectError(await t.http.get(clientOf(other.company.id, foreign.id)).set(stranger.auth), 404, 'not_found');
      expectError(await t.http.get(clientsOf(other.company.id)).set(stranger.auth), 404, 'not_found');
      expectError(await t.http.get(clientOf(crm.company.id, 'nope')).set(crm.owner.auth), 400, 'validation_failed');
      expectError(await t.http.get(clientOf(crm.company.id, foreign.id)), 401, 'unauthorized');
      // Nothing changed, and no record was written in either company.
      expect(expectSuccess(await t.http.get(clientOf(other.company.id, foreign.id)).set(other.owner.auth))).toEqual({
        ...foreign,
        source: other.system,
      });
      expect(await auditRecords(db, crm.company.id, 'crm.clients.update')).toEqual([]);
      expect(await auditRecords(db, other.company.id, 'crm.clients.update')).toEqual([]);
    });
  });

  describe('GET /clients', () => {
    /** A company with 5 clients of varied type, status, source and names; returns them oldest first. */
    async function populated() {
      const crm = await crmCompany();
      const clients = [];
      for (const body of [
        { first_name: 'Ivan', last_name: 'Petrov', email: 'ivan@alpha.test' },
        { first_name: 'Anna', last_name: 'Ivanova', type: 'legal', source_id: crm.website.id },
        { first_name: 'Oleg', email: 'o.smirnov@beta.test', status: 'inactive' },
        { first_name: 'Maria', last_name: '100%_Pure', type: 'legal', status: 'inactive', source_id: crm.website.id },
        { first_name: 'Peter', last_name: 'Smith', email: 'PETER@GAMMA.TEST' },
      ]) {
        clients.push(await createClient(crm, body));
      }
      return { crm, clients };
    }

    const ids = (items: Array<{ id: string }>) => items.map((item) => item.id);

    it('lists newest first with the whole source, paged, with exact totals', async () => {
      const { crm, clients } = await populated();
      const newestFirst = [...clients].reverse();
      const all = expectPage(await t.http.get(clientsOf(crm.company.id)).set(crm.owner.auth), 'clients');
      expect(all.pagination).toEqual({ total: 5, page: 1, limit: 20, pages: 1, total_exact: true });
      expect(all.items).toEqual(newestFirst);
      for (const item of all.items) {
        expect(Object.keys(item).sort()).toEqual(CLIENT_KEYS);
        expect(Object.keys(item.source).sort()).toEqual(SOURCE_KEYS);
      }

      const page2 = expectPage(
        await t.http.get(`${clientsOf(crm.company.id)}?page=2&limit=2`).set(crm.owner.auth),
        'clients',
      );
      expect(page2.pagination).toEqual({ total: 5, page: 2, limit: 2, pages: 3, total_exact: true });
      expect(ids(page2.items)).toEqual(ids(newestFirst.slice(2, 4)));
      const page3 = expectPage(
        await t.http.get(`${clientsOf(crm.company.id)}?page=3&limit=2`).set(crm.owner.auth),
        'clients',
      );
      expect(ids(page3.items)).toEqual(ids(newestFirst.slice(4)));
      const beyond = expectPage(await t.http.get(`${clientsOf(crm.company.id)}?page=9`).set(crm.owner.auth), 'clients');
      expect(beyond).toEqual({ items: [], pagination: { total: 5, page: 9, limit: 20, pages: 1, total_exact: true } });
    });

    it('shows only the company’s own clients', async () => {
      const { crm } = await populated();
      const other = await crmCompany();
      await createClient(other);
      const { pagination } = expectPage(await t.http.get(clientsOf(other.company.id)).set(other.owner.auth), 'clients');
      expect(pagination.total).toBe(1);
      const mine = expectPage(await t.http.get(clientsOf(crm.company.id)).set(crm.owner.auth), 'clients');
      expect(mine.pagination.total).toBe(5);
    });

    it.each([
      ['type=legal', [1, 3]],
      ['type=individual', [0, 2, 4]],
      ['status=inactive', [2, 3]],
      ['status=active', [0, 1, 4]],
      ['type=legal&status=active', [1]],
      ['search=ivan', [0, 1]],
      ['search=IVAN', [0, 1]],
      ['search=%20petrov%20', [0]],
      ['search=beta.test', [2]],
      ['search=gamma', [4]],
      ['search=Ivan%20Petrov', [0]],
      ['search=100%25_', [3]],
      ['search=%25', [3]],
      ['search=_', [3]],
      ['search=zzz', []],
      ['search=', [0, 1, 2, 3, 4]],
      ['search=ivan&type=legal', [1]],
    ])('filters by %s', async (query, expected) => {
      const { crm, clients } = await populated();
      const { items, pagination } = expectPage(
        await t.http.get(`${clientsOf(crm.company.id)}?${query}`).set(crm.owner.auth),
        'clients',
      );
      const wanted = expected.map((i) => clients[i].id).reverse();
      expect(ids(items)).toEqual(wanted);
      expect(pagination.total).toBe(wanted.length);
    });

    it('an unknown parameter is 400 naming it, never the unfiltered list (CONTRACT 1)', async () => {
      const { crm } = await populated();
      const res = await t.http.get(`${clientsOf(crm.company.id)}?unknown=1&source=x`).set(crm.owner.auth);
      expect(expectError(res, 400, 'validation_failed').error.details).toEqual([
        { field: 'unknown', message: 'is not a known query parameter' },
        { field: 'source', message: 'is not a known query parameter' },
      ]);
    });

    it('takes sourceId as an alias of source_id (the web client sends both); 400 when the two differ', async () => {
      const { crm, clients } = await populated();
      const list = async (query: string) =>
        expectPage(await t.http.get(`${clientsOf(crm.company.id)}?${query}`).set(crm.owner.auth), 'clients');
      const website = [clients[3].id, clients[1].id];
      expect(ids((await list(`sourceId=${crm.website.id}`)).items)).toEqual(website);
      expect(ids((await list(`source_id=${crm.website.id}&sourceId=${crm.website.id}`)).items)).toEqual(website);
      const differing = await t.http
        .get(`${clientsOf(crm.company.id)}?source_id=${crm.website.id}&sourceId=${crm.system.id}`)
        .set(crm.owner.auth);
      expect(expectError(differing, 400, 'validation_failed').error.details).toEqual([
        { field: 'sourceId', message: 'must equal source_id when both are given' },
      ]);
      const malformed = await t.http.get(`${clientsOf(crm.company.id)}?sourceId=website`).set(crm.owner.auth);
      expect(expectError(malformed, 400, 'validation_failed').error.details).toEqual([
        { field: 'sourceId', message: expect.any(String) },
      ]);
    });

    it('filters by source_id; a source of another company finds nothing', async () => {
      const { crm, clients } = await populated();
      const other = await crmCompany();
      const bySource = async (sourceId: string) =>
        expectPage(
          await t.http.get(`${clientsOf(crm.company.id)}?source_id=${sourceId}`).set(crm.owner.auth),
          'clients',
        );
      expect(ids((await bySource(crm.website.id)).items)).toEqual([clients[3].id, clients[1].id]);
      expect((await bySource(crm.system.id)).pagination.total).toBe(3);
      expect(await bySource(other.system.id)).toEqual({
        items: [],
        pagination: { total: 0, page: 1, limit: 20, pages: 0, total_exact: true },
      });
      const paged = expectPage(
        await t.http.get(`${clientsOf(crm.company.id)}?source_id=${crm.system.id}&limit=1&page=2`).set(crm.owner.auth),
        'clients',
      );
      expect(paged.pagination).toEqual({ total: 3, page: 2, limit: 1, pages: 3, total_exact: true });
      expect(ids(paged.items)).toEqual([clients[2].id]);
    });

    it.each([
      ['type=company', 'type'],
      ['status=archived', 'status'],
      ['source_id=website', 'source_id'],
      ['type=legal&type=individual', 'type'],
      [`search=${'x'.repeat(101)}`, 'search'],
      ['page=0', 'page'],
      ['limit=101', 'limit'],
      ['limit=abc', 'limit'],
    ])('400 for %s', async (query, field) => {
      const crm = await crmCompany();
      const error = expectError(
        await t.http.get(`${clientsOf(crm.company.id)}?${query}`).set(crm.owner.auth),
        400,
        'validation_failed',
      );
      expect(error.error.details.map((d: { field: string }) => d.field)).toContain(field);
    });
  });

  describe('PATCH /clients/{clientId}', () => {
    it('changes only the fields sent; null clears an optional field; audited', async () => {
      const crm = await crmCompany();
      const client = await createClient(crm, {
        last_name: 'Petrov',
        phone: '+7 900 000-00-00',
        email: 'ivan@example.test',
        comment: 'Old',
        metadata: { a: 1 },
      });
      const changed = expectSuccess(
        await t.http
          .patch(clientOf(crm.company.id, client.id))
          .set(crm.owner.auth)
          .send({ first_name: ' Ivan  ', patronymic: 'Ivanovich', comment: null, metadata: ['x'] }),
      );
      expect(changed).toEqual({
        ...client,
        patronymic: 'Ivanovich',
        comment: null,
        metadata: ['x'],
        updated_at: expect.stringMatching(TIMESTAMP),
      });
      expect(new Date(changed.updated_at).getTime()).toBeGreaterThan(new Date(client.updated_at).getTime());

      const cleared = expectSuccess(
        await t.http
          .patch(clientOf(crm.company.id, client.id))
          .set(crm.owner.auth)
          .send({ last_name: null, patronymic: null, phone: null, email: null, metadata: null }),
      );
      expect(cleared).toMatchObject({
        first_name: 'Ivan',
        last_name: null,
        patronymic: null,
        phone: null,
        email: null,
        comment: null,
        metadata: null,
      });

      const retyped = expectSuccess(
        await t.http
          .patch(clientOf(crm.company.id, client.id))
          .set(crm.owner.auth)
          .send({ type: 'legal', status: 'inactive', source_id: crm.website.id }),
      );
      expect(retyped).toMatchObject({ type: 'legal', status: 'inactive', source: crm.website });
      expect(Object.keys(retyped.source).sort()).toEqual(SOURCE_KEYS);

      const unchanged = expectSuccess(
        await t.http.patch(clientOf(crm.company.id, client.id)).set(crm.owner.auth).send({}),
      );
      expect(unchanged).toEqual(retyped);

      const records = await auditRecords(db, crm.company.id, 'crm.clients.update');
      expect(records).toHaveLength(4);
      expect(records[0]).toEqual({
        key: 'crm.clients.update',
        status: 'success',
        account_id: crm.owner.id,
        metadata: expect.objectContaining({
          method: 'PATCH',
          ids: { clientId: client.id },
          changes: { first_name: ' Ivan  ', patronymic: 'Ivanovich', comment: null, metadata: ['x'] },
          result_id: client.id,
        }),
      });
    });

    it.each([
      ['a null first_name', { first_name: null }, 'first_name'],
      ['a null type', { type: null }, 'type'],
      ['a null status', { status: null }, 'status'],
      ['a null source_id', { source_id: null }, 'source_id'],
      ['an unknown status', { status: 'gone' }, 'status'],
      ['a bad e-mail', { email: 'no-at-sign' }, 'email'],
      ['a bad phone', { phone: 'call me' }, 'phone'],
      ['scalar metadata', { metadata: 'x' }, 'metadata'],
      ['an unknown field', { id: randomUUID() }, 'id'],
    ])('400 for %s', async (_label, body, field) => {
      const crm = await crmCompany();
      const client = await createClient(crm);
      const error = expectError(
        await t.http.patch(clientOf(crm.company.id, client.id)).set(crm.owner.auth).send(body),
        400,
        'validation_failed',
      );
      expect(error.error.details.map((d: { field: string }) => d.field)).toContain(field);
    });

    it("re-validates source_id: another company's source is 400 and nothing changes", async () => {
      const crm = await crmCompany();
      const other = await crmCompany();
      const client = await createClient(crm);
      const error = expectError(
        await t.http
          .patch(clientOf(crm.company.id, client.id))
          .set(crm.owner.auth)
          .send({ first_name: 'Changed', source_id: other.website.id }),
        400,
        'validation_failed',
      );
      expect(error.error.details).toEqual([{ field: 'source_id', message: 'must be a source of this company' }]);
      const after = expectSuccess(await t.http.get(clientOf(crm.company.id, client.id)).set(crm.owner.auth));
      expect(after).toEqual({ ...client, source: crm.system });
      expect(await auditRecords(db, crm.company.id, 'crm.clients.update')).toEqual([]);
    });
  });

  describe('POST /clients/{clientId}/activate and /deactivate', () => {
    it('switch the status and return ClientDetail with the whole source; repeating changes nothing', async () => {
      const crm = await crmCompany();
      const client = await createClient(crm, { source_id: crm.website.id });
      const inactive = expectSuccess(
        await t.http.post(`${clientOf(crm.company.id, client.id)}/deactivate`).set(crm.owner.auth),
      );
      expect(inactive).toEqual({ ...client, status: 'inactive', updated_at: expect.stringMatching(TIMESTAMP) });
      expect(new Date(inactive.updated_at).getTime()).toBeGreaterThan(new Date(client.updated_at).getTime());
      expect(Object.keys(inactive.source).sort()).toEqual(SOURCE_KEYS);

      const again = expectSuccess(
        await t.http.post(`${clientOf(crm.company.id, client.id)}/deactivate`).set(crm.owner.auth),
      );
      expect(again).toEqual(inactive);

      const active = expectSuccess(
        await t.http.post(`${clientOf(crm.company.id, client.id)}/activate`).set(crm.owner.auth),
      );
      expect(active).toMatchObject({ id: client.id, status: 'active', source: crm.website });

      const records = await auditRecords(db, crm.company.id, 'crm.clients.update');
      expect(records.map((r: { status: string; metadata: { path: string } }) => [r.status, r.metadata.path])).toEqual([
        ['success', `${clientOf(crm.company.id, client.id)}/deactivate`],
        ['success', `${clientOf(crm.company.id, client.id)}/deactivate`],
        ['success', `${clientOf(crm.company.id, client.id)}/activate`],
      ]);
    });
  });

  describe('members', () => {
    it('a member holding create and update may act; their changes are audited under their account', async () => {
      const crm = await crmCompany();
      const clerk = await newAccount(t.http, 'clerk');
      await addMember(db, crm.company.id, clerk, ['crm.clients.create', 'crm.clients.update']);
      const client = await createClient(crm, {}, clerk);
      expectSuccess(await t.http.post(`${clientOf(crm.company.id, client.id)}/deactivate`).set(clerk.auth));
      expect(await auditRecords(db, crm.company.id, 'crm.clients.create')).toEqual([
        expect.objectContaining({ status: 'success', account_id: clerk.id }),
      ]);
    });
  });

  it("deleting a company removes its sources and clients, and no other company's", async () => {
    const crm = await crmCompany();
    const other = await crmCompany();
    await createClient(crm, { source_id: crm.website.id });
    await createClient(other);
    await db.query(`DELETE FROM companies WHERE id = $1`, [crm.company.id]);
    const counts = await db.query(
      `SELECT (SELECT count(*)::int FROM crm_sources WHERE company_id = $1) AS sources,
              (SELECT count(*)::int FROM crm_clients WHERE company_id = $1) AS clients,
              (SELECT count(*)::int FROM crm_clients WHERE company_id = $2) AS others`,
      [crm.company.id, other.company.id],
    );
    expect(counts).toEqual([{ sources: 0, clients: 0, others: 1 }]);
  });

  it('OpenAPI: enums, the ClientDetail shape, and the permission of every operation', async () => {
    const doc = (await t.http.get('/api/docs-json')).body;
    const schemas = doc.components.schemas;
    expect(schemas.CreateClientDto.properties.type.enum).toEqual(['individual', 'legal']);
    expect(
      schemas.ClientDetailDto.properties.source.$ref ?? schemas.ClientDetailDto.properties.source.allOf?.[0]?.$ref,
    ).toBe('#/components/schemas/SourceDto');
    expect(schemas.ClientFullDetailDto).toBeUndefined();
    const base = '/api/v1/companies/{id}/modules/crm/clients';
    const permissions = [
      doc.paths[base].get,
      doc.paths[base].post,
      doc.paths[`${base}/{clientId}`].get,
      doc.paths[`${base}/{clientId}`].patch,
      doc.paths[`${base}/{clientId}/activate`].post,
      doc.paths[`${base}/{clientId}/deactivate`].post,
    ].map((op) => op['x-permission']);
    expect(permissions).toEqual([
      'crm.clients',
      'crm.clients.create',
      'crm.clients',
      'crm.clients.update',
      'crm.clients.update',
      'crm.clients.update',
    ]);
    const listParams = doc.paths[base].get.parameters.map((p: { name: string }) => p.name).sort();
    expect(listParams).toEqual(['id', 'limit', 'page', 'search', 'sourceId', 'source_id', 'status', 'type']);
    const alias = doc.paths[base].get.parameters.find((p: { name: string }) => p.name === 'sourceId');
    expect(alias.deprecated).toBe(true);
  });
});
