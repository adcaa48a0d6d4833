import { DataSource } from 'typeorm';
import { StorageService } from '../../src/core/storage/storage.service';
import { MediaService } from '../../src/modules/companies/storage/media.service';
import { addMember, newAccount, newAdmin, newCompany, setPlan, TestAccount, auditRecords } from '../support/factories';
import { createTestApp, TestApp } from '../support/test-app';
import { expectError, expectPage, expectSuccess, TIMESTAMP, UUID } from '../support/expectations';

const DAY = 86400_000;

describe('Companies', () => {
  let t: TestApp;
  let db: DataSource;
  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
  });
  afterAll(() => t.close());

  describe('POST /companies', () => {
    it('makes the caller owner, on a 30-day trial of the highest-level plan', async () => {
      const owner = await newAccount(t.http, 'owner');
      const before = Date.now();
      const company = await newCompany(t.http, owner, { name: 'Acme Trading', region: 'Moscow', is_public: true });
      expect(company).toEqual({
        id: expect.stringMatching(UUID),
        name: 'Acme Trading',
        slug: expect.stringMatching(/^acme-trading(-\d+)?$/),
        description: null,
        avatar_url: null,
        is_public: true,
        region: 'Moscow',
        site: null,
        email: null,
        owner_id: owner.id,
        role: 'owner',
        role_code: 'owner',
        plan_code: 'enterprise',
        plan_expires_at: expect.stringMatching(TIMESTAMP),
        joined_at: expect.stringMatching(TIMESTAMP),
        created_at: expect.stringMatching(TIMESTAMP),
        updated_at: expect.stringMatching(TIMESTAMP),
        storage: {
          id: company.id,
          company_id: company.id,
          schema_name: 'public',
          status: 'active',
          storage_type: 'schema',
          metadata: { bucket: expect.any(String) },
          created_at: company.created_at,
          updated_at: company.updated_at,
        },
      });
      const plans = expectPage(await t.http.get('/api/v1/plans'), 'plans').items;
      // Cheapest first: the richest plan (lvl 1) is the last.
      expect(company.plan_code).toBe(plans[plans.length - 1].code);
      expect(Math.abs(new Date(company.plan_expires_at).getTime() - before - 30 * DAY)).toBeLessThan(10_000);
    });

    it('transliterates Cyrillic names into the slug and keeps slugs unique', async () => {
      const owner = await newAccount(t.http, 'slug');
      const name = `Рога и Копыта ${Date.now()}`;
      const first = await newCompany(t.http, owner, { name });
      const second = await newCompany(t.http, owner, { name });
      expect(first.slug).toMatch(/^roga-i-kopyta-\d+$/);
      expect(second.slug).toBe(`${first.slug}-2`);
    });

    it('409 for a taken explicit slug, 400 for an invalid one', async () => {
      const owner = await newAccount(t.http, 'slugx');
      const slug = `taken-${Date.now()}`;
      await newCompany(t.http, owner, { slug });
      expectError(await t.http.post('/api/v1/companies').set(owner.auth).send({ name: 'X', slug }), 409, 'conflict');
      for (const bad of ['Upper-Case', 'ab', 'a--b', '-lead', 'x'.repeat(64), 'юникод']) {
        expectError(
          await t.http.post('/api/v1/companies').set(owner.auth).send({ name: 'X', slug: bad }),
          400,
          'validation_failed',
        );
      }
    });

    it('400 for bad fields, 401 without a credential', async () => {
      const owner = await newAccount(t.http, 'badco');
      const body = expectError(
        await t.http
          .post('/api/v1/companies')
          .set(owner.auth)
          .send({ name: '', site: 'not a url', email: 'nope', owner_id: 'x' }),
        400,
        'validation_failed',
      );
      expect(new Set(body.error.details.map((d: { field: string }) => d.field))).toEqual(
        new Set(['name', 'site', 'email', 'owner_id']),
      );
      expectError(await t.http.post('/api/v1/companies').send({ name: 'X' }), 401, 'unauthorized');
    });
  });

  describe('listing', () => {
    it("GET /companies/my lists the caller's companies, newest first, with their role", async () => {
      const owner = await newAccount(t.http, 'lister');
      const member = await newAccount(t.http, 'listmember');
      const older = await newCompany(t.http, owner);
      const newer = await newCompany(t.http, owner);
      await addMember(db, older.id, member);
      const mine = expectPage(await t.http.get('/api/v1/companies/my').set(owner.auth), 'companies');
      expect(mine.items.map((c) => c.id)).toEqual([newer.id, older.id]);
      const theirs = expectPage(await t.http.get('/api/v1/companies/my').set(member.auth), 'companies');
      expect(theirs.items).toEqual([expect.objectContaining({ id: older.id, role: 'member', owner_id: owner.id })]);
      expect(
        expectPage(await t.http.get('/api/v1/companies/my?limit=1&page=2').set(owner.auth), 'companies').items[0].id,
      ).toBe(older.id);
    });

    it('GET /companies/public needs no credential and shows only public fields of public companies', async () => {
      const owner = await newAccount(t.http, 'public');
      const shown = await newCompany(t.http, owner, { is_public: true, site: 'https://example.com' });
      const hidden = await newCompany(t.http, owner);
      const { items } = expectPage(await t.http.get('/api/v1/companies/public?limit=100'), 'companies');
      const found = items.find((c) => c.id === shown.id);
      expect(found).toEqual({
        id: shown.id,
        name: shown.name,
        slug: shown.slug,
        description: null,
        avatar_url: null,
        region: null,
        site: 'https://example.com',
      });
      expect(items.find((c) => c.id === hidden.id)).toBeUndefined();
    });
  });

  describe('GET/PATCH /companies/{id}', () => {
    it('any member reads the company; PATCH changes only the fields sent and null clears', async () => {
      const owner = await newAccount(t.http, 'patchco');
      const member = await newAccount(t.http, 'patchmember');
      const company = await newCompany(t.http, owner, { description: 'Old', region: 'Kazan' });
      await addMember(db, company.id, member);
      expect(expectSuccess(await t.http.get(`/api/v1/companies/${company.id}`).set(member.auth))).toMatchObject({
        id: company.id,
        role: 'member',
      });

      const patched = expectSuccess(
        await t.http
          .patch(`/api/v1/companies/${company.id}`)
          .set(owner.auth)
          .send({ description: null, is_public: true }),
      );
      expect(patched).toMatchObject({ description: null, region: 'Kazan', is_public: true, name: company.name });
      const [record] = await auditRecords(db, company.id, 'company.update');
      expect(record).toMatchObject({
        status: 'success',
        account_id: owner.id,
        metadata: expect.objectContaining({ method: 'PATCH', changes: { description: null, is_public: true } }),
      });
    });

    it('PATCH: null is 400 for a field that cannot be empty', async () => {
      const owner = await newAccount(t.http, 'patchnull');
      const company = await newCompany(t.http, owner);
      for (const field of ['name', 'slug', 'is_public']) {
        const body = expectError(
          await t.http
            .patch(`/api/v1/companies/${company.id}`)
            .set(owner.auth)
            .send({ [field]: null }),
          400,
          'validation_failed',
        );
        expect(body.error.details.map((d: { field: string }) => d.field)).toContain(field);
      }
      expectError(
        await t.http.post('/api/v1/companies').set(owner.auth).send({ name: 'X', is_public: null }),
        400,
        'validation_failed',
      );
    });

    it('PATCH: 403 without company.update, 409 for a taken slug', async () => {
      const owner = await newAccount(t.http, 'patch403');
      const member = await newAccount(t.http, 'patch403m');
      const company = await newCompany(t.http, owner);
      const other = await newCompany(t.http, owner);
      await addMember(db, company.id, member, ['company.summary']);
      expectError(
        await t.http.patch(`/api/v1/companies/${company.id}`).set(member.auth).send({ name: 'X' }),
        403,
        'forbidden',
      );
      expectError(
        await t.http.patch(`/api/v1/companies/${company.id}`).set(owner.auth).send({ slug: other.slug }),
        409,
        'conflict',
      );
      const records = await auditRecords(db, company.id, 'company.update');
      expect(records.map((r: { key: string; status: string }) => [r.key, r.status])).toEqual([
        ['company.update', 'error'],
        ['company.update', 'error'],
      ]);
    });
  });

  describe('DELETE /companies/{id}', () => {
    it('only the owner deletes, even against a member granted company.delete', async () => {
      const owner = await newAccount(t.http, 'delowner');
      const member = await newAccount(t.http, 'delmember');
      const company = await newCompany(t.http, owner);
      await addMember(db, company.id, member, ['company.delete']);
      expectError(await t.http.delete(`/api/v1/companies/${company.id}`).set(member.auth), 403, 'forbidden');
      expectSuccess(await t.http.get(`/api/v1/companies/${company.id}`).set(owner.auth));
    });

    it('removes every row of the company and its bucket, and no other company is touched', async () => {
      const owner = await newAccount(t.http, 'purge');
      const member = await newAccount(t.http, 'purgemember');
      const company = await newCompany(t.http, owner);
      const survivor = await newCompany(t.http, owner);
      await addMember(db, company.id, member, ['storage']);
      await addMember(db, survivor.id, member, ['storage']);
      const storage = t.app.get(StorageService);
      await t.app.get(MediaService).store(company.id, 'docs/report.txt', () => Buffer.from('hello'), 5, 'text/plain');

      expect(expectSuccess(await t.http.delete(`/api/v1/companies/${company.id}`).set(owner.auth))).toEqual({});
      expectError(await t.http.get(`/api/v1/companies/${company.id}`).set(owner.auth), 404, 'not_found');

      await waitFor(async () => (await db.query(`SELECT 1 FROM companies WHERE id = $1`, [company.id])).length === 0);
      for (const table of ['company_members', 'employees', 'positions', 'employee_positions', 'audit_logs']) {
        expect(await db.query(`SELECT 1 FROM ${table} WHERE company_id = $1`, [company.id])).toEqual([]);
      }
      expect(await storage.statObject(company.id, 'docs/report.txt')).toBeNull();
      expect(await db.query(`SELECT 1 FROM company_members WHERE company_id = $1`, [survivor.id])).toHaveLength(2);
    });

    it('a purge that fails half-way is retried to completion', async () => {
      const owner = await newAccount(t.http, 'retry');
      const company = await newCompany(t.http, owner);
      const storage = t.app.get(StorageService);
      await t.app.get(MediaService).store(company.id, 'a.txt', () => Buffer.from('a'), 1, 'text/plain');
      const removeBucket = jest.spyOn(storage, 'removeBucket').mockRejectedValueOnce(new Error('storage down'));

      expectSuccess(await t.http.delete(`/api/v1/companies/${company.id}`).set(owner.auth));
      await waitFor(async () => removeBucket.mock.calls.length === 1);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await db.query(`SELECT 1 FROM companies WHERE id = $1`, [company.id])).toHaveLength(1);
      expectError(await t.http.get(`/api/v1/companies/${company.id}`).set(owner.auth), 404, 'not_found');
      removeBucket.mockRestore();

      await db.query(`UPDATE companies SET deleting_at = now() - interval '1 hour' WHERE id = $1`, [company.id]);
      const { CompanyPurger } = await import('../../src/modules/companies/companies/company-purger');
      await t.app.get(CompanyPurger).sweep();
      await waitFor(async () => (await db.query(`SELECT 1 FROM companies WHERE id = $1`, [company.id])).length === 0);
      expect(await storage.statObject(company.id, 'a.txt')).toBeNull();
    });
  });

  describe('plans', () => {
    let owner: TestAccount;
    let admin: TestAccount;
    beforeAll(async () => {
      owner = await newAccount(t.http, 'planowner');
      admin = await newAdmin(t.http, db);
    });

    it('GET /pricing reads the plan and its expiry; GET /plan is gone (one path per operation)', async () => {
      const company = await newCompany(t.http, owner);
      const pricing = expectSuccess(await t.http.get(`/api/v1/companies/${company.id}/pricing`).set(owner.auth));
      expect(pricing).toMatchObject({
        current_plan: expect.objectContaining({ code: 'enterprise', lvl: 1, price_currency: 'RUB' }),
        expires_at: company.plan_expires_at,
        is_trial: true,
      });
      expectError(await t.http.get(`/api/v1/companies/${company.id}/plan`).set(owner.auth), 404, 'not_found');
    });

    it('PUT /plan is for administrators: the owner gets 403, an outsider 404', async () => {
      const company = await newCompany(t.http, owner);
      const outsider = await newAccount(t.http, 'planoutsider');
      expectError(
        await t.http
          .put(`/api/v1/companies/${company.id}/plan`)
          .set(owner.auth)
          .send({ code: 'start', period: 'month' }),
        403,
        'forbidden',
      );
      expectError(
        await t.http
          .put(`/api/v1/companies/${company.id}/plan`)
          .set(outsider.auth)
          .send({ code: 'start', period: 'month' }),
        404,
        'not_found',
      );
      expect(await auditRecords(db, company.id, 'pricing.migrate')).toEqual([
        expect.objectContaining({ status: 'error', account_id: owner.id }),
      ]);
    });

    it('an administrator sets a plan for a period or until a time, each change audited as pricing.migrate', async () => {
      const company = await newCompany(t.http, owner);
      const before = Date.now();
      const monthly = expectSuccess(
        await t.http
          .put(`/api/v1/companies/${company.id}/plan`)
          .set(admin.auth)
          .send({ code: 'start', period: 'month' }),
      );
      expect(monthly).toMatchObject({ plan: { code: 'start', lvl: 3 }, expired: false });
      const days = (new Date(monthly.expires_at).getTime() - before) / DAY;
      expect(days).toBeGreaterThanOrEqual(28);
      expect(days).toBeLessThanOrEqual(31.1);
      const yearly = expectSuccess(
        await t.http
          .put(`/api/v1/companies/${company.id}/plan`)
          .set(admin.auth)
          .send({ code: 'business', period: 'year' }),
      );
      expect((new Date(yearly.expires_at).getTime() - before) / DAY).toBeGreaterThanOrEqual(365);

      const ended = expectSuccess(
        await t.http
          .put(`/api/v1/companies/${company.id}/plan`)
          .set(admin.auth)
          .send({ code: 'business', expires_at: '2020-01-01T00:00:00.000Z' }),
      );
      expect(ended).toMatchObject({ expires_at: '2020-01-01T00:00:00.000Z', expired: true });
      expect(expectSuccess(await t.http.get(`/api/v1/companies/${company.id}/pricing`).set(owner.auth))).toMatchObject({
        current_plan: { code: 'business' },
        expires_at: '2020-01-01T00:00:00.000Z',
        days_left: 0,
      });

      const records = await auditRecords(db, company.id, 'pricing.migrate');
      expect(records).toHaveLength(3);
      expect(records[0]).toMatchObject({ status: 'success', account_id: admin.id });
      expect(records[0].metadata.changes).toEqual({ code: 'start', period: 'month' });
    });

    it('PUT /plan: 400 for an unknown plan, both or neither of period and expires_at', async () => {
      const company = await newCompany(t.http, owner);
      for (const body of [
        { code: 'nope', period: 'month' },
        { code: 'start' },
        { code: 'start', period: 'week' },
        { code: 'start', period: 'month', expires_at: '2030-01-01T00:00:00Z' },
        { code: 'start', expires_at: 'tomorrow' },
      ]) {
        expectError(
          await t.http.put(`/api/v1/companies/${company.id}/plan`).set(admin.auth).send(body),
          400,
          'validation_failed',
        );
      }
    });

    it('administrators get no silent access to company data', async () => {
      const company = await newCompany(t.http, owner);
      expectError(await t.http.get(`/api/v1/companies/${company.id}`).set(admin.auth), 404, 'not_found');
      expectError(await t.http.get(`/api/v1/companies/${company.id}/pricing`).set(admin.auth), 404, 'not_found');
      expectError(await t.http.get(`/api/v1/companies/${company.id}/storage/status`).set(admin.auth), 404, 'not_found');
    });
  });

  describe('permissions', () => {
    it('the owner holds every code the plan allows; an expired plan keeps only allow_expired codes', async () => {
      const owner = await newAccount(t.http, 'permowner');
      const company = await newCompany(t.http, owner);
      const all = expectSuccess(await t.http.get('/api/v1/permissions'))
        .map((p: { code: string }) => p.code)
        .sort();
      expect(expectSuccess(await t.http.get(`/api/v1/companies/${company.id}/permissions/me`).set(owner.auth))).toEqual(
        {
          permissions: all,
        },
      );

      await setPlan(db, company.id, 'start', new Date(Date.now() + DAY));
      const onStart = expectSuccess(
        await t.http.get(`/api/v1/companies/${company.id}/permissions/me`).set(owner.auth),
      ).permissions;
      expect(onStart).not.toContain('crm.clients');
      expect(onStart).toContain('logs.clear');

      await setPlan(db, company.id, 'enterprise', new Date(Date.now() - 1000));
      const expired = expectSuccess(
        await t.http.get(`/api/v1/companies/${company.id}/permissions/me`).set(owner.auth),
      ).permissions;
      expect(expired).toContain('crm.clients');
      expect(expired).toContain('logs');
      expect(expired).not.toContain('logs.clear');
      expect(expired).not.toContain('crm.clients.create');
    });

    it('a member holds the union of their positions, only while their card is active', async () => {
      const owner = await newAccount(t.http, 'unionowner');
      const member = await newAccount(t.http, 'unionmember');
      const company = await newCompany(t.http, owner);
      const { employeeId } = await addMember(db, company.id, member, ['storage', 'company.summary']);
      const hrm = `/api/v1/companies/${company.id}/modules/hrm`;
      const second = expectSuccess(
        await t.http
          .post(`${hrm}/positions`)
          .set(owner.auth)
          .send({ name: 'Second', permissions: ['storage.db', 'storage'] }),
        201,
      );
      expectSuccess(
        await t.http
          .post(`${hrm}/employees/${employeeId}/link-position`)
          .set(owner.auth)
          .send({ position_id: second.id }),
      );
      const me = () => t.http.get(`/api/v1/companies/${company.id}/permissions/me`).set(member.auth);
      expect(expectSuccess(await me())).toEqual({ permissions: ['company.summary', 'storage', 'storage.db'] });
      expectSuccess(await t.http.get(`/api/v1/companies/${company.id}/storage/db`).set(member.auth));
      expectError(
        await t.http.get(`/api/v1/companies/${company.id}/permissions/me`).set((await newAccount(t.http)).auth),
        404,
        'not_found',
      );

      expectSuccess(await t.http.post(`${hrm}/employees/${employeeId}/deactivate`).set(owner.auth));
      expect(expectSuccess(await me())).toEqual({ permissions: [] });
      expectError(await t.http.get(`/api/v1/companies/${company.id}/storage/db`).set(member.auth), 403, 'forbidden');
    });
  });

  describe('storage figures', () => {
    it("report the company's own rows and files against the plan's limits", async () => {
      const owner = await newAccount(t.http, 'storage');
      const company = await newCompany(t.http, owner);
      const other = await newCompany(t.http, owner);
      for (let i = 0; i < 3; i++) await addMember(db, other.id, await newAccount(t.http, 'filler'));
      await t.app.get(MediaService).store(company.id, 'a/b.txt', () => Buffer.alloc(2048, 1), 2048, 'text/plain');

      const status = expectSuccess(await t.http.get(`/api/v1/companies/${company.id}/storage/status`).set(owner.auth));
      expect(status).toEqual({
        db_mb: expect.any(Number),
        limit_db_mb: 10240,
        objects_mb: expect.any(Number),
        limit_objects_mb: 102400,
        objects_count: 1,
        limit_objects_count: 100000,
      });
      expect(status.objects_mb).toBeGreaterThan(0);

      const database = expectSuccess(await t.http.get(`/api/v1/companies/${company.id}/storage/db`).set(owner.auth));
      expect(database.limit_db_mb).toBe(10240);
      const rows = Object.fromEntries(
        database.tables.map((table: { name: string; rows: number }) => [table.name, table.rows]),
      );
      expect(rows).toMatchObject({ companies: 1, company_members: 1, employees: 0 });
      const otherDb = expectSuccess(await t.http.get(`/api/v1/companies/${other.id}/storage/db`).set(owner.auth));
      expect(otherDb.tables.find((table: { name: string }) => table.name === 'company_members').rows).toBe(4);
      expect(otherDb.size_mb).toBeGreaterThan(database.size_mb);
    });
  });
});

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
