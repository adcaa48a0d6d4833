'use strict';
/**
 * Scale suite (issue 29): each module's big company beside a small one in the same database, the
 * same routes loaded on both in one run, and per route req/s and p99 at both sizes and the ratio.
 *
 *   npm run build && flock /work/heavy.lock nice npm run bench:scale
 *
 * Sizes (rows of the big company; the small one has BENCH_SCALE_SMALL of each, default 10,000):
 * BENCH_SCALE_TRANSACTIONS (1,000,000), BENCH_SCALE_POSITIONS (1,000,000), BENCH_SCALE_CLIENTS
 * (1,000,000), BENCH_SCALE_LOGS (1,000,000), BENCH_SCALE_DEALS (200,000), BENCH_SCALE_EMPLOYEES
 * (100,000). Rows are seeded with SQL (INSERT … SELECT generate_series), through the triggers
 * that keep the counts, into a fresh database (dropped at the end) or DATABASE_URL, or once into
 * the database BENCH_SCALE_KEEP names, kept and reused by later runs (provideSeeded).
 * Targets: every list and analysis ≥ 0.7x of its small-company rate; a common-word search
 * ≥ 0.3x with p99 ≤ 3x; no 5xx. BENCH_SCALE_ROUTES (a regular expression) loads only the routes it
 * matches. BENCH_DURATION / BENCH_WARMUP / BENCH_CONNECTIONS as in every suite.
 */
const { Client } = require('pg');
const {
  api,
  measureRoute,
  printSizeRow,
  provideDatabase,
  runMain,
  settings,
  signUpWithCompany,
  sizeTarget,
  startService,
  writeResults,
} = require('./lib');

const env = (name, fallback) => Number(process.env[name] ?? fallback);
const SMALL = env('BENCH_SCALE_SMALL', 10_000);
const BIG = {
  transactions: env('BENCH_SCALE_TRANSACTIONS', 1_000_000),
  positions: env('BENCH_SCALE_POSITIONS', 1_000_000),
  clients: env('BENCH_SCALE_CLIENTS', 1_000_000),
  logs: env('BENCH_SCALE_LOGS', 1_000_000),
  deals: env('BENCH_SCALE_DEALS', 200_000),
  employees: env('BENCH_SCALE_EMPLOYEES', 100_000),
};
/** A page deep in both companies (offset 8,000 of limit 20: inside the small one too). */
const DEEP = '400';

