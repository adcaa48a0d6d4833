'use strict';
/**
 * Support suite: the ticket list, each ticket with its last_message, of one company with 10,000
 * tickets and 100,000 messages, among other companies' tickets (10 × 1,000 tickets of 10
 * messages by default); unfiltered, filtered, deep, and one ticket's messages; for scale, the
 * same list over a company of 10 tickets in the same run. It seeds the rows
 * with SQL (generate_series) into the service's database, prints EXPLAIN (ANALYZE, BUFFERS) of
 * the exact statements the service runs for each ticket list (the built repository's ticketList
 * spec, rendered by core's listStatements), fails when one of them scans support_tickets or
 * support_messages sequentially, then loads each route.
 *
 *   npm run build && npm run bench:support
 *
 * The database: as bench/crm.js (provideDatabase in lib.js). BENCH_TICKETS (10000),
 * BENCH_MESSAGES_PER_TICKET (10), BENCH_OTHER_COMPANIES (10), BENCH_OTHER_TICKETS (1000) size
 * the data; see bench/README.md for the rest.
 */
const { Client } = require('pg');
const { api, explainLists, provideDatabase, runMain, runSuite, signIn } = require('./lib');

const size = {
  tickets: Number(process.env.BENCH_TICKETS ?? 10_000),
  messagesPerTicket: Number(process.env.BENCH_MESSAGES_PER_TICKET ?? 10),
  otherCompanies: Number(process.env.BENCH_OTHER_COMPANIES ?? 10),
  otherTickets: Number(process.env.BENCH_OTHER_TICKETS ?? 1_000),
};
const THEMES = ['technical_issue', 'billing_payment', 'access_rights', 'feature_request', 'consultation'];

/** The measured ticket lists; `{company}` is filled in once the company exists. */
const LISTS = [
  { name: 'unfiltered', query: {} },
  { name: 'status=pending', query: { status: 'pending' } },
  { name: 'status=closed + theme', query: { status: 'closed', theme: 'consultation' } },
  { name: 'unfiltered, last page', query: { page: String(Math.ceil(size.tickets / 20)) } },
];
const routes = [
  ...LISTS.map((list) => ({
    name: `GET tickets ${list.name}`,
    path: `/api/v1/companies/{company}/modules/support/tickets?${new URLSearchParams({ page: '1', limit: '20', ...list.query })}`,
  })),
  {
    name: 'GET tickets unfiltered, company of 10 tickets',
    path: '/api/v1/companies/{small}/modules/support/tickets?page=1&limit=20',
  },
  {
    name: 'GET messages of one ticket',
    path: '/api/v1/companies/{company}/modules/support/tickets/{ticket}/messages?page=1&limit=20',
  },
];

/**
 * Other companies, then the tickets of all of them (the measured company's newest first: 10
 * pending, one in ten of the rest revoked, the others closed; themes in turn), then
 * `messagesPerTicket` messages per ticket alternating between the initiator and support, all
 * inserted in created_at order so that, as in production, the companies' and tickets' rows are
 * interleaved in the tables rather than stored one after the other.
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
    `INSERT INTO support_tickets (company_id, initiator_id, theme, status, created_at, updated_at)
     SELECT c.id, $5, ($6::text[])[1 + g % 5],
       CASE WHEN g <= 10 THEN 'pending' WHEN g % 10 = 0 THEN 'revoked' ELSE 'closed' END,
       c.newest - g * c.step, c.newest - g * c.step
     FROM (
       SELECT id, CASE WHEN id = $1 THEN $2::int ELSE $3::int END AS n,
         now() - interval '1 day' AS newest, interval '1 year' / CASE WHEN id = $1 THEN $2::int ELSE $3::int END AS step
       FROM unnest($4::uuid[]) id
     ) c
     CROSS JOIN LATERAL generate_series(1, c.n) g
     ORDER BY 5`,
    [companyId, size.tickets, size.otherTickets, [companyId, ...otherIds], accountId, THEMES],
  );
  // Messages every 10 minutes from the ticket's opening; the opening one is the initiator's.
  await db.query(
    `INSERT INTO support_messages (company_id, ticket_id, account_id, text, read, is_tech, created_at, updated_at)
     SELECT t.company_id, t.id, CASE WHEN k % 2 = 1 THEN t.initiator_id ELSE $1 END,
       'Message ' || k || ' of the ticket: ' || repeat('words ', 20), k < $2, k % 2 = 0,
       t.created_at + (k - 1) * interval '10 minutes', t.created_at + (k - 1) * interval '10 minutes'
     FROM support_tickets t CROSS JOIN generate_series(1, $2::int) k
     WHERE t.company_id = ANY($3::uuid[])
     ORDER BY 7`,
    [accountId, size.messagesPerTicket, [companyId, ...otherIds]],
  );
  await db.query('VACUUM ANALYZE support_tickets, support_messages');
  const { rows } = await db.query(
    `SELECT (SELECT count(*)::int FROM support_tickets) AS tickets, (SELECT count(*)::int FROM support_messages) AS messages,
            (SELECT count(*)::int FROM support_messages WHERE company_id = $1) AS measured`,
    [companyId],
  );
  process.stdout.write(
    `seeded ${rows[0].tickets} tickets and ${rows[0].messages} messages (${size.tickets} tickets and ` +
      `${rows[0].measured} messages in the measured company) in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
  );
}

async function main() {
  const database = await provideDatabase('support');
  try {
    await runSuite('support', routes, {
      env: { DATABASE_URL: database.url },
      setup: async (baseUrl) => {
        const auth = await signIn(baseUrl);
        const account = await api(baseUrl, 'GET', '/api/v1/account', undefined, auth);
        const company = await api(baseUrl, 'POST', '/api/v1/companies', { name: 'Bench support' }, auth);
        // For scale, in the same run: the same list over a company of 10 tickets, opened through the API.
        const small = await api(baseUrl, 'POST', '/api/v1/companies', { name: 'Bench support, small' }, auth);
        for (let i = 0; i < 10; i++) {
          const body = { theme: THEMES[i % THEMES.length], text: `Small company ticket ${i}` };
          await api(baseUrl, 'POST', `/api/v1/companies/${small.id}/modules/support/tickets`, body, auth);
        }
        const db = new Client({ connectionString: database.url });
        await db.connect();
        let newest;
        try {
          await seed(db, account.id, company.id);
          const { ticketList } = require('../dist/modules/companies/modules/support/support.repository');
          await explainLists(db, LISTS, (query) => ticketList(company.id, query), [
            'support_tickets',
            'support_messages',
          ]);
          newest = (
            await db.query(`SELECT id FROM support_tickets WHERE company_id = $1 ORDER BY created_at DESC LIMIT 1`, [
              company.id,
            ])
          ).rows[0].id;
        } finally {
          await db.end();
        }
        // runSuite reads the routes after setup: the paths get the company and ticket now.
        for (const route of routes)
          route.path = route.path
            .replace('{company}', company.id)
            .replace('{small}', small.id)
            .replace('{ticket}', newest);
        return auth;
      },
    });
  } finally {
    await database.drop();
  }
}

runMain(main);
