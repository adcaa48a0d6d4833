'use strict';
/**
 * The price of the kept client totals (crm_client_totals, maintained by triggers): concurrent
 * creates of clients in one company, alternating with the triggers enabled and disabled on the
 * same service and database, so the ratio is measured in one run. Every create updates the
 * company's counter rows (all, status, type, source): they are hot rows per company.
 *
 *   npm run build && node bench/crm-writes.js
 *
 * Uses a fresh database on BENCH_ADMIN_URL (default the local server), dropped at the end.
 */
const { Client } = require('pg');
const { api, runMain, runScenario, settings, signIn, startService } = require('./lib');

const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ROUNDS = ['enabled', 'disabled', 'enabled', 'disabled'];

async function main() {
  const name = `bench_crm_writes_${Date.now()}`;
  const admin = new Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const service = await startService({ DATABASE_URL: url.toString() });
  const db = new Client({ connectionString: url.toString() });
  const runs = [];
  try {
    await db.connect();
    const base = service.baseUrl;
    const bearer = await signIn(base);
    const company = await api(base, 'POST', '/api/v1/companies', { name: 'Bench Co' }, bearer);
    const path = `/api/v1/companies/${company.id}/modules/crm/clients`;
    const [source] = (await api(base, 'GET', path.replace('clients', 'sources'), undefined, bearer)).sources;
    const route = {
      name: 'POST clients',
      method: 'POST',
      path,
      headers: bearer,
      body: { first_name: 'Bench', type: 'individual', source_id: source.id },
    };
    for (const triggers of ROUNDS) {
      await db.query(`ALTER TABLE crm_clients ${triggers === 'enabled' ? 'ENABLE' : 'DISABLE'} TRIGGER USER`);
      if (settings.warmup > 0) await runScenario(base, route, { duration: settings.warmup });
      runs.push({ triggers, ...(await runScenario(base, route)) });
    }
  } finally {
    await db.end().catch(() => undefined);
    await service.stop();
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  }
  for (const run of runs) {
    process.stdout.write(
      `triggers ${run.triggers.padEnd(9)} ${String(run.requests_per_s).padStart(6)} creates/s  p50 ${run.p50_ms} ms  p99 ${run.p99_ms} ms  non2xx ${run.non2xx}\n`,
    );
  }
  const mean = (state) => {
    const rates = runs.filter((run) => run.triggers === state).map((run) => run.requests_per_s);
    return rates.reduce((a, b) => a + b, 0) / rates.length;
  };
  process.stdout.write(
    `with triggers / without: ${(mean('enabled') / mean('disabled')).toFixed(2)} (target >= 0.80)\n`,
  );
}

runMain(main);
