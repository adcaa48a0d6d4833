'use strict';
/**
 * Deals suite: one company with 100,000 deals (1-4 positions each, half with an employee, most
 * with a type and a client), among other companies' deals (10 × 10,000 by default), seeded with
 * SQL (generate_series) into the service's database. It
 * prints EXPLAIN (ANALYZE, BUFFERS) of the exact statements the service runs for the deal list
 * (the built repository's dealList, rendered by core's listStatements), the board
 * (group_by=status) and the analyses, fails when one of them scans deals sequentially, then
 * loads each route.
 *
 *   npm run build && node bench/deals.js
 *
 * The database: DATABASE_URL when set (it must be the service's, e.g. with BASE_URL); otherwise
 * a fresh database on BENCH_ADMIN_URL (default the local server), dropped at the end.
 * BENCH_DEALS (100000), BENCH_OTHER_COMPANIES (10), BENCH_OTHER_DEALS (10000) size the data; see bench/README.md for the rest.
 */
const { Client } = require('pg');
const { explainLists, provideDatabase, runMain, runSuite, signUpWithCompany } = require('./lib');

const size = {
  deals: Number(process.env.BENCH_DEALS ?? 100_000),
  otherCompanies: Number(process.env.BENCH_OTHER_COMPANIES ?? 10),
  otherDeals: Number(process.env.BENCH_OTHER_DEALS ?? 10_000),
  clients: 1000,
  employees: 50,
  types: 5,
};

/** The measured lists; `{company}`, `{status}` and `{employee}` are filled in once they exist. */
const LISTS = [
  { name: 'unfiltered', query: {} },
  { name: 'filter status_id', query: { status_id: '{status}' } },
  { name: 'filter employee_id', query: { employee_id: '{employee}' } },
  { name: 'search, rare', query: { search: 'сделка 4242 ' } },
  { name: 'search, common (positions)', query: { search: 'монтаж' } },
  { name: 'unfiltered, last page', query: { page: String(Math.ceil(size.deals / 20)) } },
];
const dm = '/api/v1/companies/{company}/modules/dm';
const routes = [
  ...LISTS.map((list) => ({
    name: `GET deals ${list.name}`,
    path: `${dm}/deals?${new URLSearchParams({ page: '1', limit: '20', ...list.query })}`,
  })),
  { name: 'GET deals group_by=status (board, 20 each)', path: `${dm}/deals?group_by=status&limit=20` },
  { name: 'GET analysis/summary', path: `${dm}/analysis/summary` },
  { name: 'GET analysis/grouped status', path: `${dm}/analysis/grouped?group_by=status` },
  { name: 'GET analysis/grouped employee', path: `${dm}/analysis/grouped?group_by=employee` },
  { name: 'GET analysis/grouped month', path: `${dm}/analysis/grouped?group_by=month` },
];

/**
 * Other companies with their pipelines and deals (so the measured company is a part of the
 * table, as in production); then types, clients and employees of the company, its deals over a
 * year, their positions and employees.
 */
