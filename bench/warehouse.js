'use strict';
/**
 * Warehouse suite: one company with 10,000 catalog units and 1,000,000 stock positions (a third
 * of them spent), seeded with SQL (generate_series). Prints EXPLAIN (ANALYZE, BUFFERS) of the
 * exact balance and position list statements (the built repository's specs), fails when one
 * scans stock_positions sequentially, measures the throughput of concurrent outcome batches on
 * one unit and on different units, then loads the balance and position lists.
 *
 *   npm run build && node bench/warehouse.js
 *
 * BENCH_UNITS (10000) and BENCH_POSITIONS (1000000) size the data; BENCH_OUTCOME_SECONDS (10)
 * and BENCH_CONNECTIONS the outcome runs; see bench/README.md for the rest.
 */
const { Client } = require('pg');
const { api, explainLists, provideDatabase, runMain, runSuite, settings, signUpWithCompany } = require('./lib');

const size = {
  units: Number(process.env.BENCH_UNITS ?? 10_000),
  positions: Number(process.env.BENCH_POSITIONS ?? 1_000_000),
};
const OUTCOME_SECONDS = Number(process.env.BENCH_OUTCOME_SECONDS ?? 10);

const BALANCE_LISTS = [
  { name: 'balance', query: {} },
  { name: 'balance, last page', query: { page: String(Math.ceil(size.units / 20)) } },
];
const POSITION_LISTS = [
  { name: 'positions', query: {} },
  { name: 'positions in_stock=true', query: { in_stock: 'true' } },
  { name: 'positions of one unit', query: { unit_id: '{unit}' } },
];
const routes = [
  ...BALANCE_LISTS.map((list) => ({ name: `GET ${list.name}`, kind: 'balance', query: list.query })),
  ...POSITION_LISTS.map((list) => ({ name: `GET ${list.name}`, kind: 'positions', query: list.query })),
];

/** Units (every tenth batch-tracked LIFO, the rest FIFO), then positions in income batches of 100, oldest first. */
async function seed(db, companyId) {
  const started = Date.now();
  const { rows: categories } = await db.query(
    `INSERT INTO catalog_categories (company_id, name) VALUES ($1, 'Bench') RETURNING id`,
    [companyId],
  );
  await db.query(
    `INSERT INTO catalog_units (company_id, name, type, inventory_type, tracking_detail, tracked_type, unit,
       sale_price, purchase_price, currency, category_id)
     SELECT $1, 'Unit ' || lpad(g::text, 6, '0'), 'product', 'tracked', 'batch',
       CASE WHEN g % 10 = 0 THEN 'lifo' ELSE 'fifo' END, 'pcs', 150, 100, 'RUB', $2
     FROM generate_series(1, $3::int) g`,
    [companyId, categories[0].id, size.units],
  );
  const batches = Math.ceil(size.positions / 100);
  await db.query(
    `INSERT INTO stock_batches (company_id, direction, comment, created_at, updated_at)
     SELECT $1, 'income', 'Bench ' || g, now() - (($2::int - g + 1) * interval '1 minute'),
       now() - (($2::int - g + 1) * interval '1 minute')
     FROM generate_series(1, $2::int) g`,
    [companyId, batches],
  );
  await db.query(
    `INSERT INTO stock_positions (company_id, type, unit_id, batch_id, quantity, remaining, unit_price, created_at, updated_at)
     SELECT $1, 'batch', u.ids[1 + g % array_length(u.ids, 1)], b.ids[1 + (g - 1) / 100], 10,
       CASE WHEN g % 3 = 0 THEN 0 ELSE 10 - g % 7 END, 100,
       now() - (($2::int - g + 1) * interval '600 milliseconds'), now()
     FROM (SELECT array_agg(id ORDER BY name) ids FROM catalog_units WHERE company_id = $1) u,
          (SELECT array_agg(id ORDER BY created_at) ids FROM stock_batches WHERE company_id = $1) b,
          generate_series(1, $2::int) g`,
    [companyId, size.positions],
  );
  await db.query('VACUUM ANALYZE catalog_units, stock_batches, stock_positions');
  process.stdout.write(
    `seeded ${size.units} units, ${size.positions} positions in ${batches} batches in ` +
      `${((Date.now() - started) / 1000).toFixed(1)} s\n`,
  );
}

