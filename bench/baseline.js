'use strict';
/**
 * The authenticated CRM client list side by side with the hand-written baseline
 * (../shared/baseline: Fastify + pg), on the same rows, in one run (issue 9).
 *
 *   npm run build && npm run bench:baseline
 *
 * It seeds the baseline's database (its seed.mjs: 20 companies, one with 100,000 clients, the
 * others 5,000), starts the baseline server, starts this service on a fresh database, creates a
 * big, a small and an "other" company through the API and copies the baseline's clients into them
 * (dblink, both databases on one server), then runs the baseline's own harness against both
 * servers alternately (baseline, project, baseline, project) with owner keys and prints the
 * project/baseline ratios per case. Both servers get a pool of 10 connections.
 *
 * With BENCH_BEFORE_DIR (another checkout of this service, built), that build runs too, on its own
 * copy of the same rows, alternated with the other two (baseline, before, project), and the table
 * adds before/baseline and project/before: the cost of a change measured in one run.
 *
 * BASELINE_DIR (../../shared/baseline from here), BENCH_ADMIN_URL (the local server), BENCH_RATE
 * (60: the paced case), BENCH_MEMORY_SECONDS (60: each of the two saturation minutes of the memory
 * target, run on the project first), and the harness's own knobs through BENCH_DURATION / BENCH_WARMUP.
 */
const { execFileSync, spawn } = require('node:child_process');
const { createHash, randomBytes } = require('node:crypto');
const { mkdtempSync, readFileSync, existsSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join, resolve } = require('node:path');
const { Client } = require('pg');
const { api, rssMiB, runMain, runScenario, settings, signIn, startService } = require('./lib');

const BASELINE_DIR = resolve(process.env.BASELINE_DIR ?? join(__dirname, '..', '..', 'shared', 'baseline'));
const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const RATE = Number(process.env.BENCH_RATE ?? 60);
const MEMORY_SECONDS = Number(process.env.BENCH_MEMORY_SECONDS ?? 60);
const BEFORE_DIR = process.env.BENCH_BEFORE_DIR ? resolve(process.env.BENCH_BEFORE_DIR) : null;
const POOL = '10';
const work = mkdtempSync(join(tmpdir(), 'bench-baseline-'));
const dbUrl = (name) => Object.assign(new URL(ADMIN_URL), { pathname: `/${name}` }).toString();

/** Seeds the baseline database; returns its big company, a 5,000-client company and an owner key for each. */
async function seedBaseline() {
  if (!existsSync(join(BASELINE_DIR, 'node_modules'))) {
    execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: BASELINE_DIR, stdio: 'ignore' });
  }
  const out = join(work, 'seed-out.json');
  execFileSync('node', ['seed.mjs', 'bench_baseline', '--recreate', '--out', out], {
    cwd: BASELINE_DIR,
    stdio: 'inherit',
  });
  const seed = JSON.parse(readFileSync(out, 'utf8'));
  const db = new Client({ connectionString: seed.database_url });
  await db.connect();
  try {
    const {
      rows: [small],
    } = await db.query(
      `SELECT c.id, c.owner_id FROM companies c
       WHERE c.id = ANY($1) AND c.plan_lvl >= 2 AND (c.plan_expires_at IS NULL OR c.plan_expires_at > now())
         AND (SELECT count(*) FROM clients WHERE company_id = c.id) = 5000
       ORDER BY c.id LIMIT 1`,
      [seed.other_company_ids],
    );
    const raw = `kc_${randomBytes(24).toString('base64url')}`;
    await db.query(
      `INSERT INTO api_keys (account_id, name, key_prefix, key_hash, daily_requests) VALUES ($1, 'bench', $2, $3, 1000000000)`,
      [small.owner_id, raw.slice(0, 12), createHash('sha256').update(raw).digest()],
    );
    return { url: seed.database_url, big: seed.company_id, bigKey: seed.owner_api_key, small: small.id, smallKey: raw };
  } finally {
    await db.end();
  }
}

