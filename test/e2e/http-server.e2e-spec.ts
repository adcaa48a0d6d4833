import { connect, Socket } from 'node:net';
import { expectSuccess } from '../support/expectations';
import { newAccount, newCompany } from '../support/factories';
import type { TestApp } from '../support/test-app';

const SETTINGS = {
  HTTP_HEADERS_TIMEOUT_MS: '1000',
  HTTP_REQUEST_TIMEOUT_MS: '1500',
  HTTP_KEEP_ALIVE_TIMEOUT_MS: '1000',
};

/** Writes `text` on a fresh connection; what the server sent until it closed, and when that was. */
async function exchange(port: number, text: string): Promise<{ answer: string; closedAfterMs: number }> {
  const socket: Socket = connect(port, '127.0.0.1');
  const started = performance.now();
  let answer = '';
  socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
  socket.write(text);
  await new Promise<void>((resolve) => socket.once('close', () => resolve()));
  return { answer, closedAfterMs: performance.now() - started };
}

/**
 * Issue 28: Node's HTTP timeouts come from the settings (a slow client no longer holds a
 * connection for minutes), and conditional requests are not answered with a bare 304.
 */
describe('HTTP server: timeouts and conditional requests', () => {
  let t: TestApp;
  let port: number;
  const saved = Object.fromEntries(Object.keys(SETTINGS).map((name) => [name, process.env[name]]));

  beforeAll(async () => {
    Object.assign(process.env, SETTINGS);
    // Imported after the settings: the configuration is read at import.
    const { createTestApp } = await import('../support/test-app');
    t = await createTestApp();
    await t.app.listen(0, '127.0.0.1');
    port = (t.app.getHttpServer().address() as { port: number }).port;
  });
  afterAll(async () => {
    await t?.close();
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  it('headers sent too slowly: 408 and the connection closed after HTTP_HEADERS_TIMEOUT_MS', async () => {
    const { answer, closedAfterMs } = await exchange(port, 'GET /api/v1/status HTTP/1.1\r\nHost: localhost\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer).toContain('"code":"validation_failed"');
    expect(closedAfterMs).toBeGreaterThanOrEqual(900);
    expect(closedAfterMs).toBeLessThan(3500);
  });

  it('a body sent too slowly: 408 and closed after HTTP_REQUEST_TIMEOUT_MS (Node alone: 300 s)', async () => {
    const { answer, closedAfterMs } = await exchange(
      port,
      'POST /api/v1/account/auth HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer).toContain('"code":"validation_failed"');
    expect(closedAfterMs).toBeGreaterThanOrEqual(1400);
    expect(closedAfterMs).toBeLessThan(4000);
  });

  it('an idle keep-alive connection is closed after HTTP_KEEP_ALIVE_TIMEOUT_MS', async () => {
    const { answer, closedAfterMs } = await exchange(
      port,
      'GET /api/v1/status HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(closedAfterMs).toBeGreaterThanOrEqual(900);
    expect(closedAfterMs).toBeLessThan(3500);
  });

  it('If-None-Match and If-Modified-Since are ignored: a GET answers its envelope, never a bare 304', async () => {
    expectSuccess(await t.http.get('/api/v1/status').set('If-None-Match', '*'));
    expectSuccess(await t.http.get('/api/v1/status').set('If-Modified-Since', new Date().toUTCString()));
    const owner = await newAccount(t.http, 'conditional');
    const company = await newCompany(t.http, owner);
    const res = await t.http.get(`/api/v1/companies/${company.id}`).set(owner.auth).set('If-None-Match', '*');
    expect(expectSuccess(res).id).toBe(company.id);
  });
});