/**
 * `connections` clients posting outcome batches back to back for OUTCOME_SECONDS, each of one
 * line of 0.001 of `unitOf(i)`: requests per second, p50/p99 latency, refusals.
 */
async function outcomeRun(baseUrl, path, headers, unitOf) {
  const latencies = [];
  let failed = 0;
  let sent = 0;
  const until = Date.now() + OUTCOME_SECONDS * 1000;
  const client = async () => {
    while (Date.now() < until) {
      const unitId = unitOf(sent++);
      const t0 = performance.now();
      const res = await fetch(baseUrl + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ direction: 'outcome', positions: [{ unit_id: unitId, quantity: 0.001 }] }),
      });
      await res.arrayBuffer();
      latencies.push(performance.now() - t0);
      if (res.status !== 201) failed += 1;
    }
  };
  await Promise.all(Array.from({ length: settings.connections }, client));
  latencies.sort((a, b) => a - b);
  const at = (q) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]);
  return {
    requests_per_s: Math.round(latencies.length / OUTCOME_SECONDS),
    p50_ms: at(0.5),
    p99_ms: at(0.99),
    non2xx: failed,
  };
}

async function main() {
  const database = await provideDatabase('warehouse');
  try {
    await runSuite('warehouse', routes, {
      env: { DATABASE_URL: database.url },
      setup: async (baseUrl) => {
        const { headers, companyId } = await signUpWithCompany(baseUrl, 'warehouse');
        const db = new Client({ connectionString: database.url });
        await db.connect();
        let unitIds;
        try {
          await seed(db, companyId);
          unitIds = (
            await db.query(`SELECT id FROM catalog_units WHERE company_id = $1 ORDER BY name`, [companyId])
          ).rows.map((row) => row.id);
          const fill = (query) =>
            Object.fromEntries(Object.entries(query).map(([k, v]) => [k, v === '{unit}' ? unitIds[1] : v]));
          const { balanceList, positionList } = require('../dist/modules/companies/modules/wm/stock/stock.repository');
          await explainLists(db, BALANCE_LISTS, (query) => balanceList(companyId, query), ['stock_positions']);
          await explainLists(
            db,
            POSITION_LISTS.map((list) => ({ ...list, query: fill(list.query) })),
            (query) => positionList(companyId, { ...query, in_stock: query.in_stock && query.in_stock === 'true' }),
            ['stock_positions'],
            // The exact total of positions in stock counts most of the table (two thirds here).
            { countsMayScan: true },
          );
          for (const route of routes) route.query = fill(route.query);
        } finally {
          await db.end();
        }
        const batchesPath = `/api/v1/companies/${companyId}/modules/wm/stocks/batches`;
        await api(
          baseUrl,
          'POST',
          batchesPath,
          { direction: 'income', positions: [{ unit_id: unitIds[0], quantity: 100000 }] },
          headers,
        );
        const oneUnit = await outcomeRun(baseUrl, batchesPath, headers, () => unitIds[0]);
        const manyUnits = await outcomeRun(
          baseUrl,
          batchesPath,
          headers,
          (i) => unitIds[1 + (i % (unitIds.length - 1))],
        );
        process.stdout.write(
          `\noutcome batches, ${settings.connections} clients, ${OUTCOME_SECONDS} s:\n` +
            `  one unit:        ${JSON.stringify(oneUnit)}\n` +
            `  different units: ${JSON.stringify(manyUnits)}\n\n`,
        );
        // runSuite reads the routes after setup: the paths get the company now.
        for (const route of routes) {
          const kind = route.kind === 'balance' ? 'balance' : 'positions';
          route.path = `/api/v1/companies/${companyId}/modules/wm/stocks/${kind}?${new URLSearchParams({ page: '1', limit: '20', ...route.query })}`;
        }
        return headers;
      },
    });
  } finally {
    await database.drop();
  }
}

runMain(main);
