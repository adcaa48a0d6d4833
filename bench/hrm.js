'use strict';
/**
 * HRM suite: one company with 50,000 employees among other companies' employees (20 × 5,000 by
 * default): the employee list (unfiltered, searched, filtered) and both analytics routes. It
 * seeds the rows with SQL (generate_series) into the service's database, prints EXPLAIN
 * (ANALYZE, BUFFERS) of the exact statements the service runs (the built repository's
 * employeeList spec rendered by core's listStatements, and analysisStatements), fails when one
 * of them scans employees sequentially, then loads each route.
 *
 *   npm run build && npm run bench:hrm
 *
 * The database: see provideDatabase in lib.js. BENCH_EMPLOYEES (50000), BENCH_OTHER_COMPANIES
 * (20), BENCH_OTHER_EMPLOYEES (5000) size the data; see bench/README.md for the rest.
 */
const { Client } = require('pg');
const { provideDatabase, runMain, runSuite, signUpWithCompany } = require('./lib');

const size = {
  employees: Number(process.env.BENCH_EMPLOYEES ?? 50_000),
  otherCompanies: Number(process.env.BENCH_OTHER_COMPANIES ?? 20),
  otherEmployees: Number(process.env.BENCH_OTHER_EMPLOYEES ?? 5_000),
};
const POSITIONS_PER_COMPANY = 20;
/** Employees are spread over the last three years. */
const YEARS = 3;

const LISTS = [
  { name: 'unfiltered', query: {} },
  { name: 'search, common (~5%)', query: { search: 'petrov' } },
  { name: 'search, rare', query: { search: 'worker4242' } },
  { name: 'search, phone', query: { search: '555 0042' } },
  { name: 'filter status=inactive', query: { status: 'inactive' } },
];
const lastYear = {
  start_date: new Date(Date.now() - 365 * 86400_000).toISOString(),
  end_date: new Date().toISOString(),
};
const ANALYSES = [
  { name: 'summary', path: 'summary', query: {} },
  { name: 'summary, last year', path: 'summary', query: lastYear },
  { name: 'grouped by day, last year', path: 'grouped', query: { group_by: 'day', ...lastYear } },
  { name: 'grouped by month', path: 'grouped', query: { group_by: 'month' } },
  { name: 'grouped by year', path: 'grouped', query: { group_by: 'year' } },
];

const routes = [
  {
    name: `GET employees unfiltered, a company of ${size.otherEmployees}`,
    path: '/api/v1/companies/{smaller}/modules/hrm/employees?page=1&limit=20',
  },
  ...LISTS.map((list) => ({
    name: `GET employees ${list.name}`,
    path: `/api/v1/companies/{company}/modules/hrm/employees?${new URLSearchParams({ page: '1', limit: '20', ...list.query })}`,
  })),
  ...ANALYSES.map((analysis) => ({
    name: `GET analysis ${analysis.name}`,
    path: `/api/v1/companies/{company}/modules/hrm/analysis/${analysis.path}?${new URLSearchParams(analysis.query)}`,
  })),
];

/**
 * The other companies, 20 positions in every company, then the employees of all of them, inserted
 * in created_at order so that, as in production, the companies' rows are interleaved in the table;
 * each employee holds one position. Returns the first other company (the account owns it too).
 */