async function startBaseline(url) {
  const port = 3100 + Math.floor(Math.random() * 500);
  const child = spawn(process.execPath, ['baseline.mjs'], {
    cwd: BASELINE_DIR,
    env: { ...process.env, DATABASE_URL: url, PORT: String(port), PG_POOL: POOL },
    stdio: 'ignore',
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    if (
      await fetch(baseUrl).then(
        () => true,
        () => false,
      )
    )
      break;
    await new Promise((done) => setTimeout(done, 100));
  }
  return { baseUrl, stop: () => child.kill('SIGTERM') };
}

/** Starts this service (or the build in `root`) on a fresh database holding the baseline's clients in three companies. */
async function startProject(baseline, root) {
  const name = `bench_project_${Date.now()}`;
  const admin = new Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const service = await startService({ DATABASE_URL: dbUrl(name), DB_POOL_SIZE: POOL }, [], root);
  const base = service.baseUrl;
  const bearer = await signIn(base);
  const key = await api(base, 'POST', '/api/v1/account/api-keys', { name: 'bench', daily_requests: 1_000_000 }, bearer);
  const company = async (label) => (await api(base, 'POST', '/api/v1/companies', { name: label }, bearer)).id;
  const [big, small, other] = [await company('Big'), await company('Small'), await company('Other')];

  const db = new Client({ connectionString: dbUrl(name) });
  await db.connect();
  const started = Date.now();
  await db.query('CREATE EXTENSION IF NOT EXISTS dblink');
  const source = new URL(baseline.url);
  await db.query(
    `INSERT INTO crm_clients (company_id, source_id, first_name, last_name, patronymic, phone, email, comment,
       type, status, metadata, created_at, updated_at)
     SELECT m.company_id, s.id, t.first_name, t.last_name, t.patronymic, t.phone, t.email, t.comment,
       t.type, t.status, t.metadata, t.created_at, t.updated_at
     FROM dblink($1, 'SELECT company_id, first_name, last_name, patronymic, phone, email, comment, type, status,
                         metadata, created_at, updated_at FROM clients ORDER BY created_at')
       AS t(company_id uuid, first_name text, last_name text, patronymic text, phone text, email text, comment text,
            type text, status text, metadata jsonb, created_at timestamptz, updated_at timestamptz)
     CROSS JOIN LATERAL (SELECT CASE t.company_id WHEN $2::uuid THEN $3::uuid WHEN $4::uuid THEN $5::uuid ELSE $6::uuid END
                         AS company_id) m
     JOIN crm_sources s ON s.company_id = m.company_id AND s.system
     ORDER BY t.created_at`,
    [
      `host=${source.hostname} port=${source.port || 5432} dbname=${source.pathname.slice(1)} user=${source.username}`,
      baseline.big,
      big,
      baseline.small,
      small,
      other,
    ],
  );
  await db.query('VACUUM ANALYZE crm_clients, crm_client_totals');
  await db.end();
  process.stdout.write(`copied the baseline's clients in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  return {
    baseUrl: base,
    big,
    small,
    key: key.raw_key,
    pid: service.pid,
    rssAfterStart: service.rss_mib_after_start,
    stop: async () => {
      await service.stop();
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** One run of the baseline's harness; returns its JSON figures. */
function harness(label, baseUrl, companyId, apiKey, extra = []) {
  const out = join(work, `${label}-${Date.now()}.json`);
  execFileSync(
    'bash',
    [
      join(BASELINE_DIR, 'run-bench.sh'),
      '--label',
      label,
      '--json',
      out,
      '--cases',
      'list,search,status',
      '--duration',
      String(settings.duration),
      '--warmup',
      String(Math.max(settings.warmup, 1)),
      ...extra,
    ],
    // The harness prints each case's check line (its total), so both servers are seen to count the same rows.
    {
      env: { ...process.env, BASE_URL: baseUrl, COMPANY_ID: companyId, API_KEY: apiKey },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  return JSON.parse(readFileSync(out, 'utf8'));
}

/**
 * Target 4: RSS after a minute of saturation against RSS after start, and its growth over a
 * second minute, on the 5,000-client list with the harness's 50 connections.
 */
async function memory(project) {
  const route = {
    name: 'memory',
    path: `/api/v1/companies/${project.small}/modules/crm/clients?page=1&limit=20`,
    headers: { authorization: `Bearer ${project.key}` },
  };
  const minute = async () => {
    const run = await runScenario(project.baseUrl, route, { duration: MEMORY_SECONDS, connections: 50 });
    if (run.non2xx > 0 || run.errors > 0)
      throw new Error(`memory: ${run.non2xx} answers outside 2xx, ${run.errors} errors`);
    return rssMiB(project.pid);
  };
  const [first, second] = [await minute(), await minute()];
  return (
    `memory (project, 50 connections on the 5,000-client list): RSS ${project.rssAfterStart} MiB after start, ` +
    `${first} MiB after ${MEMORY_SECONDS} s (${(first / project.rssAfterStart).toFixed(2)}x), ` +
    `${second} MiB after another ${MEMORY_SECONDS} s (${(((second - first) / first) * 100).toFixed(1)}% over it)`
  );
}

const mean = (values) => values.reduce((a, b) => a + b, 0) / values.length;

async function main() {
  const seeded = await seedBaseline();
  const baseline = await startBaseline(seeded.url);
  const project = await startProject(seeded);
  const before = BEFORE_DIR ? await startProject(seeded, BEFORE_DIR) : null;
  const rows = [];
  let memoryLine;
  try {
    // First, so that "after start" is the service as it started, before any load.
    memoryLine = await memory(project);
    const scenarios = [
      {
        name: '5,000-client company, 50 connections',
        b: [seeded.small, seeded.smallKey],
        p: [project.small],
        extra: [],
      },
      { name: '100,000-client company, 50 connections', b: [seeded.big, seeded.bigKey], p: [project.big], extra: [] },
      {
        name: `100,000-client company, paced ${RATE} req/s`,
        b: [seeded.big, seeded.bigKey],
        p: [project.big],
        extra: ['--rate', String(RATE)],
      },
    ];
    for (const scenario of scenarios) {
      const runs = { baseline: [], before: [], project: [] };
      const companyOf = (side) => (scenario.p[0] === project.big ? side.big : side.small);
      for (let round = 0; round < 2; round++) {
        runs.baseline.push(harness('baseline', baseline.baseUrl, ...scenario.b, scenario.extra));
        if (before) runs.before.push(harness('before', before.baseUrl, companyOf(before), before.key, scenario.extra));
        runs.project.push(harness('project', project.baseUrl, scenario.p[0], project.key, scenario.extra));
      }
      for (const kase of runs.baseline[0].cases) {
        const of = (side, field) => mean(runs[side].map((run) => run.cases.find((c) => c.name === kase.name)[field]));
        const ratio = (side, other, field) => (of(side, field) / of(other, field)).toFixed(2) + 'x';
        rows.push({
          case: `${kase.name}, ${scenario.name}`,
          'project/baseline req/s': ratio('project', 'baseline', 'rps'),
          'project/baseline p99': ratio('project', 'baseline', 'p99'),
          ...(before && {
            'before/baseline req/s': ratio('before', 'baseline', 'rps'),
            'project/before req/s': ratio('project', 'before', 'rps'),
            'project/before p99': ratio('project', 'before', 'p99'),
          }),
          'baseline req/s': of('baseline', 'rps').toFixed(0),
          'project req/s': of('project', 'rps').toFixed(0),
        });
      }
    }
  } finally {
    baseline.stop();
    await project.stop();
    if (before) await before.stop();
  }
  const columns = Object.keys(rows[0]);
  const widths = columns.map((c) => Math.max(c.length, ...rows.map((r) => String(r[c]).length)));
  const line = (cells) => cells.map((cell, i) => String(cell).padEnd(widths[i])).join('  ');
  process.stdout.write(`\n${line(columns)}\n${rows.map((r) => line(columns.map((c) => r[c]))).join('\n')}\n`);
  process.stdout.write(`\n${memoryLine}\n`);
}

runMain(main);
