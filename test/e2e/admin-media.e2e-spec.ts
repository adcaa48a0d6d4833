/** @own-database */
import { DataSource } from 'typeorm';
import { expectError, expectSuccess } from '../support/expectations';
import { newAccount, newAdmin, newCompany, TestAccount } from '../support/factories';
import { createTestApp, TestApp } from '../support/test-app';
import { companyOf } from '../support/urls';

const MB = 1_048_576;
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(300, 1)]);
const PDF = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const BUCKETS = '/api/v1/admin/media/buckets';
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/** CONTRACT 21: the console's buckets, one per company, from the counters each company keeps. */
describe("The console: the store's buckets", () => {
  let t: TestApp;
  let db: DataSource;
  let admin: TestAccount;
  let owner: TestAccount;
  let filled: { id: string; name: string; created_at: string };
  let empty: { id: string; name: string; created_at: string };
  let stored: Array<{ path: string; size: number }>;

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
    admin = await newAdmin(t.http, db, 1);
    owner = await newAccount(t.http, 'buckets-owner');
    filled = await newCompany(t.http, owner);
    empty = await newCompany(t.http, owner);
    stored = [];
    for (const [file, name, type] of [
      [PNG, 'photo.png', 'image/png'],
      [PDF, 'report.pdf', 'application/pdf'],
    ] as const) {
      const answer = await t.http
        .post(`${companyOf(filled.id)}/storage/media/upload`)
        .set(owner.auth)
        .field('tag', 'attachments')
        .attach('file', file, { filename: name, contentType: type });
      stored.push(expectSuccess(answer, 201));
    }
  });
  afterAll(() => t?.close());

  const bucketOf = (company: { id: string; name: string; created_at: string }, objects: Array<{ size: number }>) => {
    const bytes = objects.reduce((sum, object) => sum + object.size, 0);
    return {
      name: `company-${company.id}`,
      creation_date: company.created_at,
      objects_count: objects.length,
      size_mb: bytes / MB,
      is_public: false,
      is_temp: false,
      is_tenant: true,
      tenant_id: company.id,
      size_bytes: bytes,
      company_name: company.name,
    };
  };
  const list = (query: string) => t.http.get(`${BUCKETS}?${query}`).set(admin.auth);
  const sys = (name: string) => t.http.get(`${BUCKETS}/${name}/sys`).set(admin.auth);

  it('lists one bucket per company in the Kroncl shape, its objects and bytes those uploaded', async () => {
    expect(stored.map((object) => object.size)).toEqual([PNG.length, PDF.length]);
    const page = expectSuccess(await list(`search=${filled.id}`));
    expect(page).toEqual({
      buckets: [bucketOf(filled, stored)],
      pagination: { total: 1, page: 1, limit: 20, pages: 1, total_exact: true },
    });
    // The whole name, any part of it, in any case.
    for (const term of [`company-${filled.id}`, `pany-${filled.id.slice(0, 8)}`, filled.id.slice(-12).toUpperCase()]) {
      const found = expectSuccess(await list(`search=${encodeURIComponent(term)}`));
      expect({ term, names: found.buckets.map((b: { name: string }) => b.name) }).toEqual({
        term,
        names: [`company-${filled.id}`],
      });
    }
    expect(expectSuccess(await list(`search=${empty.id}`)).buckets).toEqual([bucketOf(empty, [])]);
    // A part of the prefix every name starts with: every bucket.
    const [{ live }] = await db.query(`SELECT count(*)::int AS live FROM companies WHERE deleting_at IS NULL`);
    expect(expectSuccess(await list('search=OMPAN&limit=1')).pagination).toMatchObject({ total: live });
    // The term's own wildcards are taken literally.
    expect(expectSuccess(await list('search=%25')).buckets).toEqual([]);
    expect(expectSuccess(await list(`search=no-such-bucket`))).toEqual({
      buckets: [],
      pagination: { total: 0, page: 1, limit: 20, pages: 0, total_exact: true },
    });
  });

  it('pages newest first with the exact total of live companies', async () => {
    const [{ live }] = await db.query(`SELECT count(*)::int AS live FROM companies WHERE deleting_at IS NULL`);
    const first = expectSuccess(await list('limit=1'));
    expect(first.pagination).toEqual({ total: live, page: 1, limit: 1, pages: live, total_exact: true });
    expect(first.buckets).toEqual([bucketOf(empty, [])]);
    const second = expectSuccess(await list('limit=1&page=2'));
    expect(second.buckets).toEqual([bucketOf(filled, stored)]);
    expect(expectSuccess(await list(`limit=100&page=${Math.ceil(live / 100) + 1}`)).buckets).toEqual([]);

    expectError(await list('page=0'), 400, 'validation_failed');
    expectError(await list('limit=101'), 400, 'validation_failed');
    expectError(await list('bucket=x'), 400, 'validation_failed');
  });

  it("shows a bucket's figures by its name, as the company's counters hold them", async () => {
    expect(expectSuccess(await sys(`company-${filled.id}`))).toEqual(bucketOf(filled, stored));
    expect(expectSuccess(await sys(`company-${empty.id}`))).toEqual(bucketOf(empty, []));

    expectSuccess(
      await t.http.delete(`${companyOf(filled.id)}/storage/media/file?path=${stored[0].path}`).set(owner.auth),
    );
    expect(expectSuccess(await sys(`company-${filled.id}`))).toEqual(bucketOf(filled, stored.slice(1)));

    // The counters are the figures: the store is not listed.
    await db.query(`UPDATE companies SET objects_count = 7, objects_bytes = 3145728 WHERE id = $1`, [empty.id]);
    try {
      expect(expectSuccess(await sys(`company-${empty.id}`))).toMatchObject({
        objects_count: 7,
        size_mb: 3,
        size_bytes: 3145728,
      });
    } finally {
      await db.query(`UPDATE companies SET objects_count = 0, objects_bytes = 0 WHERE id = $1`, [empty.id]);
    }
  });

  it('answers 404 for a name no live company has, 400 for one that is no bucket name', async () => {
    const gone = await newCompany(t.http, owner);
    await db.query(`UPDATE companies SET deleting_at = now() WHERE id = $1`, [gone.id]);
    for (const name of [`company-${UNKNOWN_ID}`, `company-${gone.id}`, 'temp', 'company-not-a-uuid', filled.id]) {
      expect({ name, status: (await sys(name)).status }).toEqual({ name, status: 404 });
    }
    expect(expectSuccess(await list(`search=${gone.id}`)).buckets).toEqual([]);

    for (const name of [`COMPANY-${filled.id}`, 'ab', 'company_1', '-company', 'a'.repeat(64)]) {
      const refused = expectError(await sys(name), 400, 'validation_failed');
      expect({ name, details: refused.error.details }).toEqual({
        name,
        details: [{ field: 'bucketId', message: expect.stringContaining('bucket name') }],
      });
    }
  });

  it('is for administrators: 401 without a credential, 403 for an account that is none', async () => {
    for (const url of [BUCKETS, `${BUCKETS}/company-${filled.id}/sys`]) {
      expectError(await t.http.get(url), 401, 'unauthorized');
      expectError(await t.http.get(url).set(owner.auth), 403, 'forbidden');
    }
  });

  it('declares both routes at level 1, the path parameter a bucket name', async () => {
    const document = (await t.http.get('/api/docs-json')).body;
    const listed = document.paths[BUCKETS].get;
    const shown = document.paths[`${BUCKETS}/{bucketId}/sys`].get;
    expect([listed['x-admin-level'], shown['x-admin-level']]).toEqual([1, 1]);
    expect(shown.parameters[0].description).toBe(`The bucket's \`name\`, from \`GET ${BUCKETS}\`.`);
  });
});
