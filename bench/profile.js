'use strict';
/**
 * Where the service spends its CPU on the authenticated client list (issue 9): starts the built
 * service under `--cpu-prof`, creates a company with BENCH_CLIENTS (2,000) clients and an API key
 * through the API, loads `GET …/crm/clients?page=1&limit=20` with the key, stops the service
 * (the profile is written at its exit) and prints the self time by package and the functions
 * that cost most. The .cpuprofile file stays in bench/results for Chrome DevTools or speedscope.
 *
 *   npm run build && npm run bench:profile
 */
const { mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join, relative } = require('node:path');
const { Client } = require('pg');
const { api, provideDatabase, runMain, runScenario, settings, signUpWithCompany, startService } = require('./lib');

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 2_000);
const TOP = 25;
const ROOT = join(__dirname, '..');

/** Self time per profile node, from the sample deltas. */
function selfTimes(profile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, { node, self: 0 }]));
  profile.samples.forEach((id, i) => (byId.get(id).self += profile.timeDeltas[i] ?? 0));
  return [...byId.values()];
}

/** `node_modules/<package>`, `ours` for src/dist, `node` for the runtime, else the category. */
function ownerOf(url, functionName) {
  if (!url) return functionName.startsWith('(') ? functionName : 'node (native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  if (url.startsWith('node:')) return 'node';
  return url.includes('/dist/') ? 'ours' : url;
}

function report(profile) {
  const entries = selfTimes(profile);
  const total = entries.reduce((sum, e) => sum + e.self, 0);
  const share = (us) => `${((100 * us) / total).toFixed(1)}%`;
  const byOwner = new Map();
  const byFunction = new Map();
  for (const { node, self } of entries) {
    const { url, functionName, lineNumber } = node.callFrame;
    const owner = ownerOf(url, functionName);
    byOwner.set(owner, (byOwner.get(owner) ?? 0) + self);
    const where = url ? `${relative(ROOT, url.replace(/^file:\/\//, ''))}:${lineNumber + 1}` : '';
    const key = `${functionName || '(anonymous)'} ${where}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + self);
  }
  const top = (map, n) => [...map.entries()].sort((a, b) => b[1] - a[1]).slice(0, n);
  process.stdout.write(`\nself time by owner (of ${(total / 1e6).toFixed(1)} s sampled)\n`);
  for (const [owner, us] of top(byOwner, 20)) process.stdout.write(`  ${share(us).padStart(6)}  ${owner}\n`);
  process.stdout.write(`\ntop ${TOP} functions by self time\n`);
  for (const [name, us] of top(byFunction, TOP)) process.stdout.write(`  ${share(us).padStart(6)}  ${name}\n`);
}

async function main() {
  const database = await provideDatabase('profile');
  const profileDir = mkdtempSync(join(tmpdir(), 'cpu-prof-'));
  const service = await startService({ DATABASE_URL: database.url }, ['--cpu-prof', `--cpu-prof-dir=${profileDir}`]);
  try {
    const { headers, companyId } = await signUpWithCompany(service.baseUrl, 'profile');
    const key = await api(service.baseUrl, 'POST', '/api/v1/account/api-keys', { name: 'profile' }, headers);
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
    const run = await runScenario(service.baseUrl, route, { duration: settings.duration });
    process.stdout.write(`${route.name}: ${run.requests_per_s} req/s, p99 ${run.p99_ms} ms\n`);
  } finally {
    await service.stop();
    await database.drop();
  }
  const file = readdirSync(profileDir).find((name) => name.endsWith('.cpuprofile'));
  const results = join(__dirname, 'results');
  mkdirSync(results, { recursive: true });
  const kept = join(results, `profile-${new Date().toISOString().replace(/[:.]/g, '-')}.cpuprofile`);
  renameSync(join(profileDir, file), kept);
  report(JSON.parse(readFileSync(kept, 'utf8')));
  process.stdout.write(`\nprofile: ${kept}\n`);
}

runMain(main);