/** Every module's rows for one company, `n` of each kind (`n(kind)`), spread over two years. */
async function seed(db, companyId, accountId, n) {
  const q = (text, values) => db.query(text, values);
  // HRM: employees (the first 20 also act in finance and deals).
  await q(
    `INSERT INTO employees (company_id, first_name, last_name, email, status, created_at)
     SELECT $1, (ARRAY['Анна','Пётр','Мария','Олег','Ирина'])[1 + g % 5],
       (ARRAY['Смирнова','Иванов','Кузнецова','Попов','Соколова','Лебедев'])[1 + g % 6] || ' ' || g,
       'e' || g || '@example.test', CASE WHEN g % 10 = 0 THEN 'inactive' ELSE 'active' END,
       now() - (g % 730) * interval '1 day' - g * interval '1 second'
     FROM generate_series(1, $2::int) g`,
    [companyId, n('employees')],
  );
  const employees = (
    await q(`SELECT array_agg(id) AS ids FROM (SELECT id FROM employees WHERE company_id = $1 LIMIT 20) e`, [companyId])
  ).rows[0].ids;
  // Finance: categories of the company's own (system ones exist) and transactions.
  await q(
    `INSERT INTO transaction_categories (company_id, name, direction, slug)
     SELECT $1, 'Категория ' || g, CASE WHEN g % 2 = 0 THEN 'income' ELSE 'expense' END, 'bench-' || g
     FROM generate_series(1, 10) g`,
    [companyId],
  );
  await q(
    `INSERT INTO transactions (company_id, base_amount, currency, direction, status, comment, created_at, employee_id, category_id)
     SELECT $1, round((1 + (g::bigint * 7919) % 100000) / 100.0, 2),
       CASE WHEN g % 20 = 0 THEN 'BTC' WHEN g % 7 = 0 THEN 'USD' ELSE 'RUB' END, c.direction,
       CASE WHEN g % 50 = 0 THEN 'failed' WHEN g % 33 = 0 THEN 'pending' ELSE 'completed' END,
       CASE WHEN g % 10 = 0 THEN 'Аренда офиса' WHEN g % 3 = 0 THEN NULL ELSE 'Оплата заказа №' || g END,
       now() - (g::float8 / $2) * interval '730 days', CASE WHEN g % 2 = 0 THEN ($3::uuid[])[1 + g % 20] END, c.id
     FROM generate_series(1, $2::int) g
     JOIN LATERAL (SELECT id, direction FROM transaction_categories WHERE company_id = $1 AND slug LIKE 'bench-%'
       ORDER BY slug OFFSET g % 10 LIMIT 1) c ON true`,
    [companyId, n('transactions'), employees],
  );
  // CRM: clients of the company's system source and two more.
  await q(
    `INSERT INTO crm_sources (company_id, name, type) SELECT $1, 'Bench ' || g, 'other' FROM generate_series(1, 2) g`,
    [companyId],
  );
  await q(
    `INSERT INTO crm_clients (company_id, source_id, first_name, last_name, email, type, status, created_at)
     SELECT $1, s.ids[1 + g % array_length(s.ids, 1)], (ARRAY['Анна','Пётр','Мария','Олег','Ирина'])[1 + g % 5],
       (ARRAY['Смирнова','Иванов','Кузнецова','Попов'])[1 + g % 4] || ' ' || g, 'c' || g || '@example.test',
       CASE WHEN g % 3 = 0 THEN 'legal' ELSE 'individual' END, CASE WHEN g % 10 = 0 THEN 'inactive' ELSE 'active' END,
       now() - (g::float8 / $2) * interval '730 days'
     FROM generate_series(1, $2::int) g, (SELECT array_agg(id) ids FROM crm_sources WHERE company_id = $1) s`,
    [companyId, n('clients')],
  );
  // Deals: in the company's default statuses, for its first clients.
  await q(
    `INSERT INTO deals (company_id, status_id, client_id, comment, total_amount, created_at)
     SELECT $1, s.ids[1 + g % array_length(s.ids, 1)], c.ids[1 + g % array_length(c.ids, 1)],
       CASE WHEN g % 10 = 0 THEN 'Поставка оборудования' ELSE 'Сделка №' || g END, (g % 1000) * 10,
       now() - (g::float8 / $2) * interval '730 days'
     FROM generate_series(1, $2::int) g,
       (SELECT array_agg(id) ids FROM deal_statuses WHERE company_id = $1) s,
       (SELECT array_agg(id) ids FROM (SELECT id FROM crm_clients WHERE company_id = $1 LIMIT 1000) x) c`,
    [companyId, n('deals')],
  );
  // Warehouse: a category, 100 tracked units, a batch per 1,000 positions, 30% of them in stock.
  const category = (
    await q(`INSERT INTO catalog_categories (company_id, name) VALUES ($1, 'Bench') RETURNING id`, [companyId])
  ).rows[0].id;
  await q(
    `INSERT INTO catalog_units (company_id, name, type, inventory_type, tracking_detail, purchase_price, unit, sale_price, currency, category_id)
     SELECT $1, 'Товар ' || g, 'product', 'tracked', 'serial', 10, 'pcs', 20, 'RUB', $2 FROM generate_series(1, 100) g`,
    [companyId, category],
  );
  await q(
    `INSERT INTO stock_batches (company_id, direction, comment)
     SELECT $1, 'income', 'Поступление ' || g FROM generate_series(1, greatest($2::int / 1000, 1)) g`,
    [companyId, n('positions')],
  );
  await q(
    `INSERT INTO stock_positions (company_id, type, unit_id, batch_id, quantity, remaining, unit_price, created_at)
     SELECT $1, 'product', u.ids[1 + g % 100], b.ids[1 + (g / 1000) % array_length(b.ids, 1)], 10,
       CASE WHEN g % 10 < 3 THEN 10 ELSE 0 END, 10, now() - (g::float8 / $2) * interval '730 days'
     FROM generate_series(1, $2::int) g,
       (SELECT array_agg(id) ids FROM catalog_units WHERE company_id = $1) u,
       (SELECT array_agg(id) ids FROM stock_batches WHERE company_id = $1) b`,
    [companyId, n('positions')],
  );
  // Logs: audit records over two years.
  await q(
    `INSERT INTO audit_logs (company_id, key, status, criticality, account_id, metadata, created_at)
     SELECT $1, (ARRAY['crm.clients.create','fm.transactions.create','company.update','hrm.employees.update'])[1 + g % 4],
       CASE WHEN g % 25 = 0 THEN 'error' ELSE 'success' END, 1 + g % 10, $3,
       jsonb_build_object('method', 'POST', 'path', '/api/v1/x/' || g, 'ids', jsonb_build_object('n', g)),
       now() - (g::float8 / $2) * interval '730 days'
     FROM generate_series(1, $2::int) g`,
    [companyId, n('logs'), accountId],
  );
}

