'use strict';
/**
 * Where the service spends its CPU on the authenticated client list (issue 9): starts the built
 * service under `--cpu-prof`, creates a company with BENCH_CLIENTS (2,000) clients and an API key
 * through the API, loads `GET …/crm/clients?page=1&limit=20` with the key, stops the service
 * (the profile is written at its exit) and prints the CPU time per request by component (each
 * package, with the runtime's work counted for the package that asked for it, and the socket
 * writes to the database and to clients apart) and the functions that cost most. The .cpuprofile file stays in bench/results for Chrome DevTools or speedscope.
 *
 *   npm run build && npm run bench:profile
 *
 * With BENCH_BEFORE_DIR (another checkout of this service, built), that build is profiled first,
 * the same way, and then this one: CPU per request by component before and after, in one run.
 */
const { mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join, relative } = require('node:path');
const { Client } = require('pg');
const { api, provideDatabase, runMain, runScenario, settings, signUpWithCompany, startService } = require('./lib');

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 2_000);
const TOP = 25;
const ROOT = join(__dirname, '..');
const BEFORE_DIR = process.env.BENCH_BEFORE_DIR;

/**
 * CPU seconds the process has used (user + system, from /proc). The profile's samples are wall
 * time: a sample taken after the process waited for a core counts for where it waited (mostly
 * `writev`, which wakes a database backend), so on a loaded machine only this says what a request
 * costs the process itself.
 */
function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return { user: Number(fields[11]) / 100, system: Number(fields[12]) / 100 };
}

const PACKAGE = /node_modules\/((?:@[^/]+\/)?[^/]+)/;

/** Who a frame belongs to: `node_modules/<package>`, `ours` for the built service, else null (the runtime). */
function ownerOfFrame({ url }) {
  const pkg = PACKAGE.exec(url);
  if (pkg) return pkg[1];
  return url.includes('/dist/') ? 'ours' : null;
}

/**
 * Where a sample's time goes. Start-up (module loading) is left out; a system call writing to
 * a socket is told apart by who wrote (the database client or the HTTP response); the runtime's
 * own frames count for the nearest package that called them, so `express` includes the HTTP
 * internals it drives.
 */
