'use strict';
/**
 * Logs suite: one company with 1,000,000 audit records among other companies' records, seeded
 * with SQL (generate_series) into the service's database. It reports:
 * - what the trigram index costs the audit writer: single-row INSERTs shaped like the writer's,
 *   timed before and after the index exists;
 * - p50/p99 at one connection of the list (page 1, page 5,000, each filter, search rare and
 *   common), a record, and activity over 30 and 365 days;
 * - optimize, then clear: the request's duration, how long the background purge and VACUUM take,
 *   and p50/p99/max of the company's concurrent requests (a list reader and a writer) meanwhile;
 * - the table's size before and after, and its dead tuples after the purge.
 *
 *   npm run build && npm run bench:logs
 *
 * A fresh database on BENCH_ADMIN_URL (default the local server) is created and dropped at the
 * end (or DATABASE_URL, an empty database the service migrates). BENCH_LOGS (1000000), BENCH_OTHER_LOGS (1000000), BENCH_OTHER_COMPANIES (20) size the data.
 */
const { Client } = require('pg');
const { api, provideDatabase, startService } = require('./lib');

const size = {
  logs: Number(process.env.BENCH_LOGS ?? 1_000_000),
  otherLogs: Number(process.env.BENCH_OTHER_LOGS ?? 1_000_000),
  otherCompanies: Number(process.env.BENCH_OTHER_COMPANIES ?? 20),
};
const WRITER_SAMPLES = 3_000;
const DAY_MS = 86_400_000;

/** Keys by share of records (percent), with their CONTRACT 6 criticality. */
const KEYS = [
  ['crm.clients.update', 30, 7],
  ['crm.clients.create', 20, 8],
  ['company.update', 15, 8],
  ['crm.sources.update', 10, 7],
  ['crm.sources.create', 8, 8],
  ['accounts.invitations.create', 7, 8],
  ['accounts.invitations.revoke', 4, 8],
  ['accounts.delete', 3, 10],
  ['pricing.migrate', 1, 10],
  ['logs.optimize', 1, 10],
  ['logs.clear', 1, 10],
];
const KEY_BY_PERCENT = KEYS.flatMap(([key, share]) => Array(share).fill(key));
const NAMES = [
  'Ivan',
  'Anna',
  'Maria',
  'Pavel',
  'Olga',
  'Sergey',
  'Elena',
  'Dmitry',
  'Natalia',
  'Alexey',
  'John',
  'Jane',
  'Peter',
  'Laura',
  'Mark',
  'Sofia',
  'Ilya',
  'Kira',
  'Oleg',
  'Vera',
];

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const round = (ms) => Math.round(ms * 100) / 100;
function stats(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: round(percentile(sorted, 50)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1)),
  };
}

