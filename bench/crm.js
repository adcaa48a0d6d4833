'use strict';
/**
 * CRM suite: the client list of one company with 100,000 clients, among other companies'
 * clients (20 × 10,000 by default), unfiltered, searched and filtered. It seeds the rows with
 * SQL (generate_series) into the service's database, prints EXPLAIN (ANALYZE, BUFFERS) of the
 * exact statements the service runs for each list (the built repository's clientList spec, rendered
 * by core's listStatements),
 * fails when one of them scans crm_clients sequentially, then loads each route.
 *
 *   npm run build && node bench/crm.js
 *
 * The database: DATABASE_URL when set (it must be the service's, e.g. with BASE_URL);
 * otherwise a fresh database on BENCH_ADMIN_URL (default the local server), dropped at the end.
 * BENCH_CLIENTS (100000), BENCH_OTHER_COMPANIES (20), BENCH_OTHER_CLIENTS (10000) size the data;
 * see bench/README.md for the rest.
 */
const { Client } = require('pg');
const { explainLists, provideDatabase, runMain, runSuite, signUpWithCompany } = require('./lib');

const size = {
  clients: Number(process.env.BENCH_CLIENTS ?? 100_000),
  otherCompanies: Number(process.env.BENCH_OTHER_COMPANIES ?? 20),
  otherClients: Number(process.env.BENCH_OTHER_CLIENTS ?? 10_000),
};
const SOURCE_TYPES = ['website', 'referral', 'social', 'advertising', 'marketplace'];

/** The measured lists; `{company}` is filled in once the company exists. */
const LISTS = [
  { name: 'unfiltered', query: {} },
  { name: 'search, common (~5%)', query: { search: 'petrov' } },
  { name: 'search, rare', query: { search: 'client4242' } },
  { name: 'filter status=inactive', query: { status: 'inactive' } },
  { name: 'filter type + search', query: { type: 'legal', search: 'ivan' } },
  { name: 'unfiltered, last page', query: { page: String(Math.ceil(size.clients / 20)) } },
];
const routes = LISTS.map((list) => ({
  name: `GET clients ${list.name}`,
  query: list.query,
  path: `/api/v1/companies/{company}/modules/crm/clients?${new URLSearchParams({ page: '1', limit: '20', ...list.query })}`,
}));

/**
 * The other companies (with their system source), five more sources in every company, then
 * the clients of all of them, inserted in created_at order so that, as in production, the
 * companies' rows are interleaved in the table rather than stored company by company.
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
    `INSERT INTO crm_sources (company_id, name, type, system) SELECT id, 'Manual entry', 'manual', true
     FROM unnest($1::uuid[]) id`,
    [otherIds],
  );
  await db.query(
    `INSERT INTO crm_sources (company_id, name, type)
     SELECT c, initcap(t) || ' source', t FROM unnest($1::uuid[]) c, unnest($2::text[]) t`,
    [[companyId, ...otherIds], SOURCE_TYPES],
  );
  await db.query(
    `INSERT INTO crm_clients (company_id, source_id, first_name, last_name, email, phone, type, status, created_at, updated_at)
     SELECT c.id, s.ids[1 + (g % 6)],
       (ARRAY['Ivan','Anna','Maria','Pavel','Olga','Sergey','Elena','Dmitry','Natalia','Alexey',
              'John','Jane','Peter','Laura','Mark','Sofia','Ilya','Kira','Oleg','Vera'])[1 + (g * 7) % 20],
       (ARRAY['Petrov','Ivanova','Smirnov','Kuznetsova','Popov','Sokolova','Lebedev','Kozlova','Novikov','Morozova',
              'Smith','Brown','Taylor','Wilson','Clark','Lewis','Walker','Hall','Young','King'])[1 + (g * 13) % 20]
         || CASE WHEN g % 3 = 0 THEN '-' || g ELSE '' END,
       'client' || g || '@mail' || (g % 50) || '.example',
       '+7 900 ' || lpad((g % 10000000)::text, 7, '0'),
       CASE WHEN g % 4 = 0 THEN 'legal' ELSE 'individual' END,
       CASE WHEN g % 10 = 0 THEN 'inactive' ELSE 'active' END,
       c.newest - g * c.step, c.newest - g * c.step
     FROM (
       SELECT id, CASE WHEN id = $1 THEN $2::int ELSE $3::int END AS n,
         now() AS newest, interval '1 year' / CASE WHEN id = $1 THEN $2::int ELSE $3::int END AS step
       FROM unnest($4::uuid[]) id
     ) c
     JOIN (SELECT company_id, array_agg(id ORDER BY system DESC, id) ids FROM crm_sources GROUP BY company_id) s
       ON s.company_id = c.id
     CROSS JOIN LATERAL generate_series(1, c.n) g
     ORDER BY 9`,
    [companyId, size.clients, size.otherClients, [companyId, ...otherIds]],
  );
  await db.query('VACUUM ANALYZE crm_sources, crm_clients');
  const { rows } = await db.query('SELECT count(*)::int AS total FROM crm_clients');
  process.stdout.write(
    `seeded ${rows[0].total} clients (${size.clients} in the measured company, ${size.otherCompanies} × ` +
      `${size.otherClients} elsewhere) in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
  );
}

async function main() {
  const database = await provideDatabase('crm');
  try {
    await runSuite('crm', routes, {
      env: { DATABASE_URL: database.url },
      setup: async (baseUrl) => {
        const { accountId, headers, companyId } = await signUpWithCompany(baseUrl, 'crm');
        const db = new Client({ connectionString: database.url });
        await db.connect();
        try {
          await seed(db, accountId, companyId);
          const { clientList } = require('../dist/modules/companies/modules/crm/clients/clients.repository');
          await explainLists(db, LISTS, (query) => clientList(companyId, query), ['crm_clients']);
        } finally {
          await db.end();
        }
        // runSuite reads the routes after setup: the paths get the company now.
        for (const route of routes) route.path = route.path.replace('{company}', companyId);
        return headers;
      },
    });
  } finally {
    await database.drop();
  }
}

runMain(main);
