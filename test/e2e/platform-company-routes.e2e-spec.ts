/** @shared-app */
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { addMember, auditRecords, newAccount, newAdmin, newCompany, setPlan, TestAccount } from '../support/factories';
import { sharedTestApp, SharedTestApp } from '../support/shared-app';
import { expectError, expectPage, expectSuccess, TIMESTAMP } from '../support/expectations';
import { companyOf } from '../support/urls';

const DAY = 86400_000;

/** The company routes of CONTRACT 17 at the platform's paths: companies, storage, catalog, pricing, partners. */
describe('Platform company routes', () => {
  let t: SharedTestApp;
  let db: DataSource;
  let admin: TestAccount;
  beforeAll(async () => {
    t = await sharedTestApp();
    db = t.db;
    admin = await newAdmin(t.http, db);
  });
  afterAll(() => t.close());

  describe('GET /companies/my', () => {
    it("lists the caller's companies with role_code; search matches name or slug; role filters", async () => {
      const owner = await newAccount(t.http, 'myowner');
      const other = await newAccount(t.http, 'myother');
      const alpha = await newCompany(t.http, owner, { name: 'Alpha Trading' });
      const beta = await newCompany(t.http, owner, { name: 'Beta', slug: `zeta-${Date.now()}` });
      const joined = await newCompany(t.http, other, { name: 'Gamma Joined' });
      await addMember(db, joined.id, owner);
      const my = async (query = '') =>
        expectPage(await t.http.get(`/api/v1/companies/my${query}`).set(owner.auth), 'companies');

      const all = await my();
      expect(all.items.map((c) => [c.id, c.role, c.role_code])).toEqual([
        [joined.id, 'member', 'guest'],
        [beta.id, 'owner', 'owner'],
        [alpha.id, 'owner', 'owner'],
      ]);
      expect((await my('?search=alpha')).items.map((c) => c.id)).toEqual([alpha.id]);
      expect((await my('?search=ZETA')).items.map((c) => c.id)).toEqual([beta.id]);
      const members = await my('?role=member');
      expect(members.items.map((c) => c.id)).toEqual([joined.id]);
      expect(members.pagination).toMatchObject({ total: 1 });
      // The platform's client filters by its own names: `guest` is a member, `all` is no filter.
      expect((await my('?role=guest')).items.map((c) => c.id)).toEqual([joined.id]);
      expect((await my('?role=owner')).items.map((c) => c.id)).toEqual([beta.id, alpha.id]);
      expect((await my('?role=all')).items).toHaveLength(3);
      expectError(await t.http.get('/api/v1/companies/my?role=boss').set(owner.auth), 400, 'validation_failed');
      expectError(await t.http.get('/api/v1/companies/my'), 401, 'unauthorized');
    });

    it('GET /companies (the old path of the list) is gone', async () => {
      const owner = await newAccount(t.http, 'oldlist');
      const res = await t.http.get('/api/v1/companies').set(owner.auth);
      expect(res.status).toBe(404);
    });
  });

  describe('GET /companies/check-slug-unique', () => {
    it('answers {slug, unique}; an invalid or missing slug is 400; a credential is needed', async () => {
      const owner = await newAccount(t.http, 'slugcheck');
      const slug = `check-${Date.now()}`;
      const check = async (value: string) =>
        t.http.get(`/api/v1/companies/check-slug-unique?slug=${encodeURIComponent(value)}`).set(owner.auth);
      expect(expectSuccess(await check(slug))).toEqual({ slug, unique: true });
      await newCompany(t.http, owner, { slug });
      expect(expectSuccess(await check(slug))).toEqual({ slug, unique: false });
      expectError(await check('Bad Slug'), 400, 'validation_failed');
      expectError(await t.http.get('/api/v1/companies/check-slug-unique').set(owner.auth), 400, 'validation_failed');
      expectError(await t.http.get(`/api/v1/companies/check-slug-unique?slug=${slug}`), 401, 'unauthorized');
    });
  });

  describe('POST /companies with the client form', () => {
    it('takes avatar_url and plan_code: the trial runs on that plan; the storage is active', async () => {
      const owner = await newAccount(t.http, 'formowner');
      const company = await newCompany(t.http, owner, {
        slug: `form-${Date.now()}`,
        description: 'From the client',
        avatar_url: 'https://cdn.example.com/a.png',
        is_public: false,
        plan_code: 'start',
      });
      expect(company).toMatchObject({
        avatar_url: 'https://cdn.example.com/a.png',
        plan_code: 'start',
        storage: { company_id: company.id, status: 'active', storage_type: 'schema' },
      });
      const pricing = expectSuccess(await t.http.get(`${companyOf(company.id)}/pricing`).set(owner.auth));
      expect(pricing).toMatchObject({
        is_trial: true,
        days_left: 30,
        days_total: 30,
        current_plan: { code: 'start', lvl: 3 },
        next_plan: null,
      });
    });

    it('400 for an unknown plan_code, and nothing is created', async () => {
      const owner = await newAccount(t.http, 'badplan');
      const body = expectError(
        await t.http.post('/api/v1/companies').set(owner.auth).send({ name: 'Nope', plan_code: 'platinum' }),
        400,
        'validation_failed',
      );
      expect(body.error.details).toEqual([{ field: 'plan_code', message: 'is not a plan code' }]);
      expect(expectPage(await t.http.get('/api/v1/companies/my').set(owner.auth), 'companies').items).toEqual([]);
    });
  });

  describe('storage views', () => {
    it('GET /storage answers the storage record with {database, media}', async () => {
      const owner = await newAccount(t.http, 'storage');
      const company = await newCompany(t.http, owner);
      const storage = expectSuccess(await t.http.get(`${companyOf(company.id)}/storage`).set(owner.auth));
      expect(storage).toEqual({
        ...company.storage,
        updated_at: expect.stringMatching(TIMESTAMP),
        database: {
          status: 'active',
          is_ready: true,
          message: 'The database is ready',
          schema_name: 'public',
          size_mb: expect.any(Number),
          limit_db_mb: expect.any(Number),
        },
        media: {
          is_ready: expect.any(Boolean),
          exists: expect.any(Boolean),
          message: expect.any(String),
          bucket: company.storage.metadata.bucket,
          objects_mb: 0,
          limit_objects_mb: expect.any(Number),
          objects_count: 0,
          limit_objects_count: expect.any(Number),
        },
      });
    });

    it('GET /storage/db/sources answers the sources view; /storage/sources is its alias', async () => {
      const owner = await newAccount(t.http, 'sources');
      const company = await newCompany(t.http, owner);
      const sources = expectSuccess(await t.http.get(`${companyOf(company.id)}/storage/db/sources`).set(owner.auth));
      expect(sources).toEqual({
        schema_name: 'public',
        schema_exists: true,
        total_size_mb: expect.any(Number),
        total_size_pretty: expect.stringMatching(/^\d+(\.\d)? (kB|MB|GB)$/),
        table_size_mb: sources.total_size_mb,
        index_size_mb: 0,
        toast_size_mb: 0,
        table_count: expect.any(Number),
        index_count: 0,
        sequence_count: 0,
        view_count: 0,
        materialized_view_count: 0,
        total_rows: expect.any(Number),
        dead_rows: 0,
        active_connections: 0,
        last_vacuum: null,
        last_autovacuum: null,
        last_analyze: null,
        created_at: company.created_at,
        updated_at: expect.stringMatching(TIMESTAMP),
      });
      // The company row, its owner's membership and what a new company starts with.
      expect(sources.total_rows).toBeGreaterThanOrEqual(2);
      expect(sources.table_count).toBeGreaterThanOrEqual(2);
      const alias = expectSuccess(await t.http.get(`${companyOf(company.id)}/storage/sources`).set(owner.auth));
      expect({ ...alias, updated_at: null }).toEqual({ ...sources, updated_at: null });
    });

    it('each view needs its own permission; the old /storage/database is gone', async () => {
      const owner = await newAccount(t.http, 'storageperm');
      const member = await newAccount(t.http, 'storagemember');
      const company = await newCompany(t.http, owner);
      await addMember(db, company.id, member, ['storage']);
      expectSuccess(await t.http.get(`${companyOf(company.id)}/storage`).set(member.auth));
      for (const path of ['storage/db', 'storage/db/sources', 'storage/sources']) {
        expectError(await t.http.get(`${companyOf(company.id)}/${path}`).set(member.auth), 403, 'forbidden');
      }
      expect((await t.http.get(`${companyOf(company.id)}/storage/database`).set(owner.auth)).status).toBe(404);
    });
  });

  describe('GET /companies/{id}/permissions', () => {
    it('lists the whole catalog with available as the plan sees it, on the platform scale', async () => {
      const owner = await newAccount(t.http, 'catalog');
      const member = await newAccount(t.http, 'catalogmember');
      const company = await newCompany(t.http, owner);
      await addMember(db, company.id, member);
      const catalog = expectSuccess(await t.http.get('/api/v1/permissions'));
      const seen = async (who: TestAccount) =>
        new Map<string, any>(
          expectSuccess(await t.http.get(`${companyOf(company.id)}/permissions`).set(who.auth)).map((p: any) => [
            p.code,
            p,
          ]),
        );

      // Any member may read it (the client gates every page on it).
      const rich = await seen(member);
      expect(rich.size).toBe(catalog.length);
      expect(rich.get('crm.clients')).toEqual({
        code: 'crm.clients',
        lvl: 2,
        criticality: 3,
        allow_expired: true,
        available: true,
      });

      await setPlan(db, company.id, 'start', new Date(Date.now() + DAY));
      const cheap = await seen(owner);
      expect(cheap.get('crm.clients').available).toBe(false);
      expect(cheap.get('logs.clear')).toMatchObject({ lvl: 3, available: true });

      await setPlan(db, company.id, 'enterprise', new Date(Date.now() - 1000));
      const expired = await seen(owner);
      expect(expired.get('logs.clear').available).toBe(false);
      expect(expired.get('logs').available).toBe(true);
    });

    it("has every code the client checks, with the platform server's values", async () => {
      const owner = await newAccount(t.http, 'clientcodes');
      const company = await newCompany(t.http, owner);
      const seen = new Map<string, any>(
        expectSuccess(await t.http.get(`${companyOf(company.id)}/permissions`).set(owner.auth)).map((p: any) => [
          p.code,
          p,
        ]),
      );
      const expected: Array<[string, number, number, boolean]> = [
        ['hrm', 3, 2, true],
        ['crm', 2, 2, true],
        ['crm.analysis', 2, 1, false],
        ['accounts.settings', 3, 3, true],
        ['accounts.settings.update', 3, 10, true],
        ['pricing.transactions', 3, 3, true],
        ['pricing.migrate', 3, 10, true],
        ['storage.sources', 3, 3, true],
        ['fm.counterparties', 3, 2, true],
        ['fm.forecast', 1, 5, false],
      ];
      for (const [code, lvl, criticality, allowExpired] of expected) {
        expect([code, seen.get(code)]).toEqual([
          code,
          { code, lvl, criticality, allow_expired: allowExpired, available: true },
        ]);
      }
    });

    it('404 for a non-member', async () => {
      const owner = await newAccount(t.http, 'catalogowner');
      const outsider = await newAccount(t.http, 'catalogoutsider');
      const company = await newCompany(t.http, owner);
      expectError(await t.http.get(`${companyOf(company.id)}/permissions`).set(outsider.auth), 404, 'not_found');
    });
  });

  describe('pricing', () => {
    const migrate = (companyId: string, who: TestAccount, body: object) =>
      t.http
        .post(`${companyOf(companyId)}/pricing/migrate`)
        .set(who.auth)
        .send(body);
    const transactionsOf = (companyId: string) => `${companyOf(companyId)}/pricing/transactions`;

    it('GET /pricing answers the platform shape', async () => {
      const owner = await newAccount(t.http, 'pricing');
      const company = await newCompany(t.http, owner);
      expect(expectSuccess(await t.http.get(`${companyOf(company.id)}/pricing`).set(owner.auth))).toEqual({
        is_trial: true,
        expires_at: company.plan_expires_at,
        days_left: 30,
        days_total: 30,
        current_plan: expect.objectContaining({ code: 'enterprise', lvl: 1, price_currency: 'RUB' }),
        next_plan: null,
      });
      await setPlan(db, company.id, 'enterprise', new Date(Date.now() - 1000));
      expect(expectSuccess(await t.http.get(`${companyOf(company.id)}/pricing`).set(owner.auth)).days_left).toBe(0);
    });

    it('a purchase is a pending transaction priced from the plan; a second is 409; the list shows it', async () => {
      const owner = await newAccount(t.http, 'buyer');
      const company = await newCompany(t.http, owner);
      const plans = expectPage(await t.http.get('/api/v1/plans'), 'plans').items;
      const business = plans.find((p) => p.code === 'business');

      const bought = expectSuccess(await migrate(company.id, owner, { plan_code: 'business', period: 'year' }), 201);
      expect(bought).toEqual({
        id: expect.any(String),
        company_id: company.id,
        account_id: owner.id,
        amount: business.price_per_year,
        currency: 'RUB',
        status: 'pending',
        plan_code: 'business',
        next_plan_code: null,
        is_trial: false,
        period: 'year',
        expires_at: expect.stringMatching(TIMESTAMP),
        created_at: expect.stringMatching(TIMESTAMP),
        updated_at: expect.stringMatching(TIMESTAMP),
      });
      expect((new Date(bought.expires_at).getTime() - Date.now()) / DAY).toBeGreaterThan(360);
      const pricing = expectSuccess(await t.http.get(`${companyOf(company.id)}/pricing`).set(owner.auth));
      expect(pricing.next_plan).toMatchObject({ code: 'business' });
      expect(pricing.current_plan).toMatchObject({ code: 'enterprise' });

      expectError(await migrate(company.id, owner, { plan_code: 'start' }), 409, 'conflict');
      const { items } = expectPage(await t.http.get(transactionsOf(company.id)).set(owner.auth), 'transactions');
      expect(items).toEqual([bought]);
      expect(await auditRecords(db, company.id, 'pricing.migrate')).toEqual([
        expect.objectContaining({ status: 'success', account_id: owner.id }),
        expect.objectContaining({ status: 'error', account_id: owner.id }),
      ]);

      const monthly = await newCompany(t.http, owner);
      const month = expectSuccess(await migrate(monthly.id, owner, { plan_code: 'start' }), 201);
      expect(month).toMatchObject({ period: 'month', amount: plans.find((p) => p.code === 'start').price_per_month });
    });

    it('of two purchases at once, exactly one is written and the other is 409', async () => {
      for (let round = 0; round < 3; round++) {
        const owner = await newAccount(t.http, `race${round}`);
        const company = await newCompany(t.http, owner);
        const answers = await Promise.all([
          migrate(company.id, owner, { plan_code: 'business' }),
          migrate(company.id, owner, { plan_code: 'start', period: 'year' }),
        ]);
        expect(answers.map((res) => res.status).sort()).toEqual([201, 409]);
        const pending = await db.query(`SELECT status FROM pricing_transactions WHERE company_id = $1`, [company.id]);
        expect(pending).toEqual([{ status: 'pending' }]);
      }
    });

    it('400 for an unknown plan or period; nothing is written', async () => {
      const owner = await newAccount(t.http, 'badbuy');
      const company = await newCompany(t.http, owner);
      expectError(await migrate(company.id, owner, { plan_code: 'platinum' }), 400, 'validation_failed');
      expectError(await migrate(company.id, owner, { plan_code: 'start', period: 'week' }), 400, 'validation_failed');
      expectError(await migrate(company.id, owner, {}), 400, 'validation_failed');
      expect(await db.query(`SELECT 1 FROM pricing_transactions WHERE company_id = $1`, [company.id])).toEqual([]);
    });

    it('revoke cancels a pending purchase; a revoked one cannot change again (409); a new purchase is then allowed', async () => {
      const owner = await newAccount(t.http, 'revoker');
      const company = await newCompany(t.http, owner);
      const bought = expectSuccess(await migrate(company.id, owner, { plan_code: 'business' }), 201);
      const revoke = () => t.http.post(`${transactionsOf(company.id)}/${bought.id}/revoke`).set(owner.auth);
      expect(expectSuccess(await revoke())).toMatchObject({ id: bought.id, status: 'revoked' });
      expectError(await revoke(), 409, 'conflict');
      expectError(
        await t.http.post(`${transactionsOf(company.id)}/${bought.id}/confirm`).set(admin.auth),
        409,
        'conflict',
      );
      expect(expectSuccess(await t.http.get(`${companyOf(company.id)}/pricing`).set(owner.auth)).next_plan).toBeNull();
      expectSuccess(await migrate(company.id, owner, { plan_code: 'start' }), 201);
    });

    it('an administrator confirms: paid, the plan changes for the period, audited; then it is final', async () => {
      const owner = await newAccount(t.http, 'confirmed');
      const company = await newCompany(t.http, owner);
      const bought = expectSuccess(await migrate(company.id, owner, { plan_code: 'business' }), 201);
      const confirm = (who: TestAccount) =>
        t.http.post(`${transactionsOf(company.id)}/${bought.id}/confirm`).set(who.auth);

      expectError(await confirm(owner), 403, 'forbidden');
      const confirmed = expectSuccess(await confirm(admin));
      expect(confirmed).toMatchObject({ id: bought.id, status: 'success', plan_code: 'business' });

      const plan = expectSuccess(await t.http.get(`${companyOf(company.id)}/pricing`).set(owner.auth));
      expect(plan).toMatchObject({ current_plan: { code: 'business', lvl: 2 }, days_left: expect.any(Number) });
      expect(confirmed.expires_at).toBe(plan.expires_at);
      const days = (new Date(plan.expires_at).getTime() - Date.now()) / DAY;
      expect(days).toBeGreaterThanOrEqual(27.9);
      expect(days).toBeLessThanOrEqual(31.1);
      expect(expectSuccess(await t.http.get(`${companyOf(company.id)}/pricing`).set(owner.auth))).toMatchObject({
        is_trial: false,
        current_plan: { code: 'business' },
        next_plan: null,
      });

      expectError(await confirm(admin), 409, 'conflict');
      expectError(
        await t.http.post(`${transactionsOf(company.id)}/${bought.id}/revoke`).set(owner.auth),
        409,
        'conflict',
      );
      expect((await auditRecords(db, company.id, 'pricing.migrate')).map((r) => [r.status, r.account_id])).toEqual([
        ['success', owner.id],
        ['error', owner.id],
        ['success', admin.id],
        ['error', admin.id],
        ['error', owner.id],
      ]);
    });

    it('migrate needs pricing.migrate, the list pricing.transactions; another company’s transaction is 404', async () => {
      const owner = await newAccount(t.http, 'pricingperm');
      const member = await newAccount(t.http, 'pricingmember');
      const company = await newCompany(t.http, owner);
      await addMember(db, company.id, member, ['pricing.transactions']);
      expectError(await migrate(company.id, member, { plan_code: 'start' }), 403, 'forbidden');
      expectPage(await t.http.get(transactionsOf(company.id)).set(member.auth), 'transactions');
      expectSuccess(await t.http.get(`${companyOf(company.id)}/pricing`).set(member.auth));

      const other = await newCompany(t.http, owner);
      const theirs = expectSuccess(await migrate(other.id, owner, { plan_code: 'start' }), 201);
      expectError(
        await t.http.post(`${transactionsOf(company.id)}/${theirs.id}/revoke`).set(owner.auth),
        404,
        'not_found',
      );
      expectError(
        await t.http.post(`${transactionsOf(company.id)}/${randomUUID()}/confirm`).set(admin.auth),
        404,
        'not_found',
      );
      const outsider = await newAccount(t.http, 'pricingoutsider');
      expectError(await t.http.get(`${companyOf(company.id)}/pricing`).set(outsider.auth), 404, 'not_found');
    });
  });

  describe('POST /partners/become', () => {
    // The run's one database may already hold another suite's application from the same address
    // (the first-Execute suite sends every operation once): this walk counts from none.
    beforeAll(async () => {
      await db.query('DELETE FROM partner_applications');
      await db.query(`DELETE FROM throttle_counters WHERE limit_name = 'partner_applications_per_address'`);
    });

    it('stores the form without a credential; 5 an hour per address, then 429 with Retry-After; the body is checked first', async () => {
      const form = { name: 'Acme Consulting', type: 'public', email: 'Partner@Example.com', text: 'We sell' };
      for (let i = 0; i < 5; i++) {
        expect(expectSuccess(await t.http.post('/api/v1/partners/become').send(form), 201)).toEqual({
          success: true,
        });
      }
      const refused = await t.http.post('/api/v1/partners/become').send(form);
      expectError(refused, 429, 'rate_limited');
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(3500);
      expect(retryAfter).toBeLessThanOrEqual(3600);
      // Validation answers before the limit: a bad form is 400 even with the hour spent.
      expectError(
        await t.http.post('/api/v1/partners/become').send({ ...form, type: 'other' }),
        400,
        'validation_failed',
      );
      expectError(await t.http.post('/api/v1/partners/become').send({ ...form, extra: 1 }), 400, 'validation_failed');

      const rows = await db.query(`SELECT name, type, email, text, status FROM partner_applications`);
      expect(rows).toHaveLength(5);
      expect(rows[0]).toEqual({
        name: 'Acme Consulting',
        type: 'public',
        email: 'partner@example.com',
        text: 'We sell',
        status: 'waiting',
      });

      // An hour later the address may apply again.
      await db.query(`UPDATE partner_applications SET created_at = created_at - interval '61 minutes'`);
      await db.query(
        `UPDATE throttle_counters SET expires_at = now() WHERE limit_name = 'partner_applications_per_address'`,
      );
      expectSuccess(await t.http.post('/api/v1/partners/become').send({ ...form, text: undefined }), 201);
    });

    it('administrators list the applications; anyone else gets 403, no credential 401', async () => {
      const { items, pagination } = expectPage(
        await t.http.get('/api/v1/partners/applications').set(admin.auth),
        'applications',
      );
      expect(pagination.total).toBe(items.length);
      expect(items[0]).toEqual({
        id: expect.any(String),
        name: 'Acme Consulting',
        type: 'public',
        email: 'partner@example.com',
        text: null,
        status: 'waiting',
        client_ip: expect.any(String),
        created_at: expect.stringMatching(TIMESTAMP),
        updated_at: expect.stringMatching(TIMESTAMP),
      });
      const someone = await newAccount(t.http, 'notadmin');
      expectError(await t.http.get('/api/v1/partners/applications').set(someone.auth), 403, 'forbidden');
      expectError(await t.http.get('/api/v1/partners/applications'), 401, 'unauthorized');
    });
  });
});
