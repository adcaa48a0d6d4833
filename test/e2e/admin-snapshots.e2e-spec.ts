import { DataSource } from 'typeorm';
import { Leases } from '../../src/core/lease/leases';
import { expectError, expectSuccess } from '../support/expectations';
import { newAdmin, TestAccount } from '../support/factories';
import type { TestApp } from '../support/test-app';

const PERIOD_S = 1;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
    expect(expectSuccess(await second.http.get('/api/v1/admin/media/sys').set(low.auth))).toMatchObject({
      total_buckets: expect.any(Number),
      total_objects: expect.any(Number),
    });
    const clientele = expectSuccess(await second.http.get('/api/v1/admin/clientele/stats').set(desk.auth));
    expect(clientele.total_accounts).toBeGreaterThanOrEqual(2);
    expect(clientele.signups_by_day.at(-1).signups).toBeGreaterThanOrEqual(2);
    expectError(await second.http.get('/api/v1/admin/clientele/stats').set(low.auth), 403, 'forbidden');
  });

  it('are taken by exactly one instance; another takes over within two periods when it stops', async () => {
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
    });
    await db.query(`DELETE FROM admin_snapshots WHERE instance = 'synthetic'`);
  });
});