function componentOf(stack) {
  if (stack.some((frame) => /run_main_module|Module\._load/.test(`${frame.url} ${frame.functionName}`))) return null;
  const [leaf] = stack;
  if (leaf.functionName === '(idle)' || leaf.functionName === '(garbage collector)') return leaf.functionName;
  if (/^(writev|writeBuffer|writeString|writeUtf8String)$/.test(leaf.functionName)) {
    return stack.some((frame) => /node_modules\/pg(-pool)?\//.test(frame.url))
      ? 'socket write: database'
      : 'socket write: HTTP';
  }
  for (const frame of stack) {
    const owner = ownerOfFrame(frame);
    if (owner) return owner;
  }
  return 'node (no package on the stack)';
}

/** Time per component per request, and the functions with the most self time. */
function report(profile, requests) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const byComponent = new Map();
  const byFunction = new Map();
  profile.samples.forEach((id, i) => {
    const us = profile.timeDeltas[i] ?? 0;
    const stack = [];
    for (let at = id; at !== undefined; at = parentOf.get(at)) stack.push(byId.get(at).callFrame);
    const component = componentOf(stack);
    if (component === null) return;
    byComponent.set(component, (byComponent.get(component) ?? 0) + us);
    const { url, functionName, lineNumber } = stack[0];
    const where = url ? `${relative(ROOT, url.replace(/^file:\/\//, ''))}:${lineNumber + 1}` : '';
    const key = `${functionName || '(anonymous)'} ${where}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + us);
  });
  const busy = [...byComponent].filter(([name]) => name !== '(idle)').reduce((sum, [, us]) => sum + us, 0);
  const perRequest = (us) => `${(us / 1000 / requests).toFixed(3)} ms`.padStart(9);
  const share = (us) => `${((100 * us) / busy).toFixed(1)}%`.padStart(6);
  const top = (map, n) => [...map.entries()].sort((a, b) => b[1] - a[1]).slice(0, n);
  process.stdout.write(
    `\nCPU per request by component (${requests} requests, ${perRequest(busy).trim()} busy each; start-up left out)\n`,
  );
  for (const [name, us] of top(byComponent, 30)) process.stdout.write(`  ${perRequest(us)}  ${share(us)}  ${name}\n`);
  process.stdout.write(`\ntop ${TOP} functions by self time\n`);
  for (const [name, us] of top(byFunction, TOP)) process.stdout.write(`  ${perRequest(us)}  ${share(us)}  ${name}\n`);
}

/** Profiles the build in `root` under load and prints its CPU per request by component. */
async function profile(root, label) {
  process.stdout.write(`\n== ${label} (${root})\n`);
  const database = await provideDatabase('profile');
  const profileDir = mkdtempSync(join(tmpdir(), 'cpu-prof-'));
  let requests = 0;
  const service = await startService(
    { DATABASE_URL: database.url },
    ['--cpu-prof', `--cpu-prof-dir=${profileDir}`],
    root,
  );
  try {
    const { headers, companyId } = await signUpWithCompany(service.baseUrl, 'profile');
    const key = await api(
      service.baseUrl,
      'POST',
      '/api/v1/account/api-keys',
      { name: 'profile', daily_requests: 1_000_000 },
      headers,
    );
    const db = new Client({ connectionString: database.url });
    await db.connect();
    await db.query(
      `INSERT INTO crm_clients (company_id, source_id, first_name, last_name, type)
       SELECT $1, (SELECT id FROM crm_sources WHERE company_id = $1 LIMIT 1), 'Client' || g, 'Profile', 'individual'
       FROM generate_series(1, $2::int) g`,
      [companyId, CLIENTS],
    );
    await db.end();
    const route = {
      name: 'GET clients (API key)',
      path: `/api/v1/companies/${companyId}/modules/crm/clients?page=1&limit=20`,
      headers: { 'x-api-key': key.raw_key },
    };
    const cpuBefore = cpuSeconds(service.pid);
    const run = await runScenario(service.baseUrl, route, { duration: settings.duration });
    const cpuAfter = cpuSeconds(service.pid);
    const msPerRequest = (part) => (((cpuAfter[part] - cpuBefore[part]) * 1000) / run.total).toFixed(3);
    const cpuMs = ((cpuAfter.user + cpuAfter.system - cpuBefore.user - cpuBefore.system) * 1000) / run.total;
    process.stdout.write(`${route.name}: ${run.requests_per_s} req/s, p99 ${run.p99_ms} ms\n`);
    process.stdout.write(
      `service CPU per request (user + system, from /proc): ${cpuMs.toFixed(3)} ms ` +
        `(user ${msPerRequest('user')}, system ${msPerRequest('system')})\n`,
    );
    // A profile of refusals (a spent quota, a 5xx) would say nothing about the list.
    if (run.non2xx > 0 || run.errors > 0) throw new Error(`${run.non2xx} answers outside 2xx, ${run.errors} errors`);
    requests = run.total;
  } finally {
    await service.stop();
    await database.drop();
  }
  const file = readdirSync(profileDir).find((name) => name.endsWith('.cpuprofile'));
  const results = join(__dirname, 'results');
  mkdirSync(results, { recursive: true });
  const kept = join(results, `profile-${label}-${new Date().toISOString().replace(/[:.]/g, '-')}.cpuprofile`);
  renameSync(join(profileDir, file), kept);
  report(JSON.parse(readFileSync(kept, 'utf8')), requests);
  process.stdout.write(`\nprofile: ${kept}\n`);
}

async function main() {
  if (BEFORE_DIR) await profile(BEFORE_DIR, 'before');
  await profile(ROOT, BEFORE_DIR ? 'after' : 'project');
}

runMain(main);