async function seed(db, accountId, companyId) {
  const started = Date.now();
  const others = await db.query(
    `INSERT INTO companies (name, slug, owner_id, plan_code, plan_expires_at)
     SELECT 'Other ' || g, 'bench-other-' || g || '-' || $2, $1, 'enterprise', now() + interval '1 year'
     FROM generate_series(1, $3::int) g RETURNING id`,
    [accountId, String(Date.now()), size.otherCompanies],
  );
  const otherIds = others.rows.map((row) => row.id);
  await db.query(
    `INSERT INTO deal_statuses (company_id, name, sort_order, is_default)
     SELECT c, 'Статус ' || g, g * 10, g = 1 FROM unnest($1::uuid[]) c, generate_series(1, 5) g`,
    [otherIds],
  );
  await db.query(
    `INSERT INTO deals (company_id, comment, status_id, created_at, updated_at)
     SELECT s.company_id, 'Чужая сделка ' || g, s.id, now() - g * interval '1 year' / $2::int,
       now() - g * interval '1 year' / $2::int
     FROM deal_statuses s CROSS JOIN LATERAL generate_series(1, $2::int) g
     WHERE s.company_id = ANY($1::uuid[]) AND s.is_default ORDER BY 4`,
    [otherIds, size.otherDeals],
  );
  await db.query(
    `INSERT INTO deal_types (company_id, name) SELECT $1, 'Тип ' || g FROM generate_series(1, $2::int) g`,
    [companyId, size.types],
  );
  await db.query(
    `INSERT INTO crm_clients (company_id, source_id, first_name, last_name, type)
     SELECT $1, (SELECT id FROM crm_sources WHERE company_id = $1 AND system), 'Клиент', 'Номер ' || g, 'legal'
     FROM generate_series(1, $2::int) g`,
    [companyId, size.clients],
  );
  await db.query(
    `INSERT INTO employees (company_id, first_name, last_name)
     SELECT $1, 'Сотрудник', 'Номер ' || g FROM generate_series(1, $2::int) g`,
    [companyId, size.employees],
  );
  await db.query(
    `INSERT INTO deals (company_id, comment, type_id, status_id, client_id, created_at, updated_at)
     SELECT $1, 'Сделка ' || g || ' ', r.types[1 + g % (array_length(r.types, 1) + 1)], r.statuses[1 + g % 5],
       r.clients[1 + g % (array_length(r.clients, 1) + 1)], now() - g * interval '1 year' / $2::int,
       now() - g * interval '1 year' / $2::int
     FROM (SELECT
         (SELECT array_agg(id ORDER BY name) FROM deal_types WHERE company_id = $1) AS types,
         (SELECT array_agg(id ORDER BY sort_order) FROM deal_statuses WHERE company_id = $1) AS statuses,
         (SELECT array_agg(id) FROM crm_clients WHERE company_id = $1) AS clients) r,
       generate_series(1, $2::int) g
     ORDER BY 6`,
    [companyId, size.deals],
  );
  await db.query(
    `INSERT INTO deal_positions (company_id, deal_id, name, price, quantity, created_at, updated_at)
     SELECT d.company_id, d.id,
       (ARRAY['Монтаж', 'Доставка', 'Станок', 'Кабель', 'Консультация'])[1 + (k + abs(hashtext(d.id::text))) % 5],
       k * 100 + 0.5, 1 + k % 3, d.created_at, d.created_at
     FROM deals d CROSS JOIN LATERAL generate_series(1, 1 + abs(hashtext(d.id::text)) % 4) k
     WHERE d.company_id = $1`,
    [companyId],
  );
  await db.query(
    `UPDATE deals d SET total_amount = s.total, positions_count = s.n
     FROM (SELECT deal_id, sum(round(price * quantity, 2)) AS total, count(*) AS n
           FROM deal_positions WHERE company_id = $1 GROUP BY deal_id) s
     WHERE d.id = s.deal_id`,
    [companyId],
  );
  await db.query(
    `INSERT INTO deal_employees (deal_id, employee_id, company_id)
     SELECT d.id, e.ids[1 + abs(hashtext(d.id::text)) % array_length(e.ids, 1)], $1
     FROM deals d, (SELECT array_agg(id) AS ids FROM employees WHERE company_id = $1) e
     WHERE d.company_id = $1 AND abs(hashtext(d.id::text)) % 2 = 0`,
    [companyId],
  );
  await db.query(
    'VACUUM ANALYZE deal_types, deal_statuses, deals, deal_positions, deal_employees, crm_clients, employees',
  );
  const { rows } = await db.query(
    `SELECT (SELECT count(*) FROM deals WHERE company_id = $1)::int AS deals,
       (SELECT count(*) FROM deal_positions WHERE company_id = $1)::int AS positions,
       (SELECT count(*) FROM deals)::int AS all_deals`,
    [companyId],
  );
  process.stdout.write(
    `seeded ${rows[0].deals} deals with ${rows[0].positions} positions in the measured company ` +
      `(${rows[0].all_deals} deals in all) in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
  );
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of the board and the analyses. The board reads a page per status and
 * fails on a sequential scan of deals; an analysis reads every deal of the company in its window,
 * which may be most of the table, so its sequential scan is reported, not refused.
 */
async function explainStatements(db, statements) {
  for (const [name, statement] of Object.entries(statements)) {
    const { text, values } = statement.render();
    const { rows } = await db.query(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, values);
    const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
    process.stdout.write(`\n--- ${name} ---\n${plan}\n`);
    if (!/Seq Scan on deals\b/.test(plan)) continue;
    if (name.startsWith('board')) throw new Error(`sequential scan of deals in: ${name}`);
    process.stdout.write(`(${name}: a sequential scan of deals, the company holding much of the table)\n`);
  }
}

async function main() {
  const database = await provideDatabase('deals');
  try {
    await runSuite('deals', routes, {
      env: { DATABASE_URL: database.url },
      setup: async (baseUrl) => {
        const { accountId, headers, companyId } = await signUpWithCompany(baseUrl, 'deals');
        const db = new Client({ connectionString: database.url });
        await db.connect();
        try {
          await seed(db, accountId, companyId);
          const ids = await db.query(
            `SELECT (SELECT id FROM deal_statuses WHERE company_id = $1 ORDER BY sort_order OFFSET 1 LIMIT 1) AS status,
               (SELECT employee_id FROM deal_employees WHERE company_id = $1 LIMIT 1) AS employee`,
            [companyId],
          );
          const fill = (text) =>
            text
              .replace('{company}', companyId)
              .replace('%7Bstatus%7D', ids.rows[0].status)
              .replace('%7Bemployee%7D', ids.rows[0].employee);
          for (const list of LISTS) {
            for (const [key, value] of Object.entries(list.query)) {
              list.query[key] = value
                .replace('{status}', ids.rows[0].status)
                .replace('{employee}', ids.rows[0].employee);
            }
          }
          const { dealList, dealBoard } = require('../dist/modules/companies/modules/dm/deals/deals.repository');
          const {
            dealAnalysisStatements,
          } = require('../dist/modules/companies/modules/dm/analysis/analysis.repository');
          await explainLists(db, LISTS, (query) => dealList(companyId, query), ['deals']);
          await explainStatements(db, {
            'board (group_by=status, limit 20)': dealBoard(companyId, { page: 1, limit: 20 }),
            'analysis summary': dealAnalysisStatements.summary(companyId, {}),
            'analysis grouped by status': dealAnalysisStatements.grouped(companyId, { group_by: 'status' }),
            'analysis grouped by employee': dealAnalysisStatements.grouped(companyId, { group_by: 'employee' }),
            'analysis grouped by month': dealAnalysisStatements.grouped(companyId, { group_by: 'month' }),
          });
          // runSuite reads the routes after setup: the paths get the ids now.
          for (const route of routes) route.path = fill(route.path);
        } finally {
          await db.end();
        }
        return headers;
      },
    });
  } finally {
    await database.drop();
  }
}

runMain(main);
