'use strict';
/**
 * Benchmark helpers: start the built service (or use BASE_URL), measure its start-up,
 * load it with autocannon, stop it. Each suite (run.js, and later ones) is a small file
 * that lists its routes and calls runSuite().
 */
const { spawn } = require('node:child_process');
const { randomUUID } = require('node:crypto');
const {
  chmodSync,
  existsSync,
  mkdtempSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} = require('node:fs');
const net = require('node:net');
const { tmpdir } = require('node:os');
const { join, resolve } = require('node:path');
const autocannon = require('autocannon');
const { Client } = require('pg');

const ROOT = resolve(__dirname, '..');
const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const READY_PATH = '/api/v1/health/ready';
const READY_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 30_000;

const settings = {
  duration: Number(process.env.BENCH_DURATION ?? 10),
  connections: Number(process.env.BENCH_CONNECTIONS ?? 20),
  // A short unmeasured run first, so the JIT and the connection pool are warm.
  warmup: Number(process.env.BENCH_WARMUP ?? 2),
};

function freePort() {
  return new Promise((done, fail) => {
    const server = net.createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });
}

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

/** Resident memory of a process in MiB, from /proc (Linux only; null elsewhere). */
function rssMiB(pid) {
  try {
    const kb = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return kb ? Math.round((Number(kb[1]) / 1024) * 10) / 10 : null;
  } catch {
    return null;
  }
}

async function isReady(baseUrl) {
  try {
    const res = await fetch(baseUrl + READY_PATH, { signal: AbortSignal.timeout(2000) });
    await res.arrayBuffer();
    return res.ok;
  } catch {
    return false;
  }
}

/**
 * The service under test. With BASE_URL set, an already-running service (nothing is spawned or
 * stopped, and start-up figures are null). Otherwise `node dist/main` (run `npm run build`
 * first) with a fresh temporary DATA_DIR, a free PORT and `env` on top of this environment:
 * without DATABASE_URL / MINIO_ENDPOINT that is the zero-config start, embedded servers included.
 * `nodeArgs` go to node before the script (e.g. `--cpu-prof`, which NODE_OPTIONS refuses).
 * `root` is the checkout to run (another build of the service, for a before/after comparison).
 */
async function startService(env = {}, nodeArgs = [], root = ROOT) {
  if (process.env.BASE_URL) {
    const baseUrl = process.env.BASE_URL.replace(/\/$/, '');
    if (!(await isReady(baseUrl))) throw new Error(`BASE_URL ${baseUrl} is not ready (${READY_PATH})`);
    return { baseUrl, pid: null, ready_ms: null, rss_mib_after_start: null, stop: async () => null };
  }

  if (!existsSync(join(root, 'dist', 'main.js')))
    throw new Error(`${root}/dist/main.js missing: run \`npm run build\` there first`);
  const dataDir = mkdtempSync(join(tmpdir(), 'platform-bench-'));
  // mkdtemp makes it 0700; run as root, embedded PostgreSQL runs as another user, from
  // ROOT_POSTGRES_DIR, kept in here so it goes when the directory does.
  chmodSync(dataDir, 0o755);
  const port = await freePort();
  // Logs go to a file: they cost what they cost in production, and explain a failed start.
  const logFile = join(dataDir, 'service.log');
  const log = openSync(logFile, 'a');
  const started = process.hrtime.bigint();
  const child = spawn(process.execPath, [...nodeArgs, 'dist/main'], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      ROOT_POSTGRES_DIR: join(dataDir, 'root-postgres'),
      LOG_PRETTY: 'false',
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', log, log],
  });
  const exited = new Promise((done) => child.once('exit', (code, signal) => done({ code, signal })));
  let exit = null;
  exited.then((result) => (exit = result));

  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (!(await isReady(baseUrl))) {
    if (exit || Date.now() > deadline) {
      child.kill('SIGKILL');
      const tail = readFileSync(logFile, 'utf8').split('\n').slice(-20).join('\n');
      throw new Error(`service ${exit ? `exited (${JSON.stringify(exit)})` : 'not ready in time'}:\n${tail}`);
    }
    await sleep(50);
  }
  const readyMs = Number(process.hrtime.bigint() - started) / 1e6;

  return {
    baseUrl,
    pid: child.pid,
    ready_ms: Math.round(readyMs),
    rss_mib_after_start: rssMiB(child.pid),
    logFile,
    /** SIGTERM, then the exit: a clean drain exits 0 (CONTRACT 11). */
    async stop() {
      const t0 = Date.now();
      child.kill('SIGTERM');
      const result = await Promise.race([exited, sleep(STOP_TIMEOUT_MS).then(() => null)]);
      if (!result) {
        child.kill('SIGKILL');
        throw new Error(`service did not exit within ${STOP_TIMEOUT_MS} ms of SIGTERM (log: ${logFile})`);
      }
      if (result.code !== 0)
        throw new Error(`service exited with ${JSON.stringify(result)} after SIGTERM (log: ${logFile})`);
      rmSync(dataDir, { recursive: true, force: true });
      return { exit_code: result.code, stop_ms: Date.now() - t0 };
    },
  };
}

