import { ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '../../src/common/free-port';
import { Client } from 'pg';
import { CLUSTER_POINTER } from '../../src/database/embedded-postgres';
import { compiledScript } from '../support/compiled-service';

/**
 * The service as a real process (CONTRACT 11): start-up refuses bad settings, and SIGTERM
 * drains in-flight requests, closes the listener and exits 0. Runs src/main.ts through
 * ts-node against the run's database and S3 server (test/support/global-setup.ts).
 */

const ROOT = resolve(__dirname, '../..');
const STARTUP_TIMEOUT_MS = 45_000;

interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

interface ServiceProcess {
  child: ChildProcess;
  port: number;
  exited: Promise<Exit>;
  output(): string;
}

async function spawnService(overrides: Record<string, string> = {}): Promise<ServiceProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, compiledScript('src/main.ts'), {
    cwd: ROOT,
    env: { ...process.env, DB_MIGRATE: 'false', LOG_LEVEL: 'silent', PORT: String(port), ...overrides },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk) => (stdout += chunk));
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<Exit>((done) => child.once('exit', (code, signal) => done({ code, signal })));
  return { child, port, exited, output: () => `stdout:\n${stdout}\nstderr:\n${stderr}` };
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** Whether a new TCP connection to the port is accepted right now. */
function accepts(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((done) => {
    const socket = net.connect(port, host);
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(false));
  });
}