async function seed(db, accountId, companyId) {
  const started = Date.now();
  const others = await db.query(
    `INSERT INTO companies (name, slug, owner_id, plan_code, plan_expires_at)
     SELECT 'Other ' || g, 'bench-other-' || g || '-' || $2, $1, 'enterprise', now() + interval '1 year'
     FROM generate_series(1, $3::int) g RETURNING id`,
    [accountId, String(Date.now()), size.otherCompanies],
  );
  const companies = [companyId, ...others.rows.map((row) => row.id)];
  // The account owns the first other company too, so the list of a smaller company is measured alongside.
  await db.query(`INSERT INTO company_members (company_id, account_id, role) VALUES ($1, $2, 'owner')`, [
    companies[1],
    accountId,
  ]);
  await db.query(
    `INSERT INTO positions (company_id, name, permissions)
     SELECT c, 'Position ' || g, ARRAY['hrm.employees'] FROM unnest($1::uuid[]) c, generate_series(1, $2::int) g`,
    [companies, POSITIONS_PER_COMPANY],
  );
  await db.query(
    `INSERT INTO employees (company_id, first_name, last_name, email, phone, status, created_at, updated_at)
     SELECT c.id,
       (ARRAY['Ivan','Anna','Maria','Pavel','Olga','Sergey','Elena','Dmitry','Natalia','Alexey',
              'John','Jane','Peter','Laura','Mark','Sofia','Ilya','Kira','Oleg','Vera'])[1 + (g * 7) % 20],
       (ARRAY['Petrov','Ivanova','Smirnov','Kuznetsova','Popov','Sokolova','Lebedev','Kozlova','Novikov','Morozova',
              'Smith','Brown','Taylor','Wilson','Clark','Lewis','Walker','Hall','Young','King'])[1 + (g * 13) % 20],
       'worker' || g || '@corp' || (g % 50) || '.example',
       '+7 900 555 ' || lpad((g % 10000)::text, 4, '0'),
       CASE WHEN g % 10 = 0 THEN 'inactive' ELSE 'active' END,
       c.newest - g * c.step, c.newest - g * c.step
     FROM (
       SELECT id, CASE WHEN id = $1 THEN $2::int ELSE $3::int END AS n, now() AS newest,
         interval '1 year' * $4::int / CASE WHEN id = $1 THEN $2::int ELSE $3::int END AS step
       FROM unnest($5::uuid[]) id
     ) c
     CROSS JOIN LATERAL generate_series(1, c.n) g
     ORDER BY 7`,
    [companyId, size.employees, size.otherEmployees, YEARS, companies],
  );
  await db.query(
    `INSERT INTO employee_positions (employee_id, position_id, company_id)
     SELECT e.id, p.ids[1 + (row_number() OVER (PARTITION BY e.company_id ORDER BY e.id)) % $1], e.company_id
     FROM employees e
     JOIN (SELECT company_id, array_agg(id ORDER BY id) ids FROM positions GROUP BY company_id) p
       ON p.company_id = e.company_id`,
    [POSITIONS_PER_COMPANY],
  );
  await db.query('VACUUM ANALYZE positions, employees, employee_positions');
  const { rows } = await db.query('SELECT count(*)::int AS total FROM employees');
  process.stdout.write(
    `seeded ${rows[0].total} employees (${size.employees} in the measured company, ${size.otherCompanies} × ` +
      `${size.otherEmployees} elsewhere) in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
  );
  return companies[1];
}

/** EXPLAIN (ANALYZE, BUFFERS) of the statements the service runs for each list and analysis. */
async function explain(db, companyId) {
  const { employeeList } = require('../dist/modules/companies/modules/hrm/employees/employees.repository');
  const { analysisStatements } = require('../dist/modules/companies/modules/hrm/analysis/analysis.repository');
  const { listStatements } = require('../dist/core/pagination/list');
  const statements = [];
  for (const list of LISTS) {
    const query = { ...list.query, page: 1, limit: 20 };
    for (const [kind, statement] of Object.entries(listStatements(employeeList(companyId, query), query))) {
      statements.push({ name: `list ${list.name}: ${kind}`, statement });
    }
  }
  for (const analysis of ANALYSES) {
    statements.push({
      name: `analysis ${analysis.name}`,
      statement: analysisStatements[analysis.path](companyId, analysis.query),
    });
  }
  const plans = [];
  for (const { name, statement } of statements) {
    const { text, values } = statement.render();
    const { rows } = await db.query(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, values);
    const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
    plans.push({ name, plan });
    process.stdout.write(`\n--- ${name} ---\n${plan}\n`);
  }
  const scans = plans.filter((p) => /Seq Scan on (employees|positions|employee_positions)/.test(p.plan));
  if (scans.length > 0) throw new Error(`sequential scan in: ${scans.map((p) => p.name).join(', ')}`);
  process.stdout.write('\nno sequential scan of employees, positions or employee_positions in any plan\n\n');
}

async function main() {
  const database = await provideDatabase('bench_hrm');
  try {
    await runSuite('hrm', routes, {
      env: { DATABASE_URL: database.url },
      setup: async (baseUrl) => {
        const { accountId, headers, companyId } = await signUpWithCompany(baseUrl, 'hrm');
        let smallerId;
        const db = new Client({ connectionString: database.url });
        await db.connect();
        try {
          smallerId = await seed(db, accountId, companyId);
          await explain(db, companyId);
        } finally {
          await db.end();
        }
        // runSuite reads the routes after setup: the paths get the company now.
        for (const route of routes)
          route.path = route.path.replace('{company}', companyId).replace('{smaller}', smallerId);
        return headers;
      },
    });
  } finally {
    await database.drop();
  }
}

runMain(main);
