'use strict';
/**
 * Finance suite: one company with 1,000,000 transactions (BENCH_TRANSACTIONS), among other
 * companies' transactions (BENCH_OTHER_COMPANIES × BENCH_OTHER_TRANSACTIONS, default 10 × 10,000).
 * It seeds the rows with SQL (generate_series) into the service's database, prints EXPLAIN
 * (ANALYZE, BUFFERS) of the exact statements the service runs for the transaction list (each
 * filter and search) and both analyses, fails when a list scans transactions sequentially, then
 * loads each route.
 *
 *   npm run build && node bench/finance.js
 *
 * The database: DATABASE_URL when set (it must be the service's, e.g. with BASE_URL); otherwise
 * a fresh database on BENCH_ADMIN_URL (default the local server), dropped at the end. See
 * bench/README.md for the rest.
 */
const { Client } = require('pg');
const { explainLists, provideDatabase, runMain, runSuite, signUpWithCompany } = require('./lib');

const size = {
  transactions: Number(process.env.BENCH_TRANSACTIONS ?? 1_000_000),
  otherCompanies: Number(process.env.BENCH_OTHER_COMPANIES ?? 10),
  otherTransactions: Number(process.env.BENCH_OTHER_TRANSACTIONS ?? 10_000),
};
const CATEGORIES = 10;
const EMPLOYEES = 20;

/** The measured lists; `{category}` and `{employee}` are filled in once they exist. */
const LISTS = [
  { name: 'unfiltered', query: {} },
  { name: 'direction=expense', query: { direction: 'expense' } },
  { name: 'status=failed (~2%)', query: { status: 'failed' } },
  { name: 'currency=BTC (~5%)', query: { currency: 'BTC' } },
  { name: 'category_id', query: { category_id: '{category}' } },
  { name: 'employee_id', query: { employee_id: '{employee}' } },
  { name: 'window of one month', query: { start_date: '{monthStart}', end_date: '{monthEnd}' } },
  { name: 'search, common comment', query: { search: 'аренда' } },
  { name: 'search, rare comment', query: { search: 'заказ №424242' } },
  { name: 'search, employee name', query: { search: 'Смирнова' } },
  { name: 'unfiltered, page 1000', query: { page: '1000' } },
];
const ANALYSES = [
  { name: 'analysis summary (RUB, everything)', path: 'analysis/summary', query: {} },
  {
    name: 'analysis summary (USD, one month)',
    path: 'analysis/summary',
    query: { currency: 'USD', start_date: '{monthStart}', end_date: '{monthEnd}' },
  },
  { name: 'analysis grouped by category', path: 'analysis/grouped', query: { group_by: 'category' } },
  { name: 'analysis grouped by employee', path: 'analysis/grouped', query: { group_by: 'employee' } },
  { name: 'analysis grouped by day', path: 'analysis/grouped', query: { group_by: 'day' } },
  { name: 'analysis grouped by month', path: 'analysis/grouped', query: { group_by: 'month' } },
];

const fill = (query, values) =>
  Object.fromEntries(
    Object.entries(query).map(([key, value]) => [key, value.replace(/\{(\w+)\}/, (_, name) => values[name])]),
  );