/**
 * One autocannon run against `baseUrl + route.path`. A route is
 * `{name, path, method?, headers?, body?}`; `body` objects are sent as JSON.
 */
async function runScenario(baseUrl, route, { duration = settings.duration, connections = settings.connections } = {}) {
  const body = route.body === undefined || typeof route.body === 'string' ? route.body : JSON.stringify(route.body);
  const headers = { ...(body ? { 'content-type': 'application/json' } : {}), ...route.headers };
  const result = await autocannon({
    url: baseUrl + route.path,
    method: route.method ?? 'GET',
    headers,
    body,
    connections,
    duration,
  });
  return {
    requests_per_s: Math.round(result.requests.average),
    p50_ms: result.latency.p50,
    p99_ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    total: result.requests.total,
  };
}

function printTable(rows) {
  const columns = ['route', 'requests_per_s', 'p50_ms', 'p99_ms', 'non2xx', 'errors'];
  const cells = rows.map((row) => columns.map((c) => String(row[c])));
  const widths = columns.map((c, i) => Math.max(c.length, ...cells.map((r) => r[i].length)));
  const line = (values) => values.map((v, i) => (i === 0 ? v.padEnd(widths[i]) : v.padStart(widths[i]))).join('  ');
  process.stdout.write(`${line(columns)}\n${cells.map(line).join('\n')}\n`);
}

/**
 * Starts the service, runs every route in turn, stops it, prints a table and writes
 * bench/results/<name>-<timestamp>.json. `setup(baseUrl)` may prepare data and return
 * headers (e.g. a session token) added to every route.
 */
async function runSuite(name, routes, { env, setup } = {}) {
  const service = await startService(env);
  let runs;
  let rssAfterLoad = null;
  let stopped;
  try {
    const headers = setup ? await setup(service.baseUrl) : {};
    runs = [];
    for (const route of routes) {
      const withHeaders = { ...route, headers: { ...headers, ...route.headers } };
      if (settings.warmup > 0) await runScenario(service.baseUrl, withHeaders, { duration: settings.warmup });
      runs.push({ route: route.name, ...(await runScenario(service.baseUrl, withHeaders)) });
    }
  } finally {
    if (service.pid) rssAfterLoad = rssMiB(service.pid);
    stopped = await service.stop();
  }

  const report = {
    suite: name,
    at: new Date().toISOString(),
    base_url: process.env.BASE_URL ?? null,
    node: process.version,
    settings,
    startup: { ready_ms: service.ready_ms, rss_mib_after_start: service.rss_mib_after_start },
    rss_mib_after_load: rssAfterLoad,
    shutdown: stopped,
    runs,
  };
  printTable(runs);
  process.stdout.write(
    `time to ready: ${report.startup.ready_ms ?? '-'} ms; RSS after start: ${report.startup.rss_mib_after_start ?? '-'} MiB; ` +
      `after load: ${rssAfterLoad ?? '-'} MiB; stop: ${stopped ? `exit ${stopped.exit_code} in ${stopped.stop_ms} ms` : '-'}\n`,
  );
  process.stdout.write(`written: ${writeResults(name, report)}\n`);
  return report;
}