async function liveStatus(port: number): Promise<number | null> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/health/live`);
    await res.arrayBuffer();
    return res.status;
  } catch {
    return null;
  }
}

async function waitUntilListening(service: ServiceProcess): Promise<void> {
  let exit: Exit | null = null;
  void service.exited.then((e) => (exit = e));
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while ((await liveStatus(service.port)) !== 200) {
    if (exit) throw new Error(`service exited during start-up (${JSON.stringify(exit)})\n${service.output()}`);
    if (Date.now() > deadline)
      throw new Error(`service not listening after ${STARTUP_TIMEOUT_MS} ms\n${service.output()}`);
    await sleep(100);
  }
}

/**
 * Waits for `text` on the service's output: lines are written off the event loop
 * (docs/operations.md, "Logs"), so one logged just before an answer may reach the pipe after it.
 */
async function waitForOutput(service: ServiceProcess, text: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!service.output().includes(text)) {
    if (Date.now() > deadline)
      throw new Error(`no "${text}" in the output after ${timeoutMs} ms:\n${service.output()}`);
    await sleep(50);
  }
}

async function waitUntilRefused(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (await accepts(port)) {
    if (Date.now() > deadline) throw new Error(`port ${port} still accepts connections after ${timeoutMs} ms`);
    await sleep(50);
  }
}

/** Settings for a zero-config start (embedded PostgreSQL and S3 server) keeping its data in `dataDir`. */
function zeroConfig(dataDir: string, rootPostgresDir: string): Record<string, string> {
  return {
    DATABASE_URL: '',
    MINIO_ENDPOINT: '',
    DB_MIGRATE: 'true',
    DATA_DIR: dataDir,
    ROOT_POSTGRES_DIR: rootPostgresDir,
  };
}

/** The embedded cluster's directory: DATA_DIR/postgres, or as root the staged one it points to. */
function clusterDirOf(dataDir: string): string {
  const pointer = join(dataDir, 'postgres', CLUSTER_POINTER);
  return existsSync(pointer) ? readFileSync(pointer, 'utf8').trim() : join(dataDir, 'postgres');
}

const stderrOf = (service: ServiceProcess) => service.output().split('stderr:\n')[1];

async function exitWithin(service: ServiceProcess, ms: number): Promise<Exit | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((done) => (timer = setTimeout(() => done('timeout'), ms)));
  try {
    return await Promise.race([service.exited, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

describe('Process: start-up settings and graceful shutdown', () => {
  jest.setTimeout(60_000);
  const spawned: ServiceProcess[] = [];

  afterAll(() => {
    // Only a failed test leaves one running.
    for (const service of spawned)
      if (service.child.exitCode === null && !service.child.signalCode) service.child.kill('SIGKILL');
  });

  describe.each([
    ['PORT', 'abc'],
    ['DATABASE_URL', 'not-a-url'],
    ['HOST', 'example.com'],
  ])('an invalid %s', (name, value) => {
    it('stops start-up with a non-zero exit and a message naming the setting', async () => {
      const service = await spawnService({ [name]: value });
      spawned.push(service);
      const exit = await exitWithin(service, STARTUP_TIMEOUT_MS);
      expect(exit).not.toBe('timeout');
      expect((exit as Exit).code).not.toBe(0);
      expect((exit as Exit).code).not.toBeNull();
      const stderr = service.output().split('stderr:\n')[1];
      expect(stderr).toContain('Invalid configuration');
      expect(stderr).toMatch(new RegExp(`^\\s*${name}:`, 'm'));
    });
  });

  describe('HOST unset', () => {
    // An address of this machine other than loopback, if it has one.
    const external = Object.values(networkInterfaces())
      .flat()
      .find((address) => address && address.family === 'IPv4' && !address.internal)?.address;

    it('listens on 127.0.0.1 only and logs the Swagger UI URL', async () => {
      const service = await spawnService({ LOG_LEVEL: 'info' });
      spawned.push(service);
      await waitUntilListening(service);
      await waitForOutput(service, `Swagger UI at http://127.0.0.1:${service.port}/api/docs`);
      if (external) expect(await accepts(service.port, external)).toBe(false);
      else console.warn('HOST test: no non-loopback IPv4 address here, so only the log line is checked');
      service.child.kill('SIGTERM');
      expect(await exitWithin(service, 20_000)).toEqual({ code: 0, signal: null });
    });
  });

  describe('logs in production', () => {
    it('are JSON lines, without the route listing, and request lines carry no headers', async () => {
      const service = await spawnService({ NODE_ENV: 'production', LOG_LEVEL: 'info', LOG_PRETTY: 'true' });
      spawned.push(service);
      await waitUntilListening(service);
      const res = await fetch(`http://127.0.0.1:${service.port}/api/v1/account?api_key=bpk_leaked_in_url&page=2`, {
        headers: { authorization: 'Bearer bps_not-a-real-session', 'x-request-id': 'logs-test-1' },
      });
      expect(res.status).toBe(401);
      service.child.kill('SIGTERM');
      expect(await exitWithin(service, 20_000)).toEqual({ code: 0, signal: null });

      const stdout = service
        .output()
        .split('stderr:\n')[0]
        .replace(/^stdout:\n/, '');
      const lines = stdout
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, any>);
      expect(lines.some((line) => /^Listening on/.test(line.msg))).toBe(true);
      expect(lines.filter((line) => ['RoutesResolver', 'RouterExplorer'].includes(line.context))).toEqual([]);
      const request = lines.find((line) => line.req?.id === 'logs-test-1');
      expect(request).toMatchObject({
        req: { id: 'logs-test-1', method: 'GET', url: '/api/v1/account?api_key=[redacted]&page=2' },
        res: { statusCode: 401 },
        responseTime: expect.any(Number),
      });
      expect(request!.req.headers).toBeUndefined();
      expect(stdout).not.toContain('bps_not-a-real-session');
      expect(stdout).not.toContain('bpk_leaked_in_url');
    });

    it('written off the event loop, still lose no line when SIGTERM follows the last answer at once', async () => {
      const service = await spawnService({ NODE_ENV: 'production', LOG_LEVEL: 'info' });
      spawned.push(service);
      await waitUntilListening(service);
      const ids = Array.from({ length: 300 }, (_, i) => `flush-test-${i}`);
      await Promise.all(
        ids.map((id) => fetch(`http://127.0.0.1:${service.port}/api/v1/plans`, { headers: { 'x-request-id': id } })),
      );
      service.child.kill('SIGTERM');
      expect(await exitWithin(service, 20_000)).toEqual({ code: 0, signal: null });

      const logged = new Set([...service.output().matchAll(/"id":"(flush-test-\d+)"/g)].map((match) => match[1]));
      expect(ids.filter((id) => !logged.has(id))).toEqual([]);
    });
  });

  describe('start-up failures', () => {
    // Created in beforeAll, not at collection: a filtered run (-t) skips the afterAll that removes them.
    let dataDir: string;
    let rootPostgresDir: string;
    beforeAll(() => {
      dataDir = mkdtempSync(join(tmpdir(), 'platform-process-data-'));
      rootPostgresDir = mkdtempSync(join(tmpdir(), 'platform-process-root-pg-'));
      chmodSync(rootPostgresDir, 0o755);
    });
    afterAll(() => {
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(rootPostgresDir, { recursive: true, force: true });
    });

    it('a taken port: one line saying so and what to do, exit 1, embedded PostgreSQL stopped', async () => {
      const blocker = net.createServer();
      const port = await freePort();
      await new Promise<void>((done) => blocker.listen(port, '127.0.0.1', done));
      try {
        const service = await spawnService({ ...zeroConfig(dataDir, rootPostgresDir), PORT: String(port) });
        spawned.push(service);
        const exit = await exitWithin(service, STARTUP_TIMEOUT_MS);
        expect(exit).toEqual({ code: 1, signal: null });
        expect(stderrOf(service).trim()).toBe(
          `Start-up failed: port ${port} is already in use (another instance of the service?): ` +
            'stop what listens there, or set PORT to a free port',
        );
        expect(existsSync(join(clusterDirOf(dataDir), 'postmaster.pid'))).toBe(false);
      } finally {
        blocker.close();
      }
    });

    it('a second start on the same data: one line naming the running instance, the first one unharmed', async () => {
      const first = await spawnService(zeroConfig(dataDir, rootPostgresDir));
      spawned.push(first);
      await waitUntilListening(first);

      const second = await spawnService(zeroConfig(dataDir, rootPostgresDir));
      spawned.push(second);
      const exit = await exitWithin(second, STARTUP_TIMEOUT_MS);
      expect(exit).toEqual({ code: 1, signal: null });
      const lines = stderrOf(second).trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        /^Start-up failed: the embedded PostgreSQL's cluster .+ is in use by another process \(PostgreSQL PID \d+\).*: stop it first, or set DATA_DIR to another directory$/,
      );

      expect(await liveStatus(first.port)).toBe(200);
      first.child.kill('SIGTERM');
      expect(await exitWithin(first, 20_000)).toEqual({ code: 0, signal: null });
      expect(existsSync(join(clusterDirOf(dataDir), 'postmaster.pid'))).toBe(false);
    });
  });

  describe('SIGTERM with a request in flight', () => {
    const body = JSON.stringify({ code: 'drain-test', name: 'Drain test plan' });
    const half = Math.floor(body.length / 2);
    let service: ServiceProcess;
    let response: Promise<{ status: number; connection: string | undefined; body: any }>;
    let request: http.ClientRequest;

    beforeAll(async () => {
      service = await spawnService();
      spawned.push(service);
      await waitUntilListening(service);

      request = http.request({
        host: '127.0.0.1',
        port: service.port,
        method: 'POST',
        path: '/api/v1/plans',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      });
      response = new Promise((done, fail) => {
        request.once('error', fail);
        request.once('response', (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk) => (text += chunk));
          res.on('end', () =>
            done({ status: res.statusCode!, connection: res.headers.connection, body: JSON.parse(text) }),
          );
        });
      });
      // Headers and half the body: the server now holds an active request waiting for the rest.
      request.write(body.slice(0, half));
      await new Promise<void>((done) =>
        request.once('socket', (socket) => (socket.connecting ? socket.once('connect', () => done()) : done())),
      );
      // No server-side signal says the headers were parsed; locally this is plenty.
      await sleep(500);

      service.child.kill('SIGTERM');
      // The same signal again, as Ctrl-C under npm delivers it (the terminal's, then npm's): still a drain.
      await sleep(100);
      service.child.kill('SIGTERM');
    });

    it('stops accepting new connections while the request is still open', async () => {
      await waitUntilRefused(service.port, 15_000);
      expect(service.child.exitCode).toBeNull();
    });

    it('still answers the in-flight request once its body arrives, saying the connection closes', async () => {
      request.end(body.slice(half));
      const res = await response;
      expect(res.status).toBeGreaterThanOrEqual(200);
      expect(res.connection).toBe('close');
      expect(res.body).toMatchObject({
        status: expect.any(Boolean),
        message: expect.any(String),
        meta: expect.any(Object),
      });
    });

    it('then exits with code 0', async () => {
      const exit = await exitWithin(service, 20_000);
      if (exit === 'timeout' || exit.code !== 0) throw new Error(`exit ${JSON.stringify(exit)}\n${service.output()}`);
      expect(await accepts(service.port)).toBe(false);
    });
  });

  describe('SIGTERM under a load of writes', () => {
    it('exits 0, and every write acknowledged before it is stored with its audit record', async () => {
      const service = await spawnService();
      spawned.push(service);
      await waitUntilListening(service);
      const api = (path: string, init: { method?: string; token?: string; body?: unknown } = {}) =>
        fetch(`http://127.0.0.1:${service.port}/api/v1${path}`, {
          method: init.method ?? 'GET',
          headers: {
            'content-type': 'application/json',
            ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
          },
          body: init.body === undefined ? undefined : JSON.stringify(init.body),
        });
      const email = `sigterm-${Date.now()}@example.test`;
      const password = 'correct horse battery';
      await (await api('/account/reg', { method: 'POST', body: { email, password, name: 'Load' } })).arrayBuffer();
      const login = await (await api('/account/auth', { method: 'POST', body: { email, password } })).json();
      const token = login.data.access_token as string;
      const company = (await (await api('/companies', { method: 'POST', token, body: { name: 'Load' } })).json()).data;

      // Eight writers on kept-alive connections until the service stops answering.
      const acknowledged: string[] = [];
      const failures: string[] = [];
      const writer = async (w: number) => {
        for (let i = 0; ; i++) {
          try {
            const res = await api(`/companies/${company.id}/modules/crm/sources`, {
              method: 'POST',
              token,
              body: { name: `Load ${w}-${i}`, type: 'other' },
            });
            const body = await res.json();
            if (res.status === 201) acknowledged.push(body.data.id);
            else failures.push(`${res.status} ${JSON.stringify(body)}`);
          } catch {
            return; // refused or closed: the service has stopped listening
          }
        }
      };
      const writers = Promise.all(Array.from({ length: 8 }, (_, w) => writer(w)));
      await sleep(500);
      service.child.kill('SIGTERM');
      await writers;
      expect(await exitWithin(service, 20_000)).toEqual({ code: 0, signal: null });

      expect(failures).toEqual([]);
      expect(acknowledged.length).toBeGreaterThan(0);
      const db = new Client({ connectionString: process.env.DATABASE_URL });
      await db.connect();
      try {
        const { rows } = await db.query(
          `SELECT count(DISTINCT s.id)::int AS stored, count(a.id)::int AS records
             FROM crm_sources s JOIN audit_logs a
               ON a.company_id = s.company_id AND a.key = 'crm.sources.create' AND a.metadata->>'result_id' = s.id::text
            WHERE s.id = ANY($1::uuid[])`,
          [acknowledged],
        );
        expect(rows[0]).toEqual({ stored: acknowledged.length, records: acknowledged.length });
      } finally {
        await db.end();
      }
    });
  });
});