/** One timed HTTP request (ms); throws unless the answer is 2xx. */
async function timed(baseUrl, method, path, headers, body) {
  const started = performance.now();
  const res = await fetch(baseUrl + path, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  const ms = performance.now() - started;
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
  return { ms, body: JSON.parse(text) };
}

/** p50/p99 of `n` sequential requests (one connection), after a few unmeasured ones. */
async function latency(baseUrl, path, headers, n) {
  for (let i = 0; i < 3; i++) await timed(baseUrl, 'GET', path, headers);
  const samples = [];
  let last;
  for (let i = 0; i < n; i++) {
    last = await timed(baseUrl, 'GET', path, headers);
    samples.push(last.ms);
  }
  return { ...stats(samples), total: last.body.data?.pagination?.total ?? null };
}

/**
 * The company's records and the others', interleaved in created_at order as production writes
 * them, spread evenly over the last 365 days. Indexes are dropped for the load and rebuilt after;
 * the trigram index last, so the writer can be timed without and with it.
 */
async function seed(db, companyId, ownerId) {
  const started = Date.now();
  const others = await db.query(
    `INSERT INTO companies (name, slug, owner_id, plan_code, plan_expires_at)
     SELECT 'Other ' || g, 'bench-logs-other-' || g || '-' || $2, $1, 'enterprise', now() + interval '1 year'
     FROM generate_series(1, $3::int) g RETURNING id`,
    [ownerId, String(Date.now()), size.otherCompanies],
  );
  const otherIds = others.rows.map((row) => row.id);
  const { rows: indexes } = await db.query(
    `SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'audit_logs' AND indexname <> 'PK_1bb179d048bbc581caa3b013439'`,
  );
  for (const { indexname } of indexes) await db.query(`DROP INDEX "${indexname}"`);
  const accounts = [
    ownerId,
    ...Array.from({ length: 19 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`),
  ];
  const total = size.logs + size.otherLogs;
  await db.query(
    `INSERT INTO audit_logs (company_id, key, status, criticality, account_id, request_id, ip, user_agent, metadata, created_at)
     SELECT r.company_id, r.key, r.status, CASE r.key ${KEYS.map(([key, , c]) => `WHEN '${key}' THEN ${c}`).join(' ')} END,
       ($5::uuid[])[1 + r.g % 20], 'req-' || r.g, '10.0.' || (r.g % 250) || '.' || (r.g % 200), 'bench-client/1.0',
       jsonb_build_object('method', CASE WHEN r.key LIKE '%.create' THEN 'POST' ELSE 'PATCH' END,
         'path', '/api/v1/companies/' || r.company_id || '/modules/crm/clients/' || md5(r.g::text)::uuid,
         'ids', jsonb_build_object('clientId', md5(r.g::text)::uuid),
         'changes', jsonb_build_object('first_name', ($6::text[])[1 + (r.g * 7) % 20],
           'comment', CASE WHEN r.g % 100000 = 4242 THEN 'needle-' || r.g ELSE 'note ' || (r.g % 1000) END)),
       now() - (($2::bigint - r.g) * (interval '365 days' / $2::bigint))
     FROM (
       SELECT g,
         CASE WHEN (g * $3::bigint) / $2::bigint > ((g - 1) * $3::bigint) / $2::bigint THEN $1::uuid
              ELSE ($4::uuid[])[1 + g % array_length($4::uuid[], 1)] END AS company_id,
         ($7::text[])[1 + abs(hashint8(g) % 100)] AS key,
         CASE WHEN abs(hashint8(-g) % 100) < 95 THEN 'success' WHEN abs(hashint8(-g) % 100) < 99 THEN 'error' ELSE 'pending' END AS status
       FROM generate_series(1, $2::bigint) g
     ) r`,
    [companyId, total, size.logs, otherIds, accounts, NAMES, KEY_BY_PERCENT],
  );
  const loaded = Date.now();
  // Index builds, above all the trigram GIN, are far faster with more memory than the default 64 MB.
  await db.query(`SET maintenance_work_mem = '1GB'`);
  const trigram = indexes.find((index) => index.indexdef.includes('gin_trgm_ops'));
  for (const index of indexes.filter((i) => i !== trigram)) await db.query(index.indexdef);
  const btrees = Date.now();
  const withoutTrigram = await writerCost(db, companyId, ownerId);
  await db.query(trigram.indexdef);
  const trigramBuilt = Date.now();
  const withTrigram = await writerCost(db, companyId, ownerId);
  await db.query('VACUUM ANALYZE audit_logs');
  const { rows } = await db.query(
    `SELECT count(*)::int AS total, count(*) FILTER (WHERE company_id = $1)::int AS company FROM audit_logs`,
    [companyId],
  );
  return {
    records: rows[0].total,
    company_records: rows[0].company,
    other_companies: size.otherCompanies,
    load_s: (loaded - started) / 1000,
    btree_indexes_s: (btrees - loaded) / 1000,
    trigram_index_s: (trigramBuilt - btrees) / 1000,
    total_s: (Date.now() - started) / 1000,
    writer_insert_without_trigram: withoutTrigram,
    writer_insert_with_trigram: withTrigram,
  };
}

/**
 * Single-row INSERTs as AuditRepository.insert writes them (autocommit each): ms per insert.
 * synchronous_commit is off for these, so the figure is the work of the insert and its indexes,
 * not the WAL flush every commit waits for anyway (the same with or without the index).
 */
async function writerCost(db, companyId, ownerId) {
  await db.query('SET synchronous_commit = off');
  const samples = [];
  for (let i = 0; i < WRITER_SAMPLES; i++) {
    const metadata = {
      method: 'PATCH',
      path: `/api/v1/companies/${companyId}/modules/crm/clients/${ownerId}`,
      ids: { clientId: ownerId },
      changes: { first_name: NAMES[i % 20], comment: `writer sample ${i}` },
      result_id: ownerId,
    };
    const started = performance.now();
    await db.query({
      name: 'writer',
      text: `INSERT INTO audit_logs (company_id, key, status, criticality, account_id, request_id, ip, user_agent, metadata)
             VALUES ($1, 'crm.clients.update', 'success', 7, $2, $3, '127.0.0.1', 'bench-writer', $4)`,
      values: [companyId, ownerId, `writer-${i}`, JSON.stringify(metadata)],
    });
    samples.push(performance.now() - started);
  }
  await db.query('RESET synchronous_commit');
  const mean = samples.reduce((a, b) => a + b, 0) / samples.length;
  return { ...stats(samples), mean: round(mean) };
}

/**
 * Runs a maintenance request while a reader (page 1 of the list) and a writer (PATCH the
 * company, an audited change) of the same company loop, each on its own connection, until the
 * background purge has deleted the hidden records and VACUUM has finished.
 */
async function maintenance(baseUrl, db, companyId, auth, action) {
  const list = `/api/v1/companies/${companyId}/modules/logs?limit=20`;
  const company = `/api/v1/companies/${companyId}`;
  const reads = [];
  const writes = [];
  let running = true;
  const reader = (async () => {
    while (running) reads.push((await timed(baseUrl, 'GET', list, auth)).ms);
  })();
  let n = 0;
  const writer = (async () => {
    while (running) writes.push((await timed(baseUrl, 'PATCH', company, auth, { description: `bench ${n++}` })).ms);
  })();
  await sleep(1000);
  const { rows: before } = await db.query(
    `SELECT coalesce(vacuum_count, 0) AS vacuums, pg_total_relation_size('audit_logs') AS bytes
     FROM pg_stat_user_tables WHERE relname = 'audit_logs'`,
  );
  const started = performance.now();
  const request = await timed(baseUrl, 'POST', `${company}/modules/logs/${action}`, auth);
  const answered = performance.now();
  const visible = (await timed(baseUrl, 'GET', list, auth)).body.data.pagination.total;
  let purged = null;
  for (;;) {
    const { rows } = await db.query(
      `SELECT (SELECT count(*) FROM audit_logs a WHERE a.company_id = $1
                AND a.created_at < (SELECT visible_from FROM audit_log_horizons WHERE company_id = $1))::int AS hidden,
              (SELECT vacuum_count FROM pg_stat_user_tables WHERE relname = 'audit_logs') AS vacuums`,
      [companyId],
    );
    if (rows[0].hidden === 0 && purged === null) purged = performance.now();
    if (purged !== null && Number(rows[0].vacuums) > Number(before[0].vacuums)) break;
    await sleep(200);
  }
  const vacuumed = performance.now();
  await sleep(500);
  running = false;
  await Promise.all([reader, writer]);
  const { rows: after } = await db.query(
    `SELECT n_dead_tup::int AS dead, pg_total_relation_size('audit_logs') AS bytes
     FROM pg_stat_user_tables WHERE relname = 'audit_logs'`,
  );
  return {
    request_ms: round(answered - started),
    records_visible_after: visible,
    purge_s: round((purged - started) / 1000),
    purge_and_vacuum_s: round((vacuumed - started) / 1000),
    concurrent_reads: stats(reads),
    concurrent_writes: stats(writes),
    table_mib_before: Math.round(Number(before[0].bytes) / 2 ** 20),
    table_mib_after: Math.round(Number(after[0].bytes) / 2 ** 20),
    dead_tuples_after: after[0].dead,
  };
}

const days = (n) => new Date(Date.now() - n * DAY_MS).toISOString();

/** The measured lists: [name, query, requests]. */
function measuredLists() {
  const other = '00000000-0000-4000-8000-000000000003';
  return [
    ['page 1', {}, 200],
    ['page 5,000', { page: 5000 }, 100],
    ['account_id (5%)', { account_id: other }, 200],
    ['key=company.update (15%)', { key: 'company.update' }, 200],
    ['key=pricing.migrate (1%)', { key: 'pricing.migrate' }, 200],
    ['status=error (4%)', { status: 'error' }, 200],
    ['status=pending (1%)', { status: 'pending' }, 200],
    ['min_criticality=10 (5%)', { min_criticality: 10 }, 200],
    ['max_criticality=7 (40%)', { max_criticality: 7 }, 200],
    ['min=max=8', { min_criticality: 8, max_criticality: 8 }, 200],
    ['start_date=7 days ago', { start_date: days(7) }, 200],
    ['end_date=300 days ago', { end_date: days(300) }, 200],
    ['key + status + start_date', { key: 'crm.clients.update', status: 'error', start_date: days(90) }, 200],
    ['search rare (10 records)', { search: 'needle-' }, 50],
    ['search common (5%)', { search: 'natalia' }, 20],
    ['search common + key', { search: 'natalia', key: 'company.update' }, 20],
  ];
}

/**
 * The database's own time for each list: the page and the count statements the service runs
 * (the built repository's logList, rendered by core's listStatements), median of 5 EXPLAIN
 * ANALYZE runs each, and whether any plan scans audit_logs sequentially. Apart from the HTTP
 * figures, which on a loaded machine carry the Node process's queueing too.
 */
async function databaseTimes(db, companyId, measured) {
  const { countWindowStatement, logList } = require('../dist/modules/companies/modules/logs/logs.repository');
  const { listStatements } = require('../dist/core/pagination/list');
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const rows = {};
  for (const [name, filters] of measured) {
    const query = { limit: 20, ...filters, page: filters.page ?? 1 };
    const times = {};
    // The service reads the count window first (one row); a list the counts cannot answer ignores it.
    const { text: windowText, values: windowValues } = countWindowStatement(
      companyId,
      query.start_date,
      query.end_date,
    ).render();
    const [window] = (await db.query(windowText, windowValues)).rows;
    for (const [kind, statement] of Object.entries(listStatements(logList(companyId, query, window), query))) {
      const { text, values } = statement.render();
      const runs = [];
      let plan;
      for (let i = 0; i < 5; i++) {
        const { rows: explained } = await db.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${text}`, values);
        plan = explained[0]['QUERY PLAN'][0];
        runs.push(plan['Execution Time']);
      }
      times[`${kind}_ms`] = round(median(runs));
      if (/"Node Type":"Seq Scan"[^{}]*"Relation Name":"audit_logs"/.test(JSON.stringify(plan))) {
        times[`${kind}_seq_scan`] = true;
      }
    }
    rows[name] = times;
  }
  process.stdout.write(`${JSON.stringify({ database_ms: rows }, null, 1)}\n`);
}