async function seed(db, accountId, companyId) {
  const started = Date.now();
  const others = await db.query(
    `INSERT INTO companies (name, slug, owner_id, plan_code, plan_expires_at)
     SELECT 'Other ' || g, 'bench-fm-other-' || g || '-' || $2, $1, 'enterprise', now() + interval '1 year'
     FROM generate_series(1, $3::int) g RETURNING id`,
    [accountId, String(Date.now()), size.otherCompanies],
  );
  const companies = [companyId, ...others.rows.map((row) => row.id)];
  await db.query(
    `INSERT INTO transaction_categories (company_id, name, direction, slug)
     SELECT c, 'Категория ' || g, CASE WHEN g % 2 = 0 THEN 'income' ELSE 'expense' END, 'bench-' || g
     FROM unnest($1::uuid[]) c, generate_series(1, $2::int) g`,
    [companies, CATEGORIES],
  );
  await db.query(
    `INSERT INTO employees (company_id, first_name, last_name)
     SELECT c, (ARRAY['Анна','Пётр','Мария','Олег','Ирина'])[1 + g % 5],
       (ARRAY['Смирнова','Иванов','Кузнецова','Попов','Соколова','Лебедев','Козлова','Новиков'])[1 + g % 8] || ' ' || g
     FROM unnest($1::uuid[]) c, generate_series(1, $2::int) g`,
    [companies, EMPLOYEES],
  );
  // Two years of transactions, interleaved across companies in time as in production.
  await db.query(
    `INSERT INTO transactions (company_id, base_amount, currency, direction, status, comment, created_at, employee_id, category_id)
     SELECT c.id, round((1 + (g::bigint * 7919) % 100000) / 100.0, 2),
       CASE WHEN g % 20 = 0 THEN 'BTC' WHEN g % 7 = 0 THEN 'USD' ELSE 'RUB' END,
       cat.direction,
       CASE WHEN g % 50 = 0 THEN 'failed' WHEN g % 33 = 0 THEN 'pending' ELSE 'completed' END,
       CASE WHEN g % 10 = 0 THEN 'Аренда офиса' WHEN g % 3 = 0 THEN NULL ELSE 'Оплата заказа №' || g END,
       c.newest - g * c.step,
       CASE WHEN g % 2 = 0 THEN e.ids[1 + (g / 2) % ${EMPLOYEES}] END,
       CASE WHEN g % 5 <> 0 THEN cat.id END
     FROM (
       SELECT id, CASE WHEN id = $1 THEN $2::int ELSE $3::int END AS n, now() AS newest,
         interval '2 years' / CASE WHEN id = $1 THEN $2::int ELSE $3::int END AS step
       FROM unnest($4::uuid[]) id
     ) c
     JOIN (SELECT company_id, array_agg(id ORDER BY id) ids FROM employees GROUP BY company_id) e ON e.company_id = c.id
     CROSS JOIN LATERAL generate_series(1, c.n) g
     JOIN LATERAL (SELECT id, direction FROM transaction_categories
       WHERE company_id = c.id AND NOT system ORDER BY slug OFFSET (g % ${CATEGORIES}) LIMIT 1) cat ON true
     ORDER BY 7`,
    [companyId, size.transactions, size.otherTransactions, companies],
  );
  await db.query('VACUUM ANALYZE transaction_categories, employees, transactions');
  const { rows } = await db.query('SELECT count(*)::int AS total FROM transactions');
  process.stdout.write(
    `seeded ${rows[0].total} transactions (${size.transactions} in the measured company, ${size.otherCompanies} × ` +
      `${size.otherTransactions} elsewhere) in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
  );
}

/** EXPLAIN (ANALYZE, BUFFERS) of the analyses' exact statements (the built repository's). */
async function explainAnalyses(db, companyId, values) {
  const { analysisStatements } = require('../dist/modules/companies/modules/fm/analysis/analysis.repository');
  for (const analysis of ANALYSES) {
    const query = { currency: 'RUB', ...fill(analysis.query, values) };
    const statement = analysis.path.endsWith('summary')
      ? analysisStatements.summary(companyId, query)
      : analysisStatements.grouped(companyId, query);
    const { text, values: parameters } = statement.render();
    const { rows } = await db.query(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, parameters);
    process.stdout.write(`\n--- ${analysis.name} ---\n${rows.map((row) => row['QUERY PLAN']).join('\n')}\n`);
  }
}

async function main() {
  const database = await provideDatabase('finance');
  const routes = [
    ...LISTS.map((list) => ({ name: `GET transactions ${list.name}`, kind: 'list', query: list.query })),
    ...ANALYSES.map((analysis) => ({ name: `GET ${analysis.name}`, kind: analysis.path, query: analysis.query })),
  ];
  try {
    await runSuite('finance', routes, {
      env: { DATABASE_URL: database.url },
      setup: async (baseUrl) => {
        const { accountId, headers, companyId } = await signUpWithCompany(baseUrl, 'finance');
        const db = new Client({ connectionString: database.url });
        await db.connect();
        let values;
        try {
          await seed(db, accountId, companyId);
          const pick = async (table) =>
            (await db.query(`SELECT id FROM ${table} WHERE company_id = $1 ORDER BY id LIMIT 1`, [companyId])).rows[0]
              .id;
          const month = new Date(Date.now() - 180 * 86_400_000);
          values = {
            category: (
              await db.query(
                `SELECT id FROM transaction_categories WHERE company_id = $1 AND NOT system ORDER BY slug LIMIT 1`,
                [companyId],
              )
            ).rows[0].id,
            employee: await pick('employees'),
            monthStart: new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth(), 1)).toISOString(),
            monthEnd: new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 1) - 1).toISOString(),
          };
          const {
            transactionList,
          } = require('../dist/modules/companies/modules/fm/transactions/transactions.repository');
          const lists = LISTS.map((list) => ({ name: list.name, query: fill(list.query, values) }));
          // The exact total of a filter matching half the company (direction) counts most of the table.
          await explainLists(db, lists, (query) => transactionList(companyId, query), ['transactions'], {
            countsMayScan: true,
          });
          await explainAnalyses(db, companyId, values);
        } finally {
          await db.end();
        }
        // runSuite reads the routes after setup: the paths get the company and the ids now.
        for (const route of routes) {
          const query = new URLSearchParams(
            route.kind === 'list'
              ? { page: '1', limit: '20', ...fill(route.query, values) }
              : fill(route.query, values),
          );
          const path = route.kind === 'list' ? 'transactions' : route.kind;
          route.path = `/api/v1/companies/${companyId}/modules/fm/${path}?${query}`;
        }
        return headers;
      },
    });
  } finally {
    await database.drop();
  }
}

runMain(main);
