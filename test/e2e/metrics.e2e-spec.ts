import { freePort } from '../../src/common/free-port';
import type { TestApp } from '../support/test-app';
import type * as Factories from '../support/factories';
import type * as TestAppModule from '../support/test-app';
import type * as MetricsModule from '../../src/core/metrics/metrics';

/**
 * GET /metrics on METRICS_PORT (docs/operations.md, "Metrics"). The setting is read when the
 * application module is first loaded, so each case loads the application afresh after setting
 * the environment.
 */
async function loadApp(metricsPort: number | undefined): Promise<{
  t: TestApp;
  factories: typeof Factories;
  metrics: typeof MetricsModule;
}> {
  jest.resetModules();
  if (metricsPort === undefined) delete process.env.METRICS_PORT;
  else process.env.METRICS_PORT = String(metricsPort);
  const { createTestApp } = (await import('../support/test-app')) as typeof TestAppModule;
  return {
    t: await createTestApp(),
    factories: await import('../support/factories'),
    metrics: await import('../../src/core/metrics/metrics'),
  };
}

async function scrape(port: number): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.text();
}

/** The value of one series, e.g. `http_request_duration_seconds_count{method="GET",...}`. */
function valueOf(exposition: string, series: string): number | undefined {
  const line = exposition.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

afterAll(() => {
  delete process.env.METRICS_PORT;
});

describe('metrics, off by default', () => {
  it('serves no /metrics and times no request', async () => {
    const { t, metrics } = await loadApp(undefined);
    try {
      expect((await t.http.get('/metrics')).status).toBe(404);
      expect((await t.http.get('/api/v1/metrics')).status).toBe(404);
      expect((await t.http.get('/api/v1/plans')).status).toBe(200);
      const observed = await t.app.get(metrics.Metrics).httpRequestDuration.get();
      expect(observed.values).toEqual([]);
    } finally {
      await t.close();
    }
  });
});

describe('metrics, with METRICS_PORT set', () => {
  let t: TestApp;
  let factories: typeof Factories;
  let port: number;
  beforeAll(async () => {
    port = await freePort();
    ({ t, factories } = await loadApp(port));
  });
  afterAll(() => t.close());

  it('counts and times requests by method, route template and status, without ids', async () => {
    const owner = await factories.newAccount(t.http, 'metrics');
    const company = await factories.newCompany(t.http, owner);
    const clients = `/api/v1/companies/${company.id}/modules/crm/clients`;
    for (let i = 0; i < 3; i++) expect((await t.http.get(clients).set(owner.auth)).status).toBe(200);
    expect((await t.http.get(clients)).status).toBe(401);
    expect((await t.http.get('/api/v1/no/such/route')).status).toBe(404);

    const exposition = await scrape(port);
    const series = (method: string, route: string, status: number) =>
      `http_request_duration_seconds_count{method="${method}",route="${route}",status_code="${status}"}`;
    const template = '/api/v1/companies/:id/modules/crm/clients';
    expect(valueOf(exposition, series('GET', template, 200))).toBe(3);
    expect(valueOf(exposition, series('GET', template, 401))).toBe(1);
    expect(valueOf(exposition, series('POST', '/api/v1/companies', 201))).toBe(1);
    expect(valueOf(exposition, series('GET', 'unmatched', 404))).toBe(1);
    expect(exposition).toContain(
      `http_request_duration_seconds_bucket{le="+Inf",method="GET",route="${template}",status_code="200"} 3`,
    );
    expect(exposition).not.toContain(company.id);
  });

  it('reports the database pool and the process, event-loop lag included', async () => {
    const exposition = await scrape(port);
    for (const gauge of ['db_pool_connections_in_use', 'db_pool_connections_idle', 'db_pool_requests_waiting']) {
      expect(valueOf(exposition, gauge)).toBeGreaterThanOrEqual(0);
    }
    // The pool has served the previous test's queries: its connections are open and idle now.
    expect(valueOf(exposition, 'db_pool_connections_idle')).toBeGreaterThan(0);
    expect(valueOf(exposition, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(valueOf(exposition, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(valueOf(exposition, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
  });

  it('counts API-key quota refusals (429 rate_limited), not other 429s', async () => {
    const before = valueOf(await scrape(port), 'api_key_quota_refusals_total');
    expect(before).toBe(0);
    const owner = await factories.newAccount(t.http, 'quota');
    const key = await factories.newApiKey(t.http, owner, { daily_requests: 1 });
    expect((await t.http.get('/api/v1/account').set('X-API-Key', key.raw_key)).status).toBe(200);
    for (let i = 0; i < 2; i++)
      expect((await t.http.get('/api/v1/account').set('X-API-Key', key.raw_key)).status).toBe(429);
    // Sign-in throttling answers 429 too, but is no quota refusal.
    for (let i = 0; i < 7; i++)
      await t.http.post('/api/v1/account/auth').send({ email: owner.email, password: 'wrong password' });

    const exposition = await scrape(port);
    expect(valueOf(exposition, 'api_key_quota_refusals_total')).toBe(2);
    expect(
      valueOf(
        exposition,
        'http_request_duration_seconds_count{method="POST",route="/api/v1/account/auth",status_code="429"}',
      ),
    ).toBeGreaterThan(0);
  });

  it('answers 404 for anything but GET /metrics on the metrics port', async () => {
    expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${port}/metrics`, { method: 'POST' })).status).toBe(404);
  });
});
