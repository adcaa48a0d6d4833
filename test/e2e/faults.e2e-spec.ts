import { Client } from 'pg';
import { newAccount, newCompany, TestAccount } from '../support/factories';
import { expectError, expectSuccess } from '../support/expectations';
import { TcpProxy } from '../support/tcp-proxy';
import type { TestApp } from '../support/test-app';

/**
 * The database goes away under the service and comes back (issue 14): the process survives,
 * requests are answered 503 with Retry-After (never 500, never a hang past a bound), readiness
 * follows the outage, and every write acknowledged to a client is stored with its audit record.
 * The service reaches the run's database through a proxy that stages the outages.
 */
describe('Faults: the database goes away and comes back', () => {
  let t: TestApp;
  let proxy: TcpProxy;
  let direct: Client;
  let owner: TestAccount;
  let companyId: string;
  const databaseUrl = process.env.DATABASE_URL!;

  beforeAll(async () => {
    const url = new URL(databaseUrl);
    proxy = await TcpProxy.start({ host: url.hostname, port: Number(url.port || 5432) });
    url.host = `127.0.0.1:${proxy.port}`;
    process.env.DATABASE_URL = url.toString();
    // The configuration is read when the application module is first imported.
    const { createTestApp } = await import('../support/test-app');
    t = await createTestApp();
    direct = new Client({ connectionString: databaseUrl });
    await direct.connect();
    owner = await newAccount(t.http, 'faults');
    companyId = (await newCompany(t.http, owner)).id;
  });
  afterAll(async () => {
    proxy.restore();
    await t.close();
    await proxy.close();
    await direct.end();
    process.env.DATABASE_URL = databaseUrl;
  });

  const ready = () => t.http.get('/api/v1/health/ready');
  const createSource = (name: string) =>
    t.http.post(`/api/v1/companies/${companyId}/modules/crm/sources`).set(owner.auth).send({ name, type: 'other' });

  it('while it is down: 503 with Retry-After, and readiness names the database', async () => {
    proxy.cut();
    const res = await t.http.get('/api/v1/account').set(owner.auth);
    expectError(res, 503, 'service_unavailable');
    expect(res.headers['retry-after']).toBe('5');
    const readiness = expectError(await ready(), 503, 'service_unavailable');
    expect(readiness.error.details.map((d: { field: string }) => d.field)).toContain('database');
  });

  it('when it returns: the same process answers again and is ready', async () => {
    proxy.restore();
    expectSuccess(await t.http.get('/api/v1/account').set(owner.auth));
    expectSuccess(await ready());
  });

  it('while it hangs: answered 503 within the connection bound, not held', async () => {
    proxy.hang();
    const started = Date.now();
    const res = await t.http.get('/api/v1/account').set(owner.auth);
    expectError(res, 503, 'service_unavailable');
    expect(Date.now() - started).toBeLessThan(15_000);
    proxy.restore();
    expectSuccess(await t.http.get('/api/v1/account').set(owner.auth));
  }, 30_000);

  it('writes cut off mid-load: each is 201 or 503, and every 201 is stored with its audit record', async () => {
    // Eight writers for 1.5 s; the database is cut at 0.5 s and restored at 0.9 s, so writes
    // succeed before, are in flight at the cut, fail during, and succeed again after.
    const answers: Array<{ status: number; body: any }> = [];
    const until = Date.now() + 1500;
    const writer = async (w: number) => {
      for (let i = 0; Date.now() < until; i++) answers.push(await createSource(`Fault ${w}-${i}`));
    };
    setTimeout(() => proxy.cut(), 500);
    setTimeout(() => proxy.restore(), 900);
    await Promise.all(Array.from({ length: 8 }, (_, w) => writer(w)));

    const statuses = new Set(answers.map((res) => res.status));
    expect(statuses).toEqual(new Set([201, 503]));
    const acknowledged = answers.filter((res) => res.status === 201).map((res) => res.body.data.id as string);
    const { rows } = await direct.query(
      `SELECT s.id, count(a.id)::int AS records
         FROM crm_sources s LEFT JOIN audit_logs a
           ON a.company_id = s.company_id AND a.key = 'crm.sources.create' AND a.metadata->>'result_id' = s.id::text
        WHERE s.id = ANY($1::uuid[]) GROUP BY s.id`,
      [acknowledged],
    );
    expect(rows).toHaveLength(acknowledged.length);
    expect(rows.every((row: { records: number }) => row.records === 1)).toBe(true);
  });
});
