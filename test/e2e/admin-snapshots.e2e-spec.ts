/** @own-database */
import { DataSource } from 'typeorm';
import { Leases } from '../../src/core/lease/leases';
import { Snapshots } from '../../src/modules/platform/admin/system/snapshots';
import { SystemFigures } from '../../src/modules/platform/admin/system/system-figures';
import { expectError, expectSuccess } from '../support/expectations';
import { newAccount, newAdmin, newCompany, TestAccount } from '../support/factories';
import type { TestApp } from '../support/test-app';

const PERIOD_S = 1;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The Kroncl console's server figures (MetricsServerSnapshot), as numbers. */
const SERVER_NUMBERS = [
  'requests_total',
  'requests_5xx_total',
  'requests_4xx_total',
  'avg_response_time_ms',
  'p95_response_time_ms',
  'active_connections',
  'goroutines_count',
  'heap_alloc_mb',
  'heap_inuse_mb',
  'gc_duration_ms',
  'cpu_usage_percent',
  'memory_usage_mb',
  'open_fds_count',
];
const ACCOUNT_TYPES = ['owner', 'employee', 'admin', 'outsourcing', 'tech'];
/** The Kroncl console's clientele figures (MetricsClienteleSnapshot), as numbers. */
const CLIENTELE_NUMBERS = [
  'total_accounts',
  'confirmed_accounts',
  'waiting_accounts',
  'admin_accounts',
  ...ACCOUNT_TYPES.map((type) => `account_type_${type}`),
  'total_companies',
  'public_companies',
  'private_companies',
  'total_company_accounts',
  'avg_accounts_per_company',
  'max_accounts_in_company',
  'total_transactions',
  'success_transactions',
  'pending_transactions',
  'trial_transactions',
  'active_companies_7d',
  'active_companies_30d',
  'company_schemas_without_data',
];
const numbers = (names: string[]) => Object.fromEntries(names.map((name) => [name, expect.any(Number)]));

/**
 * In one statement (one snapshot): the clientele counts the triggers keep, and the same counts
 * from the rows, each as `{name: count}` (counts at 0 left out).
 */
const KEPT_AND_COUNTED = `SELECT
  (SELECT coalesce(jsonb_object_agg(name, total), '{}') FROM
    (SELECT name, sum(total)::bigint AS total FROM clientele_counts GROUP BY name HAVING sum(total) <> 0) k) AS kept,
  (SELECT coalesce(jsonb_object_agg(name, n), '{}') FROM (SELECT name, sum(n)::bigint AS n FROM (
     SELECT unnest(ARRAY['accounts', 'accounts.status=' || status, 'accounts.type=' || type,
                         CASE WHEN is_admin THEN 'accounts.admin' END]) AS name, 1 AS n FROM accounts
     UNION ALL SELECT unnest(ARRAY[CASE WHEN deleting_at IS NULL THEN 'companies' END,
                                   CASE WHEN deleting_at IS NULL AND is_public THEN 'companies.public' END]), 1 FROM companies
     UNION ALL SELECT 'companies.paid', 1 FROM companies WHERE deleting_at IS NULL AND NOT plan_is_trial
     UNION ALL SELECT 'companies.objects', objects_count FROM companies WHERE deleting_at IS NULL
     UNION ALL SELECT 'companies.bytes', objects_bytes FROM companies WHERE deleting_at IS NULL
     UNION ALL SELECT 'company_members', 1 FROM company_members
     UNION ALL SELECT unnest(ARRAY['pricing_transactions', 'pricing_transactions.status=' || status,
                                   CASE WHEN is_trial THEN 'pricing_transactions.trial' END]), 1 FROM pricing_transactions
     UNION ALL SELECT unnest(ARRAY['partner_applications', 'partner_applications.status=' || status]), 1
       FROM partner_applications
     UNION ALL SELECT 'admin_logs', 1 FROM admin_logs
     UNION ALL SELECT 'promocodes', 1 FROM promocodes
   ) r WHERE name IS NOT NULL GROUP BY name HAVING sum(n) <> 0) c) AS counted,
  (SELECT coalesce(jsonb_object_agg(day, total), '{}') FROM
    (SELECT day, sum(total)::int AS total FROM account_signup_days GROUP BY day HAVING sum(total) <> 0) k) AS kept_days,
  (SELECT coalesce(jsonb_object_agg(day, n), '{}') FROM
    (SELECT (created_at AT TIME ZONE 'UTC')::date AS day, count(*)::int AS n FROM accounts GROUP BY 1) c) AS counted_days,
  (SELECT coalesce(jsonb_object_agg(day, total), '{}') FROM
    (SELECT day, sum(total)::int AS total FROM company_creation_days GROUP BY day HAVING sum(total) <> 0) k) AS kept_company_days,
  (SELECT coalesce(jsonb_object_agg(day, n), '{}') FROM
    (SELECT (created_at AT TIME ZONE 'UTC')::date AS day, count(*)::int AS n FROM companies
     WHERE deleting_at IS NULL GROUP BY 1) c) AS counted_company_days`;