async function main() {
  const database = await provideDatabase('logs');
  let service;
  const db = new Client({ connectionString: database.url });
  try {
    service = await startService({ DATABASE_URL: database.url, LOG_LEVEL: 'warn' });
    const { baseUrl } = service;
    const email = `bench-logs-${Date.now()}@example.test`;
    const account = await api(baseUrl, 'POST', '/api/v1/account/reg', {
      email,
      password: 'bench-password',
      name: 'Bench',
    });
    const session = await api(baseUrl, 'POST', '/api/v1/account/auth', { email, password: 'bench-password' });
    const auth = { Authorization: `Bearer ${session.access_token}` };
    const companyId = (await api(baseUrl, 'POST', '/api/v1/companies', { name: 'Bench Logs' }, auth)).id;
    await db.connect();

    const seeded = await seed(db, companyId, account.user_id);
    process.stdout.write(`${JSON.stringify({ seeded }, null, 1)}\n`);

    const logs = `/api/v1/companies/${companyId}/modules/logs`;
    const {
      rows: [one],
    } = await db.query(`SELECT id FROM audit_logs WHERE company_id = $1 OFFSET $2 LIMIT 1`, [
      companyId,
      Math.floor(seeded.company_records / 2),
    ]);
    const measured = measuredLists();
    await databaseTimes(db, companyId, measured);
    const results = {};
    for (const [name, query, n] of measured) {
      const path = `${logs}?${new URLSearchParams({ limit: '20', ...Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) })}`;
      results[`list ${name}`] = await latency(baseUrl, path, auth, n);
      process.stdout.write(`${name}: ${JSON.stringify(results[`list ${name}`])}\n`);
    }
    results['detail'] = await latency(baseUrl, `${logs}/${one.id}`, auth, 200);
    results['activity 30 days'] = await latency(baseUrl, `${logs}/activity`, auth, 50);
    results['activity 365 days'] = await latency(
      baseUrl,
      `${logs}/activity?${new URLSearchParams({ start_date: days(364), end_date: new Date().toISOString() })}`,
      auth,
      20,
    );
    process.stdout.write(`${JSON.stringify({ latency_ms: results }, null, 1)}\n`);

    const optimize = await maintenance(baseUrl, db, companyId, auth, 'optimize');
    process.stdout.write(`${JSON.stringify({ optimize }, null, 1)}\n`);
    const clear = await maintenance(baseUrl, db, companyId, auth, 'clear');
    process.stdout.write(`${JSON.stringify({ clear }, null, 1)}\n`);
  } finally {
    await db.end().catch(() => undefined);
    if (service) await service.stop();
    await database.drop();
  }
}

if (require.main === module) {
  main().catch((error) => {
    process.stderr.write(`${error.stack ?? error}\n`);
    process.exitCode = 1;
  });
}

module.exports = { databaseTimes, latency, maintenance, measuredLists };
