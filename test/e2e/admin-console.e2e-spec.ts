/** @own-database */
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { expectError, expectSuccess } from '../support/expectations';
import { newAccount, newAdmin, newCompany, TestAccount } from '../support/factories';
import type { TestApp } from '../support/test-app';

const KEYWORD = 'console-keyword-for-tests';
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe('The console: accounts, companies and the platform audit trail (CONTRACT 21)', () => {
  let t: TestApp;
  let db: DataSource;
  let root: TestAccount;
  let support: TestAccount;
  let staff: TestAccount;
  let owner: TestAccount;
  let company: { id: string; slug: string; name: string };

  beforeAll(async () => {
    // Read when the application's configuration is validated, which happens on import.
    process.env.ADMIN_KEYWORD = KEYWORD;
    const { createTestApp } = await import('../support/test-app');
    t = await createTestApp();
    db = t.app.get(DataSource);
    root = await newAdmin(t.http, db);
    support = await newAdmin(t.http, db, 2);
    staff = await newAdmin(t.http, db, 4);
    owner = await newAccount(t.http, 'console-owner', 'Console Owner');
    company = await newCompany(t.http, owner, { slug: `console-${randomUUID().slice(0, 8)}` });
  });
  afterAll(async () => {
    delete process.env.ADMIN_KEYWORD;
    await t.close();
  });

  const critical = (path: string) =>
    t.http.post(`/api/v1/admin/accounts/${path}`).set(root.auth).set('X-Admin-Keyword', KEYWORD);

  describe('accounts', () => {
    it('lists every account newest first, searched by e-mail or name', async () => {
      const page = expectSuccess(await t.http.get('/api/v1/admin/accounts?limit=2').set(support.auth));
      expect(page.accounts).toHaveLength(2);
      expect(page.pagination).toMatchObject({ page: 1, limit: 2, total_exact: true });
      expect(page.pagination.total).toBeGreaterThanOrEqual(3);

      const byEmail = expectSuccess(
        await t.http
          .get(`/api/v1/admin/accounts?search=${encodeURIComponent(owner.email.toUpperCase())}`)
          .set(support.auth),
      );
      expect(byEmail.accounts.map((a: { id: string }) => a.id)).toEqual([owner.id]);
      expect(byEmail.accounts[0]).not.toHaveProperty('password_hash');
      const byName = expectSuccess(await t.http.get('/api/v1/admin/accounts?search=console owner').set(support.auth));
      expect(byName.accounts.map((a: { id: string }) => a.id)).toContain(owner.id);
    });

    it('finds a renamed account by its new name in any case, Cyrillic included, and no more by the old one', async () => {
      const renamed = await newAccount(t.http, 'console-renamed', 'Before Rename');
      const mark = randomUUID().slice(0, 8);
      expectSuccess(
        await t.http
          .patch('/api/v1/account')
          .set(renamed.auth)
          .send({ name: `Ёлка Щукина ${mark}` }),
      );
      const ids = async (search: string) =>
        expectSuccess(
          await t.http.get(`/api/v1/admin/accounts?search=${encodeURIComponent(search)}`).set(support.auth),
        ).accounts.map((a: { id: string }) => a.id);
      expect(await ids(`ёЛКА щУКИНА ${mark}`)).toEqual([renamed.id]);
      expect(await ids(`ЩУКИНА ${mark.toUpperCase()}`)).toEqual([renamed.id]);
      expect(await ids('Before Rename')).not.toContain(renamed.id);
      // The term's own wildcards are literal.
      expect(await ids(`ёлка_щукина ${mark}`)).toEqual([]);
    });

    it('finds an account by any piece of its address around the @, in any case, as a substring match would', async () => {
      const addressed = await newAccount(t.http, 'console-address');
      const [local, domain] = addressed.email.split('@');
      const ids = async (search: string) =>
        expectSuccess(
          await t.http.get(`/api/v1/admin/accounts?search=${encodeURIComponent(search)}`).set(support.auth),
        ).accounts.map((a: { id: string }) => a.id);
      expect(await ids(`${local.toUpperCase()}@`)).toEqual([addressed.id]);
      expect(await ids(`${local.slice(-12)}@${domain.slice(0, 4).toUpperCase()}`)).toEqual([addressed.id]);
      expect(await ids(`@${domain}`)).toContain(addressed.id);
      expect(await ids(`${local.slice(-12)}@x${domain}`)).toEqual([]);
      expect(await ids(`${local.slice(1, -1)}@`)).toEqual([]);
      // The term's own wildcards are literal on either side of the @.
      expect(await ids(`${local.slice(0, -1)}_@`)).toEqual([]);
      expect(await ids(`${local.slice(-12)}@${domain.slice(0, 3)}%`)).toEqual([]);

      // An address whose quoted local part holds an @ is still found by the term around its last one.
      const mark = randomUUID().slice(0, 8);
      await db.query(`UPDATE accounts SET email = $1 WHERE id = $2`, [`"q@${mark}"@${domain}`, addressed.id]);
      expect(await ids(`${mark}"@${domain}`)).toEqual([addressed.id]);
      expect(await ids(`Q@${mark}`)).toEqual([addressed.id]);
    });

    it("counts a search afresh after an account is added, renamed or readdressed (its remembered count's stamps)", async () => {
      const mark = randomUUID().slice(0, 8);
      const total = async () =>
        expectSuccess(await t.http.get(`/api/v1/admin/accounts?search=${mark}&limit=1`).set(support.auth)).pagination
          .total;
      const first = await newAccount(t.http, 'console-counted', `Counted ${mark}`);
      expect(await total()).toBe(1);
      await newAccount(t.http, 'console-counted', `Counted ${mark}`);
      expect(await total()).toBe(2);
      expectSuccess(await t.http.patch('/api/v1/account').set(first.auth).send({ name: 'Renamed away' }));
      expect(await total()).toBe(1);
      await db.query(`UPDATE accounts SET email = $1 WHERE id = $2`, [`${mark}@example.test`, first.id]);
      expect(await total()).toBe(2);
    });

    it('counts accounts by status and type', async () => {
      const stats = expectSuccess(await t.http.get('/api/v1/admin/accounts/stats').set(support.auth));
      expect(stats).toEqual({
        total_accounts: expect.any(Number),
        confirmed_accounts: expect.any(Number),
        waiting_accounts: expect.any(Number),
        admin_accounts: expect.any(Number),
        accounts_with_type: expect.any(Object),
      });
      expect(stats.confirmed_accounts + stats.waiting_accounts).toBe(stats.total_accounts);
      expect(stats.admin_accounts).toBeGreaterThanOrEqual(2);
      // Read from the kept counts, yet exactly what a count of the rows says.
      const [recount] = await db.query(
        `SELECT count(*)::int AS total_accounts, count(*) FILTER (WHERE status = 'confirmed')::int AS confirmed_accounts,
                count(*) FILTER (WHERE status = 'waiting')::int AS waiting_accounts,
                count(*) FILTER (WHERE is_admin)::int AS admin_accounts,
                (SELECT json_object_agg(type, n) FROM (SELECT type, count(*)::int AS n FROM accounts GROUP BY type) t)
                  AS accounts_with_type
         FROM accounts`,
      );
      expect(stats).toEqual(recount);
    });

    it('shows an account with its companies; unknown 404, malformed 400', async () => {
      const account = expectSuccess(await t.http.get(`/api/v1/admin/accounts/${owner.id}`).set(support.auth));
      expect(account).toMatchObject({ id: owner.id, email: owner.email, is_admin: false, admin_level: null });
      expect(account.companies).toEqual([
        { id: company.id, name: company.name, slug: company.slug, role_code: 'owner' },
      ]);
      expect(account).not.toHaveProperty('password_hash');
      expectError(await t.http.get(`/api/v1/admin/accounts/${UNKNOWN_ID}`).set(support.auth), 404, 'not_found');
      expectError(await t.http.get('/api/v1/admin/accounts/nope').set(support.auth), 400, 'validation_failed');
    });

    it("promotes below the caller's level and demotes below it, each on the record", async () => {
      const target = await newAccount(t.http, 'promoted');
      const promoted = expectSuccess(await critical(`${target.id}/promote-admin`).send({ level: 3 }));
      expect(promoted).toMatchObject({ id: target.id, is_admin: true, admin_level: 3, companies: [] });
      expect(expectSuccess(await t.http.get('/api/v1/admin/check').set(target.auth))).toMatchObject({ admin_level: 3 });

      const demoted = expectSuccess(await critical(`${target.id}/demote-admin`));
      expect(demoted).toMatchObject({ id: target.id, is_admin: false, admin_level: null });
      expectError(await t.http.get('/api/v1/admin/check').set(target.auth), 403, 'forbidden');

      const logs = expectSuccess(await t.http.get(`/api/v1/admin/logs?admin_id=${root.id}`).set(root.auth)).logs;
      const mine = logs.filter(
        (log: { metadata: { ids: { accountId?: string } } }) => log.metadata.ids.accountId === target.id,
      );
      expect(mine.map((log: { key: string }) => log.key)).toEqual(['accounts.demote_admin', 'accounts.promote_admin']);
      expect(mine[1]).toMatchObject({
        admin_id: root.id,
        request_id: expect.any(String),
        user_agent: null,
        metadata: {
          method: 'POST',
          path: `/api/v1/admin/accounts/${target.id}/promote-admin`,
          changes: { level: 3 },
          result_id: target.id,
        },
      });
      const byKey = expectSuccess(
        await t.http.get('/api/v1/admin/logs?key=accounts.promote_admin&limit=100').set(root.auth),
      );
      expect(byKey.logs.every((log: { key: string }) => log.key === 'accounts.promote_admin')).toBe(true);
      // The unfiltered total is the count the database keeps, equal to a recount.
      const [{ records }] = await db.query(`SELECT count(*)::int AS records FROM admin_logs`);
      expect(expectSuccess(await t.http.get('/api/v1/admin/logs?limit=1').set(root.auth)).pagination).toMatchObject({
        total: records,
        total_exact: true,
      });
      const past = expectSuccess(await t.http.get('/api/v1/admin/logs?to=2000-01-01T00:00:00Z').set(root.auth));
      expect(past.logs).toEqual([]);
    });

    it("refuses level 5, the caller's own account, equal or higher administrators, and a non-administrator's demotion", async () => {
      const target = await newAccount(t.http, 'refused');
      const other = await newAdmin(t.http, db);
      const refusals: Array<[string, Record<string, unknown> | undefined, number]> = [
        [`${target.id}/promote-admin`, { level: 5 }, 403],
        [`${root.id}/promote-admin`, { level: 2 }, 403],
        [`${root.id}/demote-admin`, undefined, 403],
        [`${other.id}/promote-admin`, { level: 2 }, 403],
        [`${other.id}/demote-admin`, undefined, 403],
        [`${target.id}/demote-admin`, undefined, 409],
        [`${UNKNOWN_ID}/promote-admin`, { level: 2 }, 404],
        [`${target.id}/promote-admin`, { level: 6 }, 400],
        [`${target.id}/promote-admin`, {}, 400],
      ];
      for (const [path, body, status] of refusals) {
        const answer = await (body ? critical(path).send(body) : critical(path));
        expect({ path, body, status: answer.status }).toEqual({ path, body, status });
      }
      const logs = expectSuccess(
        await t.http.get(`/api/v1/admin/logs?admin_id=${root.id}&limit=100`).set(root.auth),
      ).logs;
      const ids = [target.id, other.id, root.id, UNKNOWN_ID];
      expect(
        logs.filter((log: { metadata: { ids: { accountId: string } } }) => ids.includes(log.metadata.ids.accountId)),
      ).toEqual([]);
    });
  });

  describe('companies', () => {
    it('lists every company newest first, searched by name or slug', async () => {
      const page = expectSuccess(await t.http.get(`/api/v1/admin/companies?search=${company.slug}`).set(root.auth));
      expect(page.companies).toEqual([
        expect.objectContaining({
          id: company.id,
          slug: company.slug,
          name: company.name,
          owner_id: owner.id,
          storage_status: 'active',
        }),
      ]);
      expect(page.pagination).toMatchObject({ total: 1, total_exact: true });
      const bySlugInCapitals = expectSuccess(
        await t.http.get(`/api/v1/admin/companies?search=${company.slug.toUpperCase()}`).set(root.auth),
      );
      expect(bySlugInCapitals.companies.map((c: { id: string }) => c.id)).toEqual([company.id]);
      const all = expectSuccess(await t.http.get('/api/v1/admin/companies?limit=1').set(root.auth));
      expect(all.companies).toHaveLength(1);
      // The unfiltered total is read from the kept count of live companies, and equals a recount.
      const [{ live }] = await db.query(`SELECT count(*)::int AS live FROM companies WHERE deleting_at IS NULL`);
      expect(all.pagination).toMatchObject({ total: live, total_exact: true });
    });

    it('pages deep in the companies and their buckets exactly as a walk of the live companies would', async () => {
      // 40 companies over five UTC days, some created at the same instant, two being deleted: deep
      // pages start at their day from the kept counts of each day (CompanyCreationDays).
      const made: Array<{ id: string }> = await db.query(
        `INSERT INTO companies (name, slug, owner_id, plan_code, plan_expires_at, created_at)
         SELECT 'Paged ' || g, $1 || '-' || g, $2, (SELECT code FROM pricing_plans LIMIT 1), now() + interval '1 day',
                now() - (g % 5) * interval '1 day' - (g / 10) * interval '1 minute'
         FROM generate_series(1, 40) g RETURNING id`,
        [`paged-${randomUUID().slice(0, 8)}`, owner.id],
      );
      const ids = made.map((row) => row.id);
      await db.query(`UPDATE companies SET deleting_at = now() WHERE id = ANY($1)`, [[ids[3], ids[17]]]);
      try {
        const walked: Array<{ id: string }> = await db.query(
          `SELECT id FROM companies WHERE deleting_at IS NULL ORDER BY created_at DESC, id DESC`,
        );
        const limit = 7;
        for (let page = 1; page <= Math.ceil(walked.length / limit) + 1; page++) {
          const expected = walked.slice((page - 1) * limit, page * limit).map((row) => row.id);
          const query = `page=${page}&limit=${limit}`;
          const companies = expectSuccess(await t.http.get(`/api/v1/admin/companies?${query}`).set(root.auth));
          expect({ page, ids: companies.companies.map((c: { id: string }) => c.id) }).toEqual({ page, ids: expected });
          const buckets = expectSuccess(await t.http.get(`/api/v1/admin/media/buckets?${query}`).set(root.auth));
          expect({ page, names: buckets.buckets.map((b: { name: string }) => b.name) }).toEqual({
            page,
            names: expected.map((id) => `company-${id}`),
          });
        }
      } finally {
        await db.query(`DELETE FROM companies WHERE id = ANY($1)`, [ids]);
      }
    });

    it("answers the partner applications' totals, all and by status, from kept counts equal to a recount", async () => {
      for (let i = 0; i < 3; i++) {
        expectSuccess(
          await t.http
            .post('/api/v1/partners/become')
            .send({ name: `Counted partner ${i}`, type: 'public', email: `counted-partner-${i}@example.test` }),
          201,
        );
      }
      const [first] = await db.query(`SELECT id FROM partner_applications ORDER BY created_at LIMIT 1`);
      expectSuccess(await t.http.patch(`/api/v1/admin/partners/${first.id}`).set(root.auth).send({ status: 'banned' }));
      const counted: Array<{ status: string; n: number }> = await db.query(
        `SELECT status, count(*)::int AS n FROM partner_applications GROUP BY status`,
      );
      const totalOf = async (query: string) =>
        expectSuccess(await t.http.get(`/api/v1/admin/partners?limit=1${query}`).set(root.auth)).pagination.total;
      expect(await totalOf('')).toBe(counted.reduce((sum, row) => sum + row.n, 0));
      for (const status of ['waiting', 'success', 'banned']) {
        expect({ status, total: await totalOf(`&status=${status}`) }).toEqual({
          status,
          total: counted.find((row) => row.status === status)?.n ?? 0,
        });
      }
    });

    it('finds a renamed company by its new name in any case, and no more by the old one', async () => {
      const mark = randomUUID().slice(0, 8);
      const renamed = await newCompany(t.http, owner, { name: `Старое Имя ${mark}` });
      expectSuccess(
        await t.http
          .patch(`/api/v1/companies/${renamed.id}`)
          .set(owner.auth)
          .send({ name: `ООО Ёжик ${mark}` }),
      );
      const ids = async (search: string) =>
        expectSuccess(
          await t.http.get(`/api/v1/admin/companies?search=${encodeURIComponent(search)}`).set(root.auth),
        ).companies.map((c: { id: string }) => c.id);
      expect(await ids(`ооо ЁЖИК ${mark}`)).toEqual([renamed.id]);
      expect(await ids(`Старое Имя ${mark}`)).toEqual([]);
    });

    it("remembers a search's count until a company is added, removed or renamed, never past such a write", async () => {
      const mark = `counted-${randomUUID().slice(0, 8)}`;
      const insert = `INSERT INTO companies (name, name_lowered, slug, owner_id, plan_code, plan_expires_at)
        SELECT 'Counted ' || $1 || ' ' || g, 'counted ' || $1 || ' ' || g, $1 || '-' || g, $2,
               (SELECT code FROM pricing_plans LIMIT 1), now() + interval '1 day'
        FROM generate_series($3::int, $4::int) g RETURNING id`;
      const total = async () =>
        expectSuccess(await t.http.get(`/api/v1/admin/companies?search=${mark}&limit=1`).set(root.auth)).pagination
          .total;
      const made: Array<{ id: string }> = await db.query(insert, [mark, owner.id, 1, 3]);
      // The count reads the companies' searched columns (company_search_rows); a row written there
      // alone is a change the stamps of companies do not see.
      const unstamped = randomUUID();
      try {
        expect(await total()).toBe(3);
        await db.query(`INSERT INTO company_search_rows (id, name_lowered, slug) VALUES ($1, $2, $3)`, [
          unstamped,
          `${mark}-unstamped`,
          `${mark}-unstamped`,
        ]);
        // Counted once, the count is remembered: a change the stamps never saw is not counted again...
        expect(await total()).toBe(3);
        await db.query(`DELETE FROM company_search_rows WHERE id = $1`, [unstamped]);
        // ...and every write they see is: a company added, renamed away, set to be deleted, removed.
        made.push(...(await db.query(insert, [mark, owner.id, 4, 5])));
        expect(await total()).toBe(5);
        await db.query(`UPDATE companies SET name = 'Renamed away', slug = $2 WHERE id = $1`, [
          made[0].id,
          `renamed-${randomUUID().slice(0, 8)}`,
        ]);
        expect(await total()).toBe(4);
        await db.query(`UPDATE companies SET deleting_at = now() WHERE id = $1`, [made[1].id]);
        expect(await total()).toBe(3);
        await db.query(`DELETE FROM companies WHERE id = $1`, [made[2].id]);
        expect(await total()).toBe(2);
      } finally {
        await db.query(`DELETE FROM company_search_rows WHERE id = $1`, [unstamped]);
        await db.query(`DELETE FROM companies WHERE id = ANY($1)`, [made.map((row) => row.id)]);
      }
    });

    it('shows a company, its members and its pricing; unknown 404', async () => {
      // The Kroncl console's storage fields: one shared schema, the bucket made with the company.
      expect(expectSuccess(await t.http.get(`/api/v1/admin/companies/${company.id}`).set(root.auth))).toMatchObject({
        id: company.id,
        plan_code: expect.any(String),
        storage_status: 'active',
        storage_ready: true,
        schema_name: 'public',
      });
      const members = expectSuccess(await t.http.get(`/api/v1/admin/companies/${company.id}/accounts`).set(root.auth));
      expect(members.accounts).toEqual([
        {
          account_id: owner.id,
          name: 'Console Owner',
          email: owner.email,
          status: expect.any(String),
          avatar_url: null,
          role_code: 'owner',
          joined_at: expect.any(String),
          is_admin: false,
          admin_level: 0,
        },
      ]);
      const pricing = expectSuccess(await t.http.get(`/api/v1/admin/companies/${company.id}/pricing`).set(root.auth));
      expect(pricing).toMatchObject({ is_trial: true, current_plan: expect.any(Object), next_plan: null });
      for (const path of ['', '/accounts', '/pricing']) {
        expectError(await t.http.get(`/api/v1/admin/companies/${UNKNOWN_ID}${path}`).set(root.auth), 404, 'not_found');
      }
    });
  });

  describe('pricing plans', () => {
    it('lists and shows the plans', async () => {
      const page = expectSuccess(await t.http.get('/api/v1/admin/pricing/plans').set(root.auth));
      expect(page.plans.length).toBeGreaterThan(0);
      expect(page.pagination).toMatchObject({ total: page.plans.length, page: 1 });
      const [plan] = page.plans;
      expect(expectSuccess(await t.http.get(`/api/v1/admin/pricing/plans/${plan.code}`).set(root.auth))).toEqual(plan);
      expectError(await t.http.get('/api/v1/admin/pricing/plans/no-such-plan').set(root.auth), 404, 'not_found');
      expectError(await t.http.get('/api/v1/admin/pricing/plans').set(support.auth), 403, 'forbidden');
    });

    it('changes a description (served at once), never a code or level, with the keyword', async () => {
      const [plan] = expectSuccess(await t.http.get('/api/v1/admin/pricing/plans').set(root.auth)).plans;
      const path = `/api/v1/admin/pricing/plans/${plan.code}`;
      const patch = (body: Record<string, unknown>) =>
        t.http.patch(path).set(root.auth).set('X-Admin-Keyword', KEYWORD).send(body);
      try {
        const changed = expectSuccess(await patch({ description: 'Changed by the console test' }));
        expect(changed).toEqual({
          ...plan,
          description: 'Changed by the console test',
          updated_at: expect.any(String),
        });
        expect(expectSuccess(await t.http.get(path).set(root.auth)).description).toBe('Changed by the console test');
        expectError(await patch({ code: 'other' }), 400, 'validation_failed');
        expectError(await patch({ lvl: 9 }), 400, 'validation_failed');
        expectError(await patch({ price_per_month: -1 }), 400, 'validation_failed');
        expectError(await t.http.patch(path).set(root.auth).send({ description: 'x' }), 403, 'forbidden');
        expectError(
          await t.http
            .patch('/api/v1/admin/pricing/plans/no-such-plan')
            .set(root.auth)
            .set('X-Admin-Keyword', KEYWORD)
            .send({ description: 'x' }),
          404,
          'not_found',
        );
      } finally {
        expectSuccess(await patch({ description: plan.description }));
      }
      const [record] = expectSuccess(
        await t.http.get(`/api/v1/admin/logs?key=pricing.plans.update&admin_id=${root.id}`).set(root.auth),
      ).logs;
      expect(record.metadata).toMatchObject({
        ids: { planCode: plan.code },
        changes: { description: plan.description },
      });
    });
  });

  describe('promocodes', () => {
    const promocodes = '/api/v1/admin/pricing/promocodes';
    let planCode: string;
    let planName: string;
    beforeAll(async () => {
      const [plan] = expectSuccess(await t.http.get('/api/v1/plans?limit=100')).plans;
      planCode = plan.code;
      planName = plan.name;
    });
    const uniqueCode = () => `PROMO-${randomUUID().slice(0, 8)}`;

    it('are created, listed, shown, changed and deleted in the Kroncl shape, on the record', async () => {
      const code = uniqueCode();
      const created = expectSuccess(
        await t.http
          .post(promocodes)
          .set(staff.auth)
          .send({ code, plan_id: planCode, trial_period_days: 14, max_uses: 5 }),
        201,
      );
      expect(created).toEqual({
        id: expect.any(String),
        code,
        plan_id: planCode,
        plan_name: planName,
        trial_period_days: 14,
        max_uses: 5,
        used_count: 0,
        expires_at: null,
        active: true,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      });
      expectError(
        await t.http
          .post(promocodes)
          .set(staff.auth)
          .send({ code: code.toLowerCase(), plan_id: planCode, trial_period_days: 1 }),
        409,
        'conflict',
      );
      expectError(
        await t.http
          .post(promocodes)
          .set(staff.auth)
          .send({ code: uniqueCode(), plan_id: 'nope', trial_period_days: 1 }),
        400,
        'validation_failed',
      );
      expectError(
        await t.http
          .post(promocodes)
          .set(staff.auth)
          .send({ code: uniqueCode(), plan_id: planCode, trial_period_days: 1, expires_at: '2020-01-01T00:00:00Z' }),
        400,
        'validation_failed',
      );
      const page = expectSuccess(await t.http.get(`${promocodes}?limit=100`).set(staff.auth));
      expect(page.promocodes.map((p: { id: string }) => p.id)).toContain(created.id);
      // The total is the kept count (PromocodeCounts), equal to a recount.
      const [{ all }] = await db.query(`SELECT count(*)::int AS all FROM promocodes`);
      expect(page.pagination).toMatchObject({ total: all, total_exact: true });
      expect(expectSuccess(await t.http.get(`${promocodes}/${created.id}`).set(staff.auth))).toEqual(created);
      const changed = expectSuccess(
        await t.http.patch(`${promocodes}/${created.id}`).set(staff.auth).send({ active: false, max_uses: null }),
      );
      expect(changed).toMatchObject({ active: false, max_uses: null, code });
      expect(expectSuccess(await t.http.delete(`${promocodes}/${created.id}`).set(staff.auth))).toMatchObject({
        id: created.id,
      });
      expectError(await t.http.get(`${promocodes}/${created.id}`).set(staff.auth), 404, 'not_found');
      const keys = (
        await db.query(`SELECT key FROM admin_logs WHERE metadata->>'result_id' = $1 ORDER BY created_at`, [created.id])
      ).map((row: { key: string }) => row.key);
      expect(keys).toEqual(['pricing.promocodes.create', 'pricing.promocodes.update', 'pricing.promocodes.delete']);
    });

    it("start their plan's trial in POST /companies; unusable ones are 400 naming promocode", async () => {
      const code = uniqueCode();
      const promo = expectSuccess(
        await t.http.post(promocodes).set(staff.auth).send({ code, plan_id: planCode, trial_period_days: 7 }),
        201,
      );
      const company = expectSuccess(
        await t.http
          .post('/api/v1/companies')
          .set(owner.auth)
          .send({ name: 'Promoted company', promocode: code.toLowerCase() }),
        201,
      );
      expect(company.plan_code).toBe(planCode);
      const days = (new Date(company.plan_expires_at).getTime() - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(6.9);
      expect(days).toBeLessThanOrEqual(7);
      expect(expectSuccess(await t.http.get(`${promocodes}/${promo.id}`).set(staff.auth)).used_count).toBe(1);

      const refused = async (body: Record<string, unknown>) => {
        const answer = expectError(
          await t.http
            .post('/api/v1/companies')
            .set(owner.auth)
            .send({ name: 'Refused company', ...body }),
          400,
          'validation_failed',
        );
        expect(answer.error.details).toEqual([expect.objectContaining({ field: 'promocode' })]);
      };
      await refused({ promocode: 'NO-SUCH-CODE' });
      const otherPlan = expectSuccess(await t.http.get('/api/v1/plans?limit=100')).plans.find(
        (p: { code: string }) => p.code !== planCode,
      );
      await refused({ promocode: code, plan_code: otherPlan.code });
      expectSuccess(await t.http.patch(`${promocodes}/${promo.id}`).set(staff.auth).send({ active: false }));
      await refused({ promocode: code });
    });

    it("start their plan's trial in POST …/pricing/migrate: a free transaction already settled", async () => {
      const code = uniqueCode();
      expectSuccess(
        await t.http
          .post(promocodes)
          .set(staff.auth)
          .send({ code, plan_id: planCode, trial_period_days: 10, max_uses: 1 }),
        201,
      );
      const migrate = (body: Record<string, unknown>) =>
        t.http.post(`/api/v1/companies/${company.id}/pricing/migrate`).set(owner.auth).send(body);
      const otherPlan = expectSuccess(await t.http.get('/api/v1/plans?limit=100')).plans.find(
        (p: { code: string }) => p.code !== planCode,
      );
      expectError(await migrate({ plan_code: otherPlan.code, promocode: code }), 400, 'validation_failed');
      const trial = expectSuccess(await migrate({ plan_code: planCode, promocode: code }), 201);
      expect(trial).toMatchObject({ plan_code: planCode, amount: 0, status: 'success', is_trial: true });
      const pricing = expectSuccess(await t.http.get(`/api/v1/companies/${company.id}/pricing`).set(owner.auth));
      expect(pricing).toMatchObject({ is_trial: true, current_plan: { code: planCode }, days_left: 10 });
      const spent = expectError(await migrate({ plan_code: planCode, promocode: code }), 400, 'validation_failed');
      expect(spent.error.details).toEqual([expect.objectContaining({ field: 'promocode' })]);
    });

    it('are counted exactly: 20 concurrent creations against max_uses 3 create exactly 3', async () => {
      const code = uniqueCode();
      const promo = expectSuccess(
        await t.http
          .post(promocodes)
          .set(staff.auth)
          .send({ code, plan_id: planCode, trial_period_days: 3, max_uses: 3 }),
        201,
      );
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          t.http
            .post('/api/v1/companies')
            .set(owner.auth)
            .send({ name: `Race ${i} ${code}`, promocode: code }),
        ),
      );
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses.filter((status) => status === 201)).toHaveLength(3);
      expect(statuses.filter((status) => status === 400)).toHaveLength(17);
      expect(expectSuccess(await t.http.get(`${promocodes}/${promo.id}`).set(staff.auth)).used_count).toBe(3);
      const [{ count }] = await db.query(`SELECT count(*)::int AS count FROM companies WHERE name LIKE $1`, [
        `Race % ${code}`,
      ]);
      expect(count).toBe(3);
    });
  });

  describe('database schemas', () => {
    it('list the one shared schema with its figures and tables', async () => {
      const page = expectSuccess(
        await t.http.get('/api/v1/admin/db/schemas?search=&only_tenants=false').set(support.auth),
      );
      expect(page.schemas).toEqual([
        expect.objectContaining({ schema_name: 'public', is_company: false, tables_count: expect.any(Number) }),
      ]);
      expect(page.pagination.total).toBe(1);
      const none = expectSuccess(await t.http.get('/api/v1/admin/db/schemas?search=tenant_').set(support.auth));
      expect(none.schemas).toEqual([]);
      expect(expectSuccess(await t.http.get('/api/v1/admin/db/schemas/public/sys').set(support.auth))).toMatchObject({
        schema_name: 'public',
        migration_dirty: false,
      });
      const tables = expectSuccess(await t.http.get('/api/v1/admin/db/schemas/public/tables').set(support.auth));
      expect(tables.map((table: { table_name: string }) => table.table_name)).toContain('companies');
      expectError(await t.http.get('/api/v1/admin/db/schemas/tenant_1/sys').set(support.auth), 404, 'not_found');
    });

    it('apply pending migrations on demand (none pending: an empty list), critical', async () => {
      const up = () => t.http.post('/api/v1/admin/db/schemas/up').set(root.auth).set('X-Admin-Keyword', KEYWORD);
      expect(expectSuccess(await up())).toEqual({ applied: [] });
      expect(
        expectSuccess(
          await t.http.post('/api/v1/admin/db/schemas/public/migrate').set(root.auth).set('X-Admin-Keyword', KEYWORD),
        ),
      ).toEqual({ applied: [] });
      expectError(await t.http.post('/api/v1/admin/db/schemas/up').set(root.auth), 403, 'forbidden');
    });
  });
});
