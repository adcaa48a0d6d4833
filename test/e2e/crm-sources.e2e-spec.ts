/** @shared-app */
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { addMember, newAccount, newCompany, TestAccount, auditRecords } from '../support/factories';
import { sharedTestApp, SharedTestApp } from '../support/shared-app';
import { expectError, expectPage, expectSuccess, TIMESTAMP, UUID } from '../support/expectations';
import { SOURCE_KEYS } from '../support/crm';
import { crm } from '../support/urls';

const SOURCE_TYPES = [
  'manual',
  'website',
  'referral',
  'social',
  'advertising',
  'marketplace',
  'organic',
  'paid',
  'email',
  'other',
];

describe('CRM sources', () => {
  let t: SharedTestApp;
  let db: DataSource;
  beforeAll(async () => {
    t = await sharedTestApp();
    db = t.db;
  });
  afterAll(() => t.close());

  const sourcesOf = (companyId: string) => `${crm(companyId)}/sources`;
  const sourceOf = (companyId: string, sourceId: string) => `${sourcesOf(companyId)}/${sourceId}`;

  async function ownedCompany() {
    const owner = await newAccount(t.http, 'crm-owner');
    const company = await newCompany(t.http, owner);
    return { owner, company };
  }

  async function createSource(owner: TestAccount, companyId: string, body: Record<string, unknown> = {}) {
    return expectSuccess(
      await t.http
        .post(sourcesOf(companyId))
        .set(owner.auth)
        .send({ name: 'Website', type: 'website', ...body }),
      201,
    );
  }

  async function systemSourceOf(owner: TestAccount, companyId: string) {
    const { items } = expectPage(await t.http.get(`${sourcesOf(companyId)}?limit=100`).set(owner.auth), 'sources');
    return items.find((source) => source.system);
  }

  describe('the system source', () => {
    it('exists from the company creation: one per company, every field present', async () => {
      const { owner, company } = await ownedCompany();
      const { items, pagination } = expectPage(await t.http.get(sourcesOf(company.id)).set(owner.auth), 'sources');
      expect(pagination).toEqual({ total: 1, page: 1, limit: 20, pages: 1, total_exact: true });
      expect(items).toEqual([
        {
          id: expect.stringMatching(UUID),
          name: 'Manual entry',
          url: null,
          type: 'manual',
          comment: null,
          system: true,
          status: 'active',
          metadata: null,
          created_at: expect.stringMatching(TIMESTAMP),
          updated_at: expect.stringMatching(TIMESTAMP),
        },
      ]);
      const [{ count }] = await db.query(
        `SELECT count(*)::int AS count FROM crm_sources WHERE company_id = $1 AND system`,
        [company.id],
      );
      expect(count).toBe(1);
    });

    it('cannot be changed: PATCH is 409 (audited as an error), a malformed body still 400', async () => {
      const { owner, company } = await ownedCompany();
      const system = await systemSourceOf(owner, company.id);
      expectError(
        await t.http.patch(sourceOf(company.id, system.id)).set(owner.auth).send({ name: 'Renamed' }),
        409,
        'conflict',
      );
      expectError(await t.http.patch(sourceOf(company.id, system.id)).set(owner.auth).send({}), 409, 'conflict');
      expectError(
        await t.http.patch(sourceOf(company.id, system.id)).set(owner.auth).send({ type: 'nope' }),
        400,
        'validation_failed',
      );
      expect(expectSuccess(await t.http.get(sourceOf(company.id, system.id)).set(owner.auth))).toEqual(system);
      expect(
        (await auditRecords(db, company.id, 'crm.sources.update')).map((r: { status: string }) => r.status),
      ).toEqual(['error', 'error']);
    });

    it('only one system source per company, enforced by the database', async () => {
      const { company } = await ownedCompany();
      await expect(
        db.query(`INSERT INTO crm_sources (company_id, name, type, system) VALUES ($1, 'Second', 'manual', true)`, [
          company.id,
        ]),
      ).rejects.toThrow(/crm_sources_company_system_key/);
    });
  });

  describe('POST /sources', () => {
    it('creates a source with every field, defaults applied, and audits it', async () => {
      const { owner, company } = await ownedCompany();
      const minimal = await createSource(owner, company.id, { name: '  Referrals  ', type: 'referral' });
      expect(minimal).toEqual({
        id: expect.stringMatching(UUID),
        name: 'Referrals',
        url: null,
        type: 'referral',
        comment: null,
        system: false,
        status: 'active',
        metadata: null,
        created_at: expect.stringMatching(TIMESTAMP),
        updated_at: expect.stringMatching(TIMESTAMP),
      });

      const full = await createSource(owner, company.id, {
        name: 'Spring campaign',
        url: 'https://example.com/spring?utm=1',
        type: 'advertising',
        comment: 'Banner ads',
        status: 'inactive',
        metadata: { budget: 1000, channels: ['vk', 'yandex'] },
      });
      expect(full).toMatchObject({
        name: 'Spring campaign',
        url: 'https://example.com/spring?utm=1',
        type: 'advertising',
        comment: 'Banner ads',
        system: false,
        status: 'inactive',
        metadata: { budget: 1000, channels: ['vk', 'yandex'] },
      });
      expect(Object.keys(full).sort()).toEqual(SOURCE_KEYS);

      expect(await auditRecords(db, company.id, 'crm.sources.create')).toEqual([
        expect.objectContaining({
          status: 'success',
          account_id: owner.id,
          metadata: expect.objectContaining({ method: 'POST', result_id: minimal.id }),
        }),
        expect.objectContaining({ status: 'success', metadata: expect.objectContaining({ result_id: full.id }) }),
      ]);
    });

    it('accepts every documented type', async () => {
      const { owner, company } = await ownedCompany();
      for (const type of SOURCE_TYPES) expect((await createSource(owner, company.id, { type })).type).toBe(type);
    });

    it.each([
      ['no name', { type: 'website' }, 'name'],
      ['a blank name', { name: '   ', type: 'website' }, 'name'],
      ['no type', { name: 'A' }, 'type'],
      ['an unknown type', { name: 'A', type: 'tv' }, 'type'],
      ['an unknown status', { name: 'A', type: 'website', status: 'archived' }, 'status'],
      ['a null status', { name: 'A', type: 'website', status: null }, 'status'],
      ['a url that is not http(s)', { name: 'A', type: 'website', url: 'ftp://example.com' }, 'url'],
      ['a url without a scheme', { name: 'A', type: 'website', url: 'example.com' }, 'url'],
      ['scalar metadata', { name: 'A', type: 'website', metadata: 'text' }, 'metadata'],
      ['metadata over 16 KiB', { name: 'A', type: 'website', metadata: { blob: 'x'.repeat(16 * 1024) } }, 'metadata'],
      ['system', { name: 'A', type: 'website', system: true }, 'system'],
      ['an unknown field', { name: 'A', type: 'website', color: 'red' }, 'color'],
    ])('400 for %s', async (_label, body, field) => {
      const { owner, company } = await ownedCompany();
      const error = expectError(
        await t.http.post(sourcesOf(company.id)).set(owner.auth).send(body),
        400,
        'validation_failed',
      );
      expect(error.error.details.map((d: { field: string }) => d.field)).toContain(field);
    });
  });

  describe('GET /sources and /sources/{sourceId}', () => {
    it('lists newest first, paged, the system source oldest', async () => {
      const { owner, company } = await ownedCompany();
      const a = await createSource(owner, company.id, { name: 'A' });
      const b = await createSource(owner, company.id, { name: 'B' });
      const system = await systemSourceOf(owner, company.id);

      const first = expectPage(await t.http.get(`${sourcesOf(company.id)}?limit=2`).set(owner.auth), 'sources');
      expect(first.pagination).toEqual({ total: 3, page: 1, limit: 2, pages: 2, total_exact: true });
      expect(first.items.map((s) => s.id)).toEqual([b.id, a.id]);
      const second = expectPage(await t.http.get(`${sourcesOf(company.id)}?limit=2&page=2`).set(owner.auth), 'sources');
      expect(second.items.map((s) => s.id)).toEqual([system.id]);
      for (const query of ['page=0', 'limit=101']) {
        expectError(await t.http.get(`${sourcesOf(company.id)}?${query}`).set(owner.auth), 400, 'validation_failed');
      }
    });

    it('reads one source with every field', async () => {
      const { owner, company } = await ownedCompany();
      const created = await createSource(owner, company.id, { metadata: [1, 'two'] });
      expect(expectSuccess(await t.http.get(sourceOf(company.id, created.id)).set(owner.auth))).toEqual(created);
    });

    it("404 for another company's source, an unknown one, or a non-member; 400 for a non-UUID", async () => {
      const { owner, company } = await ownedCompany();
      const other = await ownedCompany();
      const foreign = await createSource(other.owner, other.company.id);
      const foreignSystem = await systemSourceOf(other.owner, other.company.id);
      expectError(await t.http.get(sourceOf(company.id, foreign.id)).set(owner.auth), 404, 'not_found');
      expectError(await t.http.get(sourceOf(company.id, foreignSystem.id)).set(owner.auth), 404, 'not_found');
      expectError(
        await t.http.patch(sourceOf(company.id, foreign.id)).set(owner.auth).send({ name: 'Mine now' }),
        404,
        'not_found',
      );
      expectError(await t.http.get(sourceOf(company.id, randomUUID())).set(owner.auth), 404, 'not_found');
      expectError(await t.http.get(sourceOf(company.id, 'nope')).set(owner.auth), 400, 'validation_failed');
      expectError(await t.http.get(sourcesOf(other.company.id)).set(owner.auth), 404, 'not_found');
      expectError(await t.http.get(sourceOf(other.company.id, foreign.id)).set(owner.auth), 404, 'not_found');
      expectError(await t.http.get(sourcesOf(company.id)), 401, 'unauthorized');
      expect(expectSuccess(await t.http.get(sourceOf(other.company.id, foreign.id)).set(other.owner.auth)).name).toBe(
        'Website',
      );
    });
  });

  describe('PATCH /sources/{sourceId}', () => {
    it('changes only the fields sent, null clears an optional one, and audits it', async () => {
      const { owner, company } = await ownedCompany();
      const source = await createSource(owner, company.id, {
        url: 'https://example.com',
        comment: 'Note',
        metadata: { a: 1 },
      });
      const renamed = expectSuccess(
        await t.http
          .patch(sourceOf(company.id, source.id))
          .set(owner.auth)
          .send({ name: ' Site ', status: 'inactive' }),
      );
      expect(renamed).toEqual({
        ...source,
        name: 'Site',
        status: 'inactive',
        updated_at: expect.stringMatching(TIMESTAMP),
      });
      expect(new Date(renamed.updated_at).getTime()).toBeGreaterThanOrEqual(new Date(source.updated_at).getTime());

      const cleared = expectSuccess(
        await t.http
          .patch(sourceOf(company.id, source.id))
          .set(owner.auth)
          .send({ url: null, comment: null, metadata: null, type: 'social' }),
      );
      expect(cleared).toMatchObject({ name: 'Site', url: null, comment: null, metadata: null, type: 'social' });
      expect(expectSuccess(await t.http.get(sourceOf(company.id, source.id)).set(owner.auth))).toEqual(cleared);

      const records = await auditRecords(db, company.id, 'crm.sources.update');
      expect(records).toEqual([
        expect.objectContaining({
          status: 'success',
          account_id: owner.id,
          metadata: expect.objectContaining({
            method: 'PATCH',
            ids: { sourceId: source.id },
            changes: { name: ' Site ', status: 'inactive' },
          }),
        }),
        expect.objectContaining({ status: 'success' }),
      ]);
    });

    it.each([
      ['a null name', { name: null }],
      ['a null type', { type: null }],
      ['a null status', { status: null }],
      ['system true', { system: true }],
      ['scalar metadata', { metadata: 42 }],
    ])('400 for %s', async (_label, body) => {
      const { owner, company } = await ownedCompany();
      const source = await createSource(owner, company.id);
      expectError(
        await t.http.patch(sourceOf(company.id, source.id)).set(owner.auth).send(body),
        400,
        'validation_failed',
      );
    });
  });

  describe("the web client's filters and status routes (CONTRACT 17)", () => {
    it('filters by type, status, system and search (name, URL, comment), each on its own and together', async () => {
      const { owner, company } = await ownedCompany();
      const site = await createSource(owner, company.id, {
        name: 'Сайт',
        type: 'organic',
        url: 'https://shop.example',
      });
      const ads = await createSource(owner, company.id, { name: 'Директ', type: 'paid', comment: 'весна 100%' });
      const mail = await createSource(owner, company.id, { name: 'Рассылка', type: 'email', status: 'inactive' });
      const system = await systemSourceOf(owner, company.id);
      const ids = async (query: string) =>
        expectPage(await t.http.get(`${sourcesOf(company.id)}?${query}`).set(owner.auth), 'sources').items.map(
          (source) => source.id,
        );
      expect(await ids('type=paid')).toEqual([ads.id]);
      expect(await ids('status=inactive')).toEqual([mail.id]);
      expect(await ids('status=active')).toEqual([ads.id, site.id, system.id]);
      expect(await ids('system=true')).toEqual([system.id]);
      expect(await ids('system=false')).toEqual([mail.id, ads.id, site.id]);
      expect(await ids('search=SHOP.example')).toEqual([site.id]);
      expect(await ids('search=100%25')).toEqual([ads.id]);
      expect(await ids('search=%25')).toEqual([ads.id]);
      expect(await ids('type=organic&status=active&system=false&search=сайт')).toEqual([site.id]);
      for (const query of ['type=tv', 'status=archived', 'system=yes', 'system=1']) {
        const res = await t.http.get(`${sourcesOf(company.id)}?${query}`).set(owner.auth);
        expect(expectError(res, 400, 'validation_failed').error.details[0].field).toBe(query.split('=')[0]);
      }
    });

    it('activate and deactivate a source (no change when it already is); audited', async () => {
      const { owner, company } = await ownedCompany();
      const source = await createSource(owner, company.id);
      const off = expectSuccess(await t.http.post(`${sourceOf(company.id, source.id)}/deactivate`).set(owner.auth));
      expect(off).toEqual({ ...source, status: 'inactive', updated_at: expect.any(String) });
      const again = expectSuccess(await t.http.post(`${sourceOf(company.id, source.id)}/deactivate`).set(owner.auth));
      expect(again).toEqual(off);
      const on = expectSuccess(await t.http.post(`${sourceOf(company.id, source.id)}/activate`).set(owner.auth));
      expect(on.status).toBe('active');
      expect((await auditRecords(db, company.id, 'crm.sources.update')).map((r: any) => r.metadata.path)).toEqual([
        expect.stringMatching(/\/deactivate$/),
        expect.stringMatching(/\/deactivate$/),
        expect.stringMatching(/\/activate$/),
      ]);
    });

    it('the system source stays active: deactivating it is 409, activating it changes nothing', async () => {
      const { owner, company } = await ownedCompany();
      const system = await systemSourceOf(owner, company.id);
      expectError(await t.http.post(`${sourceOf(company.id, system.id)}/deactivate`).set(owner.auth), 409, 'conflict');
      expect(expectSuccess(await t.http.post(`${sourceOf(company.id, system.id)}/activate`).set(owner.auth))).toEqual(
        system,
      );
    });

    it("another company's source is 404; a member without crm.sources.update 403; a body 400", async () => {
      const { owner, company } = await ownedCompany();
      const other = await ownedCompany();
      const foreign = await createSource(other.owner, other.company.id);
      expectError(
        await t.http.post(`${sourceOf(company.id, foreign.id)}/deactivate`).set(owner.auth),
        404,
        'not_found',
      );
      const reader = await newAccount(t.http, 'reader');
      await addMember(db, company.id, reader, ['crm.sources']);
      const source = await createSource(owner, company.id);
      expectError(
        await t.http.post(`${sourceOf(company.id, source.id)}/deactivate`).set(reader.auth),
        403,
        'forbidden',
      );
      const res = await t.http
        .post(`${sourceOf(company.id, source.id)}/deactivate`)
        .set(owner.auth)
        .send({ status: 'x' });
      expectError(res, 400, 'validation_failed');
    });
  });

  describe('members', () => {
    it('a member holding create and update may act; their changes are audited under their account', async () => {
      const { company } = await ownedCompany();
      const editor = await newAccount(t.http, 'editor');
      await addMember(db, company.id, editor, ['crm.sources.create', 'crm.sources.update']);
      const created = await createSource(editor, company.id, { name: 'By editor' });
      expectSuccess(await t.http.patch(sourceOf(company.id, created.id)).set(editor.auth).send({ name: 'Edited' }));
      expect(await auditRecords(db, company.id, 'crm.sources.create')).toEqual([
        expect.objectContaining({ status: 'success', account_id: editor.id }),
      ]);
    });
  });

  it('OpenAPI: type and status are enums; every operation names its permission', async () => {
    const doc = (await t.http.get('/api/docs-json')).body;
    expect(doc.components.schemas.SourceDto.properties.type.enum).toEqual(SOURCE_TYPES);
    expect(doc.components.schemas.CreateSourceDto.properties.type.enum).toEqual(SOURCE_TYPES);
    expect(doc.components.schemas.SourceDto.properties.status.enum).toEqual(['active', 'inactive']);
    const list = doc.paths['/api/v1/companies/{id}/modules/crm/sources'];
    const one = doc.paths['/api/v1/companies/{id}/modules/crm/sources/{sourceId}'];
    const activate = doc.paths['/api/v1/companies/{id}/modules/crm/sources/{sourceId}/activate'];
    const deactivate = doc.paths['/api/v1/companies/{id}/modules/crm/sources/{sourceId}/deactivate'];
    expect(
      [list.get, list.post, one.get, one.patch, activate.post, deactivate.post].map((op) => op['x-permission']),
    ).toEqual([
      'crm.sources',
      'crm.sources.create',
      'crm.sources',
      'crm.sources.update',
      'crm.sources.update',
      'crm.sources.update',
    ]);
    const filters = list.get.parameters.filter((p: any) => p.in === 'query').map((p: any) => p.name);
    expect(filters).toEqual(['page', 'limit', 'type', 'status', 'system', 'search']);
  });
});
