/** @own-database */
import { createServer, Server, Socket } from 'node:net';
import { DataSource } from 'typeorm';
import { expectError, expectSuccess } from '../support/expectations';
import { newAccount, newCompany } from '../support/factories';
import type { TestApp } from '../support/test-app';
import { companyOf, supportOf } from '../support/urls';

const STORAGE_TIMEOUT_MS = 500;

/** An "object store" that accepts connections and never answers a byte. */
async function hangingServer(): Promise<{ server: Server; sockets: Set<Socket>; port: number }> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, sockets, port: (server.address() as { port: number }).port };
}

async function timed<T>(work: Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work;
  return { value, ms: performance.now() - started };
}

/** Issue 14, defect 2: a hanging object store must not take the API down. */
describe('a hanging object store', () => {
  let t: TestApp;
  let db: DataSource;
  let hanging: Awaited<ReturnType<typeof hangingServer>>;
  const saved = { endpoint: process.env.MINIO_ENDPOINT, timeout: process.env.STORAGE_TIMEOUT_MS };

  beforeAll(async () => {
    hanging = await hangingServer();
    process.env.MINIO_ENDPOINT = `http://127.0.0.1:${hanging.port}`;
    process.env.STORAGE_TIMEOUT_MS = String(STORAGE_TIMEOUT_MS);
    // Imported after the environment points at the hanging server: the config is read at import.
    const { createTestApp } = await import('../support/test-app');
    const { GeneratedReportModule } = await import('../support/docs');
    t = await createTestApp([], [GeneratedReportModule]);
    db = t.app.get(DataSource);
  });
  afterAll(async () => {
    await t?.close();
    for (const socket of hanging.sockets) socket.destroy();
    hanging.server.close();
    process.env.MINIO_ENDPOINT = saved.endpoint;
    if (saved.timeout === undefined) delete process.env.STORAGE_TIMEOUT_MS;
    else process.env.STORAGE_TIMEOUT_MS = saved.timeout;
  });

  it('bounds readiness, downloads and generation; storage/status never calls the store', async () => {
    const owner = await newAccount(t.http, 'hang');
    const company = (await timed(newCompany(t.http, owner))).value;
    const base = companyOf(company.id);

    const status = await timed(t.http.get(`${base}/storage/status`).set(owner.auth));
    expectSuccess(status.value);
    expect(status.ms).toBeLessThan(STORAGE_TIMEOUT_MS);

    // The first storage call finds the store silent: one deadline for the whole request.
    const report = await timed(
      t.http.post(`${base}/test-only/generated-report`).set(owner.auth).send({ format: 'xlsx' }),
    );
    expectError(report.value, 503, 'service_unavailable');
    expect(report.ms).toBeLessThan(STORAGE_TIMEOUT_MS * 2);

    // Readiness needs the database only; the store is reported down.
    const ready = await timed(t.http.get('/api/v1/health/ready'));
    expect(expectSuccess(ready.value)).toEqual({ database: 'up', storage: 'down' });
    expect(ready.ms).toBeLessThan(STORAGE_TIMEOUT_MS);

    const file = await timed(t.http.get(`${base}/storage/media/file?path=hrm/a.pdf`).set(owner.auth));
    expectError(file.value, 503, 'service_unavailable');
    expect(file.value.headers['retry-after']).toBe('5');
    expect(file.ms).toBeLessThan(STORAGE_TIMEOUT_MS);
    expect(await db.query(`SELECT 1 FROM docs WHERE company_id = $1`, [company.id])).toEqual([]);
    expect(expectSuccess(await t.http.get(`${base}/storage/media`).set(owner.auth)).object_count).toBe(0);
  });

  it('an upload and a record naming a file answer 503 with Retry-After, nothing counted or written', async () => {
    const owner = await newAccount(t.http, 'hangupload');
    const company = await newCompany(t.http, owner);
    const base = companyOf(company.id);

    const upload = await timed(
      t.http
        .post(`${base}/storage/media/upload`)
        .set(owner.auth)
        .attach('file', Buffer.alloc(2048, 7), { filename: 'scan.bin', contentType: 'application/octet-stream' }),
    );
    expectError(upload.value, 503, 'service_unavailable');
    expect(upload.value.headers['retry-after']).toBe('5');
    expect(upload.ms).toBeLessThan(STORAGE_TIMEOUT_MS * 2);

    const ticket = await timed(
      t.http
        .post(`${supportOf(company.id)}/tickets`)
        .set(owner.auth)
        .send({ theme: 'technical_issue', text: 'Screenshot attached', attachments: ['attachments/scan.png'] }),
    );
    expectError(ticket.value, 503, 'service_unavailable');
    expect(ticket.value.headers['retry-after']).toBe('5');
    expect(ticket.ms).toBeLessThan(STORAGE_TIMEOUT_MS * 2);

    const counted = await db.query(`SELECT objects_count AS n, objects_bytes AS bytes FROM companies WHERE id = $1`, [
      company.id,
    ]);
    expect(counted).toEqual([{ n: 0, bytes: '0' }]);
    expect(await db.query(`SELECT 1 FROM support_tickets WHERE company_id = $1`, [company.id])).toEqual([]);
  });

  it('a company purge holds no transaction while it waits on the store, and the API keeps answering', async () => {
    const owner = await newAccount(t.http, 'hangpurge');
    const companies = await Promise.all(Array.from({ length: 12 }, () => newCompany(t.http, owner)));
    for (const company of companies)
      expectSuccess(await t.http.delete(`/api/v1/companies/${company.id}`).set(owner.auth));
    await new Promise((resolve) => setTimeout(resolve, 200));

    const idle = await db.query(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND state = 'idle in transaction'`,
    );
    expect(idle[0].n).toBe(0);
    const list = await timed(t.http.get('/api/v1/companies/my').set(owner.auth));
    expectSuccess(list.value);
    expect(list.ms).toBeLessThan(STORAGE_TIMEOUT_MS);
    // The purge failed on the store's timeout: the companies stay marked for the sweeper.
    await new Promise((resolve) => setTimeout(resolve, STORAGE_TIMEOUT_MS * 2));
    const marked = await db.query(
      `SELECT count(*)::int AS n FROM companies WHERE id = ANY($1) AND deleting_at IS NOT NULL`,
      [companies.map((c) => c.id)],
    );
    expect(marked[0].n).toBe(12);
  });
});
