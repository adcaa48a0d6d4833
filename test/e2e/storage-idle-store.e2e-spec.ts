/** @own-database */
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expectError, expectSuccess } from '../support/expectations';
import { newAccount, newCompany } from '../support/factories';
import type { TestApp } from '../support/test-app';
import { companyOf } from '../support/urls';

const MIB = 1024 * 1024;
/** How long the store waits for more of a PUT's body before it closes the connection (MinIO's --idle-timeout). */
const IDLE_MS = 300;

/**
 * The test run's object store behind a proxy that, like MinIO with an idle timeout, closes a
 * one-PUT upload whose body stops coming for IDLE_MS, and refuses every PUT (400) while `refusing`;
 * everything else passes through unchanged.
 */
async function idleClosingStore(upstream: URL) {
  let cut = 0;
  const state = { refusing: false };
  const server = createServer((req, res) => {
    if (state.refusing && req.method === 'PUT') {
      req.resume();
      res.writeHead(400, { 'Content-Type': 'application/xml' });
      return res.end('<?xml version="1.0"?><Error><Code>InvalidRequest</Code><Message>refused</Message></Error>');
    }
    const forward = httpRequest(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => res.destroy());
    req.on('error', () => forward.destroy());
    if (req.method === 'PUT' && !req.url?.includes('uploadId=')) {
      let idle = setTimeout(close, IDLE_MS);
      function close() {
        cut++;
        forward.destroy();
        req.socket.destroy();
      }
      req.on('data', () => {
        clearTimeout(idle);
        idle = setTimeout(close, IDLE_MS);
      });
      req.on('end', () => clearTimeout(idle));
    }
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, cut: () => cut, state };
}

/** CONTRACT 22: a streamed PUT that fails; a client slower than the store's idle timeout says nothing of the store. */
describe('a file streamed to a store that gives up on it', () => {
  let t: TestApp;
  let store: Awaited<ReturnType<typeof idleClosingStore>>;
  let port: number;
  const saved = process.env.MINIO_ENDPOINT;

  beforeAll(async () => {
    store = await idleClosingStore(new URL(process.env.MINIO_ENDPOINT!));
    process.env.MINIO_ENDPOINT = `http://127.0.0.1:${store.port}`;
    // Imported after the environment points at the proxy: the config is read at import.
    const { createTestApp } = await import('../support/test-app');
    t = await createTestApp();
    const server = t.app.getHttpServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await t?.close();
    store.server.closeAllConnections();
    store.server.close();
    process.env.MINIO_ENDPOINT = saved;
  });

  it('is sent again whole once the body is in: stored byte for byte, counted once, the store still up', async () => {
    const owner = await newAccount(t.http, 'slowclient');
    const company = await newCompany(t.http, owner);
    const data = Buffer.alloc(2 * MIB);
    for (let i = 0; i + 4 <= data.length; i += 4096) data.writeUInt32BE(i + 11, i);
    const boundary = 'SlowClient';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.bin"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    // Half the body, a pause longer than the store's idle timeout, then the rest.
    const answer = await new Promise<{ status: number; body: { data: { size: number; preview_url: string } } }>(
      (resolve, reject) => {
        const req = httpRequest({
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: `${companyOf(company.id)}/storage/media/upload`,
          headers: {
            ...owner.auth,
            'Content-Type': `multipart/form-data; boundary=${boundary}`,
            'Content-Length': body.length,
          },
        });
        req.on('response', (res) => {
          let text = '';
          res.on('data', (chunk) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) }));
        });
        req.on('error', reject);
        req.write(body.subarray(0, body.length / 2), () =>
          setTimeout(() => req.end(body.subarray(body.length / 2)), IDLE_MS * 3),
        );
      },
    );
    expect(store.cut()).toBe(1);
    expect(answer.status).toBe(201);
    expect(answer.body.data.size).toBe(data.length);
    const back = await fetch(answer.body.data.preview_url);
    expect(Buffer.from(await back.arrayBuffer()).equals(data)).toBe(true);
    const usage = expectSuccess(await t.http.get(`${companyOf(company.id)}/storage/media`).set(owner.auth));
    expect(usage.object_count).toBe(1);
    expect(expectSuccess(await t.http.get('/api/v1/health/ready'))).toEqual({ database: 'up', storage: 'up' });
  });

  it('refused by the store, an empty file gives back the object it reserved (no bytes)', async () => {
    const owner = await newAccount(t.http, 'refused');
    const company = await newCompany(t.http, owner);
    store.state.refusing = true;
    try {
      const res = await t.http
        .post(`${companyOf(company.id)}/storage/media/upload`)
        .set(owner.auth)
        .attach('file', Buffer.alloc(0), { filename: 'empty.txt', contentType: 'text/plain' });
      expectError(res, 503, 'service_unavailable');
    } finally {
      store.state.refusing = false;
    }
    const usage = expectSuccess(await t.http.get(`${companyOf(company.id)}/storage/media`).set(owner.auth));
    expect(usage).toMatchObject({ object_count: 0, size_mb: 0 });
  });
});