describe('The console: system pages and their snapshots (CONTRACT 21)', () => {
  let first: TestApp;
  let second: TestApp;
  let db: DataSource;
  let low: TestAccount;
  let desk: TestAccount;

  beforeAll(async () => {
    // Read when the application's configuration is validated, which happens on import.
    process.env.ADMIN_SNAPSHOT_S = String(PERIOD_S);
    const { createTestApp } = await import('../support/test-app');
    first = await createTestApp();
    db = first.app.get(DataSource);
    await db.query(`DELETE FROM leases WHERE name = 'admin-snapshots'`);
    await db.query(`DELETE FROM admin_snapshots`);
    second = await createTestApp();
    low = await newAdmin(first.http, db, 1);
    desk = await newAdmin(first.http, db, 4);
  });
  afterAll(async () => {
    process.env.ADMIN_SNAPSHOT_S = '0';
    await second.close();
  });

  it('shows the database, the server and the store now', async () => {
    const database = expectSuccess(await second.http.get('/api/v1/admin/db/sys').set(low.auth));
    expect(database).toMatchObject({
      total_database_size_mb: expect.any(Number),
      total_active_connections: expect.any(Number),
      cache_hit_ratio: expect.any(Number),
      migration_dirty: false,
    });
    expect(database.biggest_tables.length).toBeGreaterThan(0);
    expect(expectSuccess(await second.http.get('/api/v1/admin/server/sys').set(low.auth))).toMatchObject({
      rss_mb: expect.any(Number),
      event_loop_lag_ms: expect.any(Number),
      uptime_s: expect.any(Number),
      version: expect.any(String),
    });
    // A company with objects, so the kept totals have something to count.
    const company = await newCompany(first.http, await newAccount(first.http, 'media-owner'));
    await db.query(
      `UPDATE companies SET objects_count = objects_count + 2, objects_bytes = objects_bytes + 3145728 WHERE id = $1`,
      [company.id],
    );
    const [rows] = await db.query(
      `SELECT count(*)::int AS buckets, sum(objects_count)::int AS objects, sum(objects_bytes)::float8 AS bytes
       FROM companies WHERE deleting_at IS NULL`,
    );
    expect(rows.objects).toBeGreaterThanOrEqual(2);
    expect(expectSuccess(await second.http.get('/api/v1/admin/media/sys').set(low.auth))).toMatchObject({
      total_buckets: rows.buckets,
      total_objects: rows.objects,
      total_size_mb: Math.round(rows.bytes / 1048576),
      avg_tenant_objects: rows.objects / rows.buckets,
    });
    const clientele = expectSuccess(await second.http.get('/api/v1/admin/clientele/stats').set(desk.auth));
    expect(clientele.total_accounts).toBeGreaterThanOrEqual(2);
    expect(clientele.signups_by_day.at(-1).signups).toBeGreaterThanOrEqual(2);
    expectError(await second.http.get('/api/v1/admin/clientele/stats').set(low.auth), 403, 'forbidden');
  });

  it('answers the server page in the Kroncl shape: requests since start, response times, runtime, system', async () => {
    const sys = () => second.http.get('/api/v1/admin/server/sys').set(low.auth);
    const before = expectSuccess(await sys());
    expect(before).toMatchObject({
      recorded_at: expect.any(String),
      ...numbers(SERVER_NUMBERS),
      db_worker_success: expect.any(Boolean),
      clientele_worker_success: expect.any(Boolean),
    });
    expectError(await second.http.get('/api/v1/admin/no-such-page').set(low.auth), 404, 'not_found');
    expectError(await second.http.get('/api/v1/admin/clientele/stats').set(low.auth), 403, 'forbidden');
    expectSuccess(await second.http.get('/api/v1/admin/check').set(low.auth));
    const after = expectSuccess(await sys());
    // The first reading's own request and the three between: the tally is this application's.
    expect(after.requests_total - before.requests_total).toBe(4);
    expect(after.requests_4xx_total - before.requests_4xx_total).toBe(2);
    expect(after.requests_5xx_total).toBe(before.requests_5xx_total);
    // Four response times since the first reading: the 95th percentile is the slowest of them.
    expect(after.p95_response_time_ms).toBeGreaterThanOrEqual(after.avg_response_time_ms);
    expect(after.active_connections).toBeGreaterThanOrEqual(1);
    expect(after.goroutines_count).toBeGreaterThan(0);
    expect(after.heap_alloc_mb).toBeGreaterThan(0);
    expect(after.heap_inuse_mb).toBeGreaterThanOrEqual(after.heap_alloc_mb);
    expect(after.gc_duration_ms).toBeGreaterThanOrEqual(0);
    expect(after.memory_usage_mb).toBe(after.rss_mb);
    expect(after.cpu_usage_percent).toBe(after.cpu_percent);
    expect(after.open_fds_count).toBeGreaterThan(0);
  });

  it('answers the clientele page in the Kroncl shape, from the counts the database keeps', async () => {
    const owner = await newAccount(first.http, 'clientele-owner');
    const company = await newCompany(first.http, owner, { is_public: true });
    // An audited change: the company is active today.
    expectSuccess(
      await first.http.patch(`/api/v1/companies/${company.id}`).set(owner.auth).send({ name: 'Active Co' }),
    );
    const stats = expectSuccess(await second.http.get('/api/v1/admin/clientele/stats').set(desk.auth));
    expect(stats).toMatchObject({ recorded_at: expect.any(String), ...numbers(CLIENTELE_NUMBERS) });
    expect(stats.confirmed_accounts + stats.waiting_accounts).toBe(stats.total_accounts);
    const byType = ACCOUNT_TYPES.reduce((sum, type) => sum + stats[`account_type_${type}`], 0);
    expect(byType).toBe(stats.total_accounts);
    expect(stats.admin_accounts).toBeGreaterThanOrEqual(2);
    expect(stats.public_companies).toBeGreaterThanOrEqual(1);
    expect(stats.public_companies + stats.private_companies).toBe(stats.total_companies);
    expect(stats.total_company_accounts).toBeGreaterThanOrEqual(1);
    expect(stats.avg_accounts_per_company).toBeCloseTo(stats.total_company_accounts / stats.total_companies, 2);
    expect(stats.max_accounts_in_company).toBeGreaterThanOrEqual(Math.ceil(stats.avg_accounts_per_company));
    expect(stats.success_transactions + stats.pending_transactions).toBeLessThanOrEqual(stats.total_transactions);
    expect(stats.trial_transactions).toBeLessThanOrEqual(stats.total_transactions);
    expect(stats.active_companies_7d).toBeGreaterThanOrEqual(1);
    expect(stats.active_companies_30d).toBeGreaterThanOrEqual(stats.active_companies_7d);
    expect(stats.company_schemas_without_data).toBe(0);
    // This service's own figures stay.
    const [paying] = await db.query(
      `SELECT count(*)::int AS n FROM companies WHERE NOT plan_is_trial AND deleting_at IS NULL AND plan_expires_at > now()`,
    );
    expect(stats).toMatchObject({ accounts: expect.any(Number), paying_companies: paying.n });
    expect(stats.signups_by_day.at(-1).signups).toBeGreaterThanOrEqual(1);
    const days = await db.query(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, count(*)::int AS signups
       FROM (SELECT (created_at AT TIME ZONE 'UTC')::date AS day FROM accounts) a
       WHERE day > (now() AT TIME ZONE 'UTC')::date - 30 GROUP BY day ORDER BY day`,
    );
    expect(stats.signups_by_day).toEqual(days);
  });

  it('keeps the clientele counts and the store totals equal to the rows through inserts, changes and deletes', async () => {
    const runner = db.createQueryRunner();
    await runner.connect();
    await runner.startTransaction();
    const agree = async () => {
      const [row] = await runner.query(KEPT_AND_COUNTED);
      expect(row.kept).toEqual(row.counted);
      expect(row.kept_days).toEqual(row.counted_days);
      expect(row.kept_company_days).toEqual(row.counted_company_days);
      // The companies' searched columns, copied for the search's count (migration CompanySearchRows).
      const [copies] = await runner.query(
        `SELECT (SELECT count(*)::int FROM (SELECT id, name_lowered, slug, deleting_at FROM companies
                  EXCEPT SELECT id, name_lowered, slug, deleting_at FROM company_search_rows) d) AS missing,
                (SELECT count(*)::int FROM (SELECT id, name_lowered, slug, deleting_at FROM company_search_rows
                  EXCEPT SELECT id, name_lowered, slug, deleting_at FROM companies) d) AS stale`,
      );
      expect(copies).toEqual({ missing: 0, stale: 0 });
    };
    try {
      await agree();
      const [kept, gone] = await runner.query(
        `INSERT INTO accounts (email, name, type, created_at)
         VALUES ($1, 'Counted', 'tech', now()), ($2, 'Counted', 'outsourcing', now() - interval '3 days') RETURNING id`,
        [`counted-${Date.now()}@example.com`, `gone-${Date.now()}@example.com`],
      );
      await runner.query(`UPDATE accounts SET status = 'confirmed', is_admin = true, admin_level = 1 WHERE id = $1`, [
        kept.id,
      ]);
      // A sign-up day moved (an import correcting it): the kept days follow.
      await runner.query(`UPDATE accounts SET created_at = created_at - interval '10 days' WHERE id = $1`, [gone.id]);
      const [company] = await runner.query(
        `INSERT INTO companies (name, slug, owner_id, plan_code, plan_expires_at)
         SELECT 'Counted', $1, $2, code, now() + interval '1 day' FROM pricing_plans LIMIT 1 RETURNING id, plan_code`,
        [`counted-${Date.now()}`, kept.id],
      );
      await runner.query(
        `INSERT INTO company_members (company_id, account_id, role) VALUES ($1, $2, 'owner'), ($1, $3, 'guest')`,
        [company.id, kept.id, gone.id],
      );
      const [purchase] = await runner.query(
        `INSERT INTO pricing_transactions (company_id, amount, currency, plan_code, period, expires_at)
         VALUES ($1, 0, 'RUB', $2, 'month', now() + interval '1 month') RETURNING id`,
        [company.id, company.plan_code],
      );
      await agree();
      await runner.query(`UPDATE pricing_transactions SET status = 'success', is_trial = true WHERE id = $1`, [
        purchase.id,
      ]);
      await runner.query(`UPDATE companies SET is_public = true WHERE id = $1`, [company.id]);
      await agree();
      await runner.query(`UPDATE companies SET name = 'Counted Renamed', slug = $2 WHERE id = $1`, [
        company.id,
        `counted-renamed-${Date.now()}`,
      ]);
      await agree();
      const [application] = await runner.query(
        `INSERT INTO partner_applications (name, type, email, client_ip)
         VALUES ('Counted', 'public', 'counted@example.test', '192.0.2.1'), ('Counted', 'public', 'counted@example.test', '192.0.2.1')
         RETURNING id`,
      );
      await agree();
      await runner.query(`UPDATE partner_applications SET status = 'success' WHERE id = $1`, [application.id]);
      await agree();
      await runner.query(`DELETE FROM partner_applications WHERE id = $1`, [application.id]);
      await agree();
      const [record] = await runner.query(
        `INSERT INTO admin_logs (admin_id, key) VALUES ($1, 'counted'), ($1, 'counted') RETURNING id`,
        [kept.id],
      );
      await agree();
      await runner.query(`DELETE FROM admin_logs WHERE id = $1`, [record.id]);
      await agree();
      const [promocode] = await runner.query(
        `INSERT INTO promocodes (code, plan_code, trial_period_days)
         SELECT 'COUNTED-' || g || '-' || $1, (SELECT code FROM pricing_plans LIMIT 1), 7
         FROM generate_series(1, 2) g RETURNING id`,
        [Date.now()],
      );
      await agree();
      await runner.query(`UPDATE promocodes SET active = false WHERE id = $1`, [promocode.id]);
      await runner.query(`DELETE FROM promocodes WHERE id = $1`, [promocode.id]);
      await agree();
      // A creation day moved (an import correcting it): the kept days of companies follow.
      await runner.query(`UPDATE companies SET created_at = created_at - interval '4 days' WHERE id = $1`, [
        company.id,
      ]);
      await agree();
      await runner.query(`UPDATE companies SET plan_is_trial = true WHERE id = $1`, [company.id]);
      await agree();
      await runner.query(`UPDATE companies SET plan_is_trial = false WHERE id = $1`, [company.id]);
      await agree();
      await runner.query(
        `UPDATE companies SET objects_count = objects_count + 3, objects_bytes = objects_bytes + 5000000 WHERE id = $1`,
        [company.id],
      );
      await runner.query(`UPDATE companies SET objects_count = objects_count - 1 WHERE id = $1`, [company.id]);
      await agree();
      await runner.query(`DELETE FROM accounts WHERE id = $1`, [gone.id]);
      await runner.query(`UPDATE companies SET deleting_at = now() WHERE id = $1`, [company.id]);
      await agree();
      await runner.query(`DELETE FROM companies WHERE id = $1`, [company.id]);
      await agree();
    } finally {
      await runner.rollbackTransaction();
      await runner.release();
    }
  });

  it('counts the paying companies exactly, whether most paid plans have expired or not', async () => {
    const owner = await newAccount(first.http, 'paying-owner');
    const created: string[] = [];
    for (let i = 0; i < 3; i++) created.push((await newCompany(first.http, owner)).id);
    // A new company is on a trial; these are paid for.
    await db.query(`UPDATE companies SET plan_is_trial = false WHERE id = ANY($1)`, [created]);
    const paid: Array<{ id: string; plan_expires_at: Date }> = await db.query(
      `SELECT id, plan_expires_at FROM companies WHERE NOT plan_is_trial AND deleting_at IS NULL`,
    );
    const ids = paid.map((company) => company.id);
    const paying = async () =>
      expectSuccess(await second.http.get('/api/v1/admin/clientele/stats').set(desk.auth)).paying_companies;
    const expireAllBut = (kept: string[]) =>
      db.query(
        `UPDATE companies SET plan_expires_at = now() + CASE WHEN id = ANY($2) THEN interval '1 day' ELSE interval '-1 day' END
         WHERE id = ANY($1)`,
        [ids, kept],
      );
    try {
      expect(paid.length).toBeGreaterThanOrEqual(3);
      // Most expired: the few not expired are counted.
      await expireAllBut([ids[0]]);
      expect(await paying()).toBe(1);
      // Few expired: the kept count of paid plans, less them.
      await expireAllBut(ids.slice(1));
      expect(await paying()).toBe(ids.length - 1);
    } finally {
      await db.query(
        `UPDATE companies c SET plan_expires_at = s.expires FROM unnest($1::uuid[], $2::timestamptz[]) s(id, expires)
         WHERE c.id = s.id`,
        [ids, paid.map((company) => company.plan_expires_at)],
      );
      await db.query(`UPDATE companies SET plan_is_trial = true WHERE id = ANY($1)`, [created]);
    }
  });

  it('are taken by exactly one instance; another takes over within two periods when it stops', async () => {
    // Counted from here, whatever the tests before took.
    await db.query(`DELETE FROM admin_snapshots`);
    await sleep(3 * PERIOD_S * 1000);
    const takers = await db.query(`SELECT DISTINCT instance FROM admin_snapshots`);
    expect(takers).toHaveLength(1);
    const holder = takers[0].instance;
    const [stopping, staying] = first.app.get(Leases).instance === holder ? [first, second] : [second, first];
    expect(staying.app.get(Leases).instance).not.toBe(holder);
    const perKind = await db.query(`SELECT kind, count(*)::int AS n FROM admin_snapshots GROUP BY kind ORDER BY kind`);
    expect(perKind.map((row: { kind: string }) => row.kind)).toEqual(['clientele', 'db', 'media', 'server']);
    expect(perKind[0].n).toBeLessThanOrEqual(4);

    await stopping.close();
    const stoppedAt = Date.now();
    second = staying;
    db = staying.app.get(DataSource);
    let takenOverAfterMs: number | undefined;
    while (Date.now() - stoppedAt < 4 * PERIOD_S * 1000) {
      const [taken] = await db.query(`SELECT 1 FROM admin_snapshots WHERE instance = $1 LIMIT 1`, [
        staying.app.get(Leases).instance,
      ]);
      if (taken) {
        takenOverAfterMs = Date.now() - stoppedAt;
        break;
      }
      await sleep(50);
    }
    expect(takenOverAfterMs).toBeDefined();
    // Two periods, and the little a snapshot takes.
    expect(takenOverAfterMs!).toBeLessThanOrEqual(2 * PERIOD_S * 1000 + 300);
  }, 30_000);

  it('answers a window of the history newest first, thinned to at most 500 points', async () => {
    await db.query(
      `INSERT INTO admin_snapshots (kind, recorded_at, instance, figures)
       SELECT 'media', now() - make_interval(days => 20) + make_interval(secs => i), 'synthetic',
              jsonb_build_object('total_buckets', 1, 'total_objects', i, 'total_size_mb', 0, 'tenant_buckets_count', 1,
                'tenant_total_objects', i, 'tenant_total_size_mb', 0, 'avg_tenant_objects', i, 'avg_tenant_size_mb', 0)
       FROM generate_series(1, 1200) i`,
    );
    const points = expectSuccess(
      await second.http
        .get(
          `/api/v1/admin/media/history?from=${new Date(Date.now() - 21 * 86_400_000).toISOString()}&to=${new Date(Date.now() - 19 * 86_400_000).toISOString()}`,
        )
        .set(low.auth),
    );
    expect(points.length).toBeLessThanOrEqual(500);
    expect(points.length).toBeGreaterThan(390);
    expect(points[0].total_objects).toBe(1200);
    const times = points.map((point: { recorded_at: string }) => Date.parse(point.recorded_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const few = expectSuccess(
      await second.http
        .get(`/api/v1/admin/media/history?start_date=${new Date(Date.now() - 21 * 86_400_000).toISOString()}&limit=10`)
        .set(low.auth),
    );
    expect(few.length).toBeLessThanOrEqual(10);
    const db_history = expectSuccess(await second.http.get('/api/v1/admin/db/history').set(low.auth));
    expect(db_history[0]).toMatchObject({
      id: expect.any(String),
      recorded_at: expect.any(String),
      total_database_size_mb: expect.any(Number),
      // The counters the Kroncl console's chart takes the rates of.
      ...numbers(['xact_commit', 'xact_rollback', 'tup_returned', 'tup_fetched', 'tup_inserted']),
      ...numbers(['tup_updated', 'tup_deleted', 'blks_read', 'blks_hit']),
    });
    await db.query(`DELETE FROM admin_snapshots WHERE instance = 'synthetic'`);
  });

  it('records whether the db and clientele figures were taken; one failing kind loses none of the others', async () => {
    const sys = async () => expectSuccess(await second.http.get('/api/v1/admin/server/sys').set(low.auth));
    expect(await sys()).toMatchObject({ db_worker_success: true, clientele_worker_success: true });
    const history = async () =>
      expectSuccess(await second.http.get('/api/v1/admin/server/history?limit=1').set(low.auth));
    expect((await history())[0]).toMatchObject({
      ...numbers(SERVER_NUMBERS),
      db_worker_success: true,
      clientele_worker_success: true,
    });

    const snapshots = second.app.get(Snapshots);
    // The timer stops (and its round ends): only the round below is taken.
    await snapshots.onApplicationShutdown();
    const failing = jest.spyOn(second.app.get(SystemFigures), 'clientele').mockRejectedValue(new Error('figures down'));
    const perKind = async (): Promise<Record<string, number>> =>
      Object.fromEntries(
        (await db.query(`SELECT kind, count(*)::int AS n FROM admin_snapshots GROUP BY kind`)).map(
          (row: { kind: string; n: number }) => [row.kind, row.n],
        ),
      );
    const before = await perKind();
    try {
      await snapshots.take();
    } finally {
      failing.mockRestore();
    }
    expect(await perKind()).toEqual({
      ...before,
      db: before.db + 1,
      server: before.server + 1,
      media: before.media + 1,
    });
    expect((await history())[0]).toMatchObject({ db_worker_success: true, clientele_worker_success: false });

    // Any instance reads them from the snapshots: no clientele snapshot within two periods.
    await db.query(`DELETE FROM admin_snapshots WHERE kind = 'clientele'`);
    expect(await sys()).toMatchObject({ db_worker_success: true, clientele_worker_success: false });
  });
});
