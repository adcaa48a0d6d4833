'use strict';
/**
 * The price of the kept counts and sums (maintained by triggers, src/database/kept-counts.ts):
 * concurrent creates of CRM clients, then of finance transactions (counts per filter and daily
 * sums per currency, category and employee), in one company, alternating with the table's
 * triggers enabled and disabled on the same service and database, so each ratio is measured in
 * one run. Every create updates the company's count rows: they are hot rows per company, spread
 * over slots. Target (issue 29): with triggers ≥ 0.85x of the rate without.
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
    const fm = `/api/v1/companies/${company.id}/modules/fm`;
    const [category] = (await api(base, 'GET', `${fm}/transactions/categories?direction=expense`, undefined, bearer))
      .categories;
    const routes = [
      {
        table: 'crm_clients',
        name: 'POST clients',
        method: 'POST',
        path,
        headers: bearer,
        body: { first_name: 'Bench', type: 'individual', source_id: source.id },
      },
      {
        table: 'transactions',
        name: 'POST transactions',
        method: 'POST',
        path: `${fm}/transactions`,
        headers: bearer,
        body: { base_amount: 10, currency: 'RUB', direction: 'expense', category_id: category.id, comment: 'Bench' },
      },
    ];
    for (const route of routes) {
      for (const triggers of ROUNDS) {
        await db.query(`ALTER TABLE ${route.table} ${triggers === 'enabled' ? 'ENABLE' : 'DISABLE'} TRIGGER USER`);
        if (settings.warmup > 0) await runScenario(base, route, { duration: settings.warmup });
        runs.push({ route: route.name, triggers, ...(await runScenario(base, route)) });
      }
      await db.query(`ALTER TABLE ${route.table} ENABLE TRIGGER USER`);
    }
  } finally {
    await db.end().catch(() => undefined);
    await service.stop();
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  }
  for (const run of runs) {
    process.stdout.write(
      `${run.route.padEnd(18)} triggers ${run.triggers.padEnd(9)} ${String(run.requests_per_s).padStart(6)} creates/s  p50 ${run.p50_ms} ms  p99 ${run.p99_ms} ms  non2xx ${run.non2xx}\n`,
    );
  }
  const mean = (route, state) => {
    const rates = runs.filter((run) => run.route === route && run.triggers === state).map((run) => run.requests_per_s);
    return rates.reduce((a, b) => a + b, 0) / rates.length;
  };
  for (const route of new Set(runs.map((run) => run.route))) {
    process.stdout.write(
      `${route}: with triggers / without: ${(mean(route, 'enabled') / mean(route, 'disabled')).toFixed(2)} (target >= 0.85)\n`,
    );
  }
}

runMain(main);