/** The routes of one company; `ids` are its ids that filters use. */
function routesOf(companyId, ids) {
  const base = `/api/v1/companies/${companyId}/modules`;
  const list = (name, path, query = {}) => ({
    name,
    kind: name.includes('search') ? 'search' : 'list',
    path: `${base}/${path}?${new URLSearchParams({ limit: '20', ...query })}`,
  });
  const analysis = (name, path, query = {}) => ({
    name,
    kind: 'analysis',
    path: `${base}/${path}?${new URLSearchParams(query)}`,
  });
  return [
    list('fm transactions', 'fm/transactions'),
    list('fm transactions direction=expense', 'fm/transactions', { direction: 'expense' }),
    list('fm transactions status=failed', 'fm/transactions', { status: 'failed' }),
    list('fm transactions currency=USD', 'fm/transactions', { currency: 'USD' }),
    list('fm transactions category_id', 'fm/transactions', { category_id: ids.category }),
    list('fm transactions employee_id', 'fm/transactions', { employee_id: ids.employee }),
    list(`fm transactions page ${DEEP}`, 'fm/transactions', { page: DEEP }),
    // One term again and again: its total is counted once, then reused while nothing is written
    // (docs/finance.md, "Search totals"); bench/README.md, "Scale", measures a term's first count too.
    list('fm transactions search common', 'fm/transactions', { search: 'аренда' }),
    analysis('fm analysis summary', 'fm/analysis/summary'),
    ...['category', 'employee', 'day', 'month'].map((g) =>
      analysis(`fm analysis grouped ${g}`, 'fm/analysis/grouped', { group_by: g }),
    ),
    list('wm positions', 'wm/stocks/positions'),
    list('wm positions in_stock=true', 'wm/stocks/positions', { in_stock: 'true' }),
    list('wm positions unit_id', 'wm/stocks/positions', { unit_id: ids.unit }),
    list(`wm positions page ${DEEP}`, 'wm/stocks/positions', { page: DEEP }),
    list('crm clients', 'crm/clients'),
    list('crm clients status=inactive', 'crm/clients', { status: 'inactive' }),
    list('crm clients type=legal', 'crm/clients', { type: 'legal' }),
    list('crm clients source_id', 'crm/clients', { source_id: ids.source }),
    list(`crm clients page ${DEEP}`, 'crm/clients', { page: DEEP }),
    list('crm clients search common', 'crm/clients', { search: 'смирнова' }),
    list('logs', 'logs'),
    list('logs status=error', 'logs', { status: 'error' }),
    list('logs key', 'logs', { key: 'company.update' }),
    list(`logs page ${DEEP}`, 'logs', { page: DEEP }),
    analysis('logs activity', 'logs/activity'),
    list('dm deals', 'dm/deals'),
    list('dm deals status_id', 'dm/deals', { status_id: ids.status }),
    list('dm deals client_id', 'dm/deals', { client_id: ids.client }),
    list(`dm deals page ${DEEP}`, 'dm/deals', { page: DEEP }),
    list('dm deals search common', 'dm/deals', { search: 'поставка' }),
    analysis('dm analysis summary', 'dm/analysis/summary'),
    ...['status', 'client', 'month'].map((g) =>
      analysis(`dm analysis grouped ${g}`, 'dm/analysis/grouped', { group_by: g }),
    ),
    list('hrm employees', 'hrm/employees'),
    list('hrm employees status=inactive', 'hrm/employees', { status: 'inactive' }),
    list(`hrm employees page ${DEEP}`, 'hrm/employees', { page: DEEP }),
    list('hrm employees search common', 'hrm/employees', { search: 'смирнова' }),
    analysis('hrm analysis summary', 'hrm/analysis/summary'),
    analysis('hrm analysis grouped month', 'hrm/analysis/grouped', { group_by: 'month' }),
    // CONTRACT 24: the company's dashboard and its rows per module, both from the kept counts and sums.
    analysis('company summary', 'summary'),
    {
      name: 'storage sources per module',
      kind: 'analysis',
      path: `/api/v1/companies/${companyId}/storage/db/sources/modules`,
    },
  ];
}