/** Writes `report` (with its `at`) to bench/results/<suite>-<at>.json; the file's path. */
function writeResults(suite, report) {
  const dir = join(__dirname, 'results');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${suite}-${report.at.replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  return file;
}

/**
 * One route at one size, as the size comparisons (bench:scale, bench:admin) measure it: the
 * warm-up, then the measured run. autocannon counts non-2xx answers together; one probe tells a
 * 5xx apart from a 4xx.
 */
async function measureRoute(baseUrl, route) {
  if (settings.warmup > 0) await runScenario(baseUrl, route, { duration: settings.warmup });
  const run = await runScenario(baseUrl, route);
  let status5xx = 0;
  if (run.non2xx > 0) {
    const res = await fetch(baseUrl + route.path, { headers: route.headers });
    await res.arrayBuffer();
    status5xx = res.status >= 500 ? 1 : 0;
  }
  return { ...run, status5xx };
}

/**
 * A route's ratios, big against small, and whether it meets the size comparisons' target
 * (issue 29): a list or an analysis ≥ 0.7x of the small rate; a search ≥ 0.3x with p99 ≤ 3x
 * (its total is a capped count); every answer a 2xx at both sizes.
 */
function sizeTarget(kind, small, big) {
  const ratio = big.requests_per_s / Math.max(small.requests_per_s, 1);
  const p99 = big.p99_ms / Math.max(small.p99_ms, 1);
  const clean = [small, big].every((run) => run.non2xx === 0 && run.errors === 0 && run.total > 0);
  const met = clean && (kind === 'search' ? ratio >= 0.3 && p99 <= 3 : ratio >= 0.7);
  return { ratio: Math.round(ratio * 100) / 100, p99_ratio: Math.round(p99 * 100) / 100, met };
}

/** One size comparison's line: `row` is `{route, small, big, ratio, p99_ratio, met}`. */
function printSizeRow(row) {
  const { small, big } = row;
  process.stdout.write(
    `${row.route.padEnd(38)} small ${String(small.requests_per_s).padStart(5)} req/s p99 ${String(small.p99_ms).padStart(5)} ms | ` +
      `big ${String(big.requests_per_s).padStart(5)} req/s p99 ${String(big.p99_ms).padStart(5)} ms | ` +
      `${row.ratio}x p99 ${row.p99_ratio}x non2xx ${small.non2xx}/${big.non2xx} 5xx ${small.status5xx}/${big.status5xx} errors ${small.errors}/${big.errors} ${row.met ? 'met' : 'NOT MET'}\n`,
  );
}

/** One JSON call to the API; throws with the answer when it is not a success envelope. */
async function api(baseUrl, method, path, body, headers = {}) {
  const res = await fetch(baseUrl + path, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: body ? JSON.stringify(body) : undefined,
  });
  const payload = await res.json();
  if (!payload.status) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(payload)}`);
  return payload.data;
}

/** A fresh account, registered and signed in: its Authorization header. */
async function signIn(baseUrl) {
  const email = `bench-${Date.now()}@example.test`;
  await api(baseUrl, 'POST', '/api/v1/account/reg', { email, password: 'bench-password', name: 'Bench' });
  const session = await api(baseUrl, 'POST', '/api/v1/account/auth', { email, password: 'bench-password' });
  return { Authorization: `Bearer ${session.access_token}` };
}

/** A fresh account and its company, through the API: the account's id, its headers, the company's id. */
async function signUpWithCompany(baseUrl, label) {
  const email = `bench-${label}-${randomUUID()}@example.test`;
  const password = 'bench-password';
  const account = await api(baseUrl, 'POST', '/api/v1/account/reg', { email, password, name: 'Bench' });
  const { access_token: token } = await api(baseUrl, 'POST', '/api/v1/account/auth', { email, password });
  const headers = { authorization: `Bearer ${token}` };
  const company = await api(baseUrl, 'POST', '/api/v1/companies', { name: `Bench ${label}` }, headers);
  return { email, accountId: account.user_id, headers, companyId: company.id };
}

/**
 * The database of a suite that seeds rows with SQL: DATABASE_URL when set (it must be the
 * service's, e.g. with BASE_URL), otherwise a fresh `bench_<label>_<time>` database on
 * BENCH_ADMIN_URL (default the local server), which `drop()` removes at the end; or, given `kept`,
 * database `kept`, created when missing and never dropped.
 */
async function provideDatabase(label, kept) {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, drop: async () => undefined };
  if (process.env.BASE_URL) throw new Error('with BASE_URL, set DATABASE_URL to the service database');
  const name = kept ?? `bench_${label}_${Date.now()}`;
  const admin = new Client({ connectionString: ADMIN_URL });
  await admin.connect();
  const exists = (await admin.query(`SELECT 1 FROM pg_database WHERE datname = $1`, [name])).rowCount > 0;
  if (!exists) await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      if (kept) return;
      const cleanup = new Client({ connectionString: ADMIN_URL });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of the page and count statements the service runs for each of
 * `lists` (`{name, query}`): `specOf(query)` is the built repository's ListSpec, rendered by
 * core's listStatements, so the plans are of the exact statements. Prints them; fails when one
 * scans any of `tables` sequentially (with `countsMayScan`, only when a page statement does).
 */
async function explainLists(db, lists, specOf, tables, { countsMayScan = false } = {}) {
  const { listStatements } = require('../dist/core/pagination/list');
  const plans = [];
  for (const list of lists) {
    const { page = 1, ...filters } = list.query;
    const query = { ...filters, page: Number(page), limit: 20 };
    const statements = listStatements(specOf(query), query);
    for (const [kind, statement] of Object.entries(statements)) {
      const { text, values } = statement.render();
      const { rows } = await db.query(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, values);
      const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
      plans.push({ list: list.name, kind, plan });
      process.stdout.write(`\n--- ${list.name}: ${kind} ---\n${plan}\n`);
    }
  }
  const seqScan = new RegExp(`Seq Scan on (${tables.join('|')})\\b`);
  // An exact count of most of a table is cheapest as a sequential scan; a suite may accept that.
  const scans = plans.filter((p) => seqScan.test(p.plan) && !(countsMayScan && p.kind === 'count'));
  if (scans.length > 0) {
    const where = scans.map((p) => `${p.list} (${p.kind})`).join(', ');
    throw new Error(`sequential scan of ${tables.join(' or ')} in: ${where}`);
  }
  process.stdout.write(`\nno sequential scan of ${tables.join(' or ')} in any plan\n\n`);
}

/** One statement on `url` through a connection of its own: its rows. */
async function sql(url, text, values) {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows;
  } finally {
    await client.end();
  }
}

/**
 * What the storage suites run against: the embedded S3 server (s3rver), a fresh database
 * (provideDatabase), the built service on both with `env` on top, and a MinIO client of the same
 * store that puts an object in one PUT (s3rver does not list unfinished uploads, which the
 * client's own multipart put needs). `stop()` ends and removes them all.
 */
async function startStorageBench(label, env = {}) {
  const { Client: MinioClient } = require('minio');
  const { startEmbeddedS3 } = require('../dist/core/storage/embedded-s3');
  const s3Dir = mkdtempSync(join(tmpdir(), `bench-${label}-s3-`));
  const s3 = await startEmbeddedS3(s3Dir);
  const db = await provideDatabase(label);
  const stopStores = async () => {
    await s3.stop();
    rmSync(s3Dir, { recursive: true, force: true });
    await db.drop();
  };
  let service;
  try {
    service = await startService({
      DATABASE_URL: db.url,
      MINIO_ENDPOINT: s3.endpoint,
      MINIO_ACCESS_KEY: s3.accessKey,
      MINIO_SECRET_KEY: s3.secretKey,
      ...env,
    });
  } catch (error) {
    await stopStores();
    throw error;
  }
  const endpoint = new URL(s3.endpoint);
  const minio = new MinioClient({
    endPoint: endpoint.hostname,
    port: Number(endpoint.port),
    useSSL: false,
    accessKey: s3.accessKey,
    secretKey: s3.secretKey,
    pathStyle: true,
    partSize: 1024 * 1024 * 1024,
  });
  return {
    service,
    minio,
    dbUrl: db.url,
    async stop() {
      try {
        await service.stop();
      } finally {
        await stopStores();
      }
    },
  };
}

/** Runs a script's main(); a failure prints its stack and exits 1. */
function runMain(main) {
  main().catch((error) => {
    process.stderr.write(`${error.stack ?? error}\n`);
    process.exit(1);
  });
}

module.exports = {
  runMain,
  sql,
  startStorageBench,
  settings,
  startService,
  runScenario,
  runSuite,
  writeResults,
  measureRoute,
  sizeTarget,
  printSizeRow,
  rssMiB,
  api,
  signIn,
  signUpWithCompany,
  provideDatabase,
  explainLists,
};
