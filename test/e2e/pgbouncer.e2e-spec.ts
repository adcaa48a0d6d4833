import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool } from 'pg';
import { freePort } from '../../src/common/free-port';
import { Db } from '../../src/database/db';
import { checkNamedStatements, namedStatementsHold } from '../../src/database/named-statements-check';
import { sql } from '../../src/database/sql';
import { newAccount, newCompany } from '../support/factories';
import { expectSuccess } from '../support/expectations';
import type { TestApp } from '../support/test-app';

/** Debian's pgbouncer (1.18: no prepared statements in transaction pooling), when installed. */
const PGBOUNCER = ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer', 'pgbouncer'].find(
  (path) => spawnSync(path, ['--version']).status === 0,
);
const describeWithPgBouncer = PGBOUNCER ? describe : describe.skip;
if (!PGBOUNCER) console.warn('pgbouncer.e2e-spec skipped: pgbouncer is not installed (apt-get install pgbouncer)');

/** A PgBouncer in transaction pooling in front of the run's database, on a port of its own. */
async function startPgBouncer(databaseUrl: string): Promise<{ url: string; stop(): Promise<void> }> {
  const target = new URL(databaseUrl);
  const dir = mkdtempSync(join(tmpdir(), 'platform-pgbouncer-'));
  // Run as root, PgBouncer runs as `postgres` (it refuses root), which must read and write here.
  chmodSync(dir, 0o777);
  const port = await freePort();
  const config = join(dir, 'pgbouncer.ini');
  const password = target.password ? ` password=${decodeURIComponent(target.password)}` : '';
  writeFileSync(
    config,
    [
      '[databases]',
      `platform = host=${target.hostname} port=${target.port || 5432} dbname=${target.pathname.slice(1)} user=${decodeURIComponent(target.username || 'postgres')}${password}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = any',
      'pool_mode = transaction',
      'default_pool_size = 4',
      'max_client_conn = 200',
      `logfile = ${join(dir, 'pgbouncer.log')}`,
      `pidfile = ${join(dir, 'pgbouncer.pid')}`,
    ].join('\n'),
  );
  chmodSync(config, 0o644);
  const asRoot = process.getuid?.() === 0;
  const child: ChildProcess = spawn(PGBOUNCER!, [...(asRoot ? ['-u', 'postgres'] : []), config], { stdio: 'ignore' });
  const url = `postgres://pgbouncer@127.0.0.1:${port}/platform`;
  for (let attempt = 0; ; attempt++) {
    const probe = new Pool({ connectionString: url, max: 1 });
    try {
      await probe.query('SELECT 1');
      break;
    } catch (error) {
      if (attempt > 50) throw error;
      await new Promise((done) => setTimeout(done, 100));
    } finally {
      await probe.end();
    }
  }
  return {
    url,
    stop: async () => {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Behind a transaction-pooling PgBouncer that cannot keep prepared statements, named statements
 * fail (another client's server connection lacks them, or already has them); with
 * DB_NAMED_STATEMENTS=false two instances serve a mixed load without an error (issue 14, defect 10).
 */
describeWithPgBouncer('Behind PgBouncer in transaction pooling', () => {
  const databaseUrl = process.env.DATABASE_URL!;
  let bouncer: { url: string; stop(): Promise<void> };
  const instances: TestApp[] = [];

  beforeAll(async () => {
    bouncer = await startPgBouncer(databaseUrl);
    process.env.DATABASE_URL = bouncer.url;
    process.env.DB_NAMED_STATEMENTS = 'false';
    // The configuration is read when the application module is first imported.
    const { createTestApp } = await import('../support/test-app');
    instances.push(await createTestApp(), await createTestApp());
  }, 60_000);
  afterAll(async () => {
    for (const instance of instances) await instance.close();
    await bouncer?.stop();
    process.env.DATABASE_URL = databaseUrl;
    delete process.env.DB_NAMED_STATEMENTS;
  }, 30_000);

  it('named statements break there (why the setting exists)', async () => {
    const pool = new Pool({ connectionString: bouncer.url, max: 8 });
    const db = new Db(pool);
    const answers = await Promise.allSettled(
      Array.from({ length: 40 }, (_, i) => db.one(sql`SELECT ${i}::int AS n, pg_sleep(0.01)`, 'bouncer-probe')),
    );
    await pool.end();
    expect(answers.filter((answer) => answer.status === 'rejected').length).toBeGreaterThan(0);
  });

  it('the start-up check finds it and says what to set; a direct connection passes', async () => {
    const throughBouncer = new Pool({ connectionString: bouncer.url, max: 4 });
    const direct = new Pool({ connectionString: databaseUrl, max: 4 });
    try {
      expect(await namedStatementsHold(throughBouncer)).toBe(false);
      await expect(checkNamedStatements(throughBouncer, true)).rejects.toThrow(/set DB_NAMED_STATEMENTS=false/);
      await expect(checkNamedStatements(throughBouncer, false)).resolves.toBeUndefined();
      expect(await namedStatementsHold(direct)).toBe(true);
    } finally {
      await throughBouncer.end();
      await direct.end();
    }
  });

  it('with DB_NAMED_STATEMENTS=false, two instances answer a mixed load without an error', async () => {
    const [first, second] = instances;
    const owner = await newAccount(first.http, 'bouncer');
    const company = await newCompany(second.http, owner);
    const crm = `/api/v1/companies/${company.id}/modules/crm`;
    const sourceId = expectSuccess(await first.http.get(`${crm}/sources`).set(owner.auth)).sources[0].id;

    const requests = Array.from({ length: 200 }, (_, i) => {
      const http = (i % 2 ? first : second).http;
      switch (i % 4) {
        case 0:
          return http.get('/api/v1/account').set(owner.auth);
        case 1:
          return http.get(`${crm}/clients?search=bouncer`).set(owner.auth);
        case 2:
          return http
            .post(`${crm}/clients`)
            .set(owner.auth)
            .send({ first_name: `Bouncer ${i}`, type: 'individual', source_id: sourceId });
        default:
          return http.get(`/api/v1/companies/${company.id}`).set(owner.auth);
      }
    });
    const statuses = (await Promise.all(requests)).map((res) => res.status);
    expect(statuses.filter((status) => status >= 300)).toEqual([]);
    const clients = expectSuccess(await first.http.get(`${crm}/clients?limit=1`).set(owner.auth));
    expect(clients.pagination.total).toBe(50);
  }, 90_000);
});