async function idsOf(db, companyId) {
  const one = async (text) => (await db.query(text, [companyId])).rows[0]?.id;
  return {
    category: await one(`SELECT id FROM transaction_categories WHERE company_id = $1 AND slug = 'bench-1'`),
    employee: await one(`SELECT id FROM employees WHERE company_id = $1 ORDER BY id LIMIT 1`),
    unit: await one(`SELECT id FROM catalog_units WHERE company_id = $1 ORDER BY id LIMIT 1`),
    source: await one(`SELECT id FROM crm_sources WHERE company_id = $1 AND name = 'Bench 1'`),
    status: await one(`SELECT status_id AS id FROM deals WHERE company_id = $1 LIMIT 1`),
    client: await one(`SELECT client_id AS id FROM deals WHERE company_id = $1 LIMIT 1`),
  };
}

/**
 * The database and its two companies. With BENCH_SCALE_KEEP=<name>, database <name> is seeded once
 * and kept: a later run with the same name (and sizes) signs in to its companies and reuses the
 * rows, after the service has run any new migration over them.
 */
async function provideSeeded(service, database) {
  const db = new Client({ connectionString: database.url });
  await db.connect();
  try {
    await db.query(
      `CREATE TABLE IF NOT EXISTS bench_scale_seed (role text PRIMARY KEY, sizes text, email text, company_id uuid)`,
    );
    const sizes = { big: JSON.stringify(BIG), small: String(SMALL) };
    const kept = (await db.query(`SELECT * FROM bench_scale_seed`)).rows;
    let companies = {};
    if (kept.length === 2 && kept.every((row) => row.sizes === sizes[row.role])) {
      for (const row of kept) companies[row.role] = await signInTo(service.baseUrl, row.email, row.company_id);
      process.stdout.write(`reusing the seed kept in ${database.name ?? 'DATABASE_URL'}\n`);
    } else {
      await db.query(`TRUNCATE bench_scale_seed`);
      companies = {
        big: await signUpWithCompany(service.baseUrl, 'scale-big'),
        small: await signUpWithCompany(service.baseUrl, 'scale-small'),
      };
      const started = Date.now();
      await seed(db, companies.big.companyId, companies.big.accountId, (kind) => BIG[kind]);
      await seed(db, companies.small.companyId, companies.small.accountId, () => SMALL);
      await db.query('VACUUM ANALYZE');
      process.stdout.write(
        `seeded in ${((Date.now() - started) / 1000).toFixed(0)} s: big ${sizes.big}, small ${SMALL} each\n`,
      );
      for (const size of ['big', 'small']) {
        await db.query(`INSERT INTO bench_scale_seed VALUES ($1, $2, $3, $4)`, [
          size,
          sizes[size],
          companies[size].email,
          companies[size].companyId,
        ]);
      }
    }
    const routes = {};
    for (const size of ['big', 'small']) {
      routes[size] = routesOf(companies[size].companyId, await idsOf(db, companies[size].companyId));
    }
    return { companies, routes };
  } finally {
    await db.end();
  }
}

/** An existing account's headers for its company. */
async function signInTo(baseUrl, email, companyId) {
  const { access_token: token } = await api(baseUrl, 'POST', '/api/v1/account/auth', {
    email,
    password: 'bench-password',
  });
  return { email, companyId, headers: { authorization: `Bearer ${token}` } };
}

async function main() {
  const database = await provideDatabase('scale', process.env.BENCH_SCALE_KEEP);
  const service = await startService({ DATABASE_URL: database.url });
  const rows = [];
  try {
    const { companies, routes } = await provideSeeded(service, database);
    const { big, small } = companies;
    const only = process.env.BENCH_SCALE_ROUTES && new RegExp(process.env.BENCH_SCALE_ROUTES);
    for (let i = 0; i < routes.big.length; i++) {
      if (only && !only.test(routes.big[i].name)) continue;
      const measured = {};
      for (const [size, company] of [
        ['small', small],
        ['big', big],
      ]) {
        measured[size] = await measureRoute(service.baseUrl, { ...routes[size][i], headers: company.headers });
      }
      const row = { route: routes.big[i].name, kind: routes.big[i].kind, small: measured.small, big: measured.big };
      Object.assign(row, sizeTarget(row.kind, measured.small, measured.big));
      rows.push(row);
      printSizeRow(row);
    }
  } finally {
    await service.stop();
    await database.drop();
  }
  const report = {
    suite: 'scale',
    at: new Date().toISOString(),
    node: process.version,
    settings,
    big: BIG,
    small: SMALL,
    rows,
  };
  const file = writeResults('scale', report);
  process.stdout.write(`${rows.filter((r) => r.met).length}/${rows.length} met; written: ${file}\n`);
}

runMain(main);
