'use strict';
/**
 * The operators' console at scale (CONTRACT 21 "Scale", issue 40): the console's lists, searches
 * and figures on a small platform and on a big one, the same routes loaded on both in one run,
 * and per route req/s and p99 at both sizes and the ratio.
 *
 *   npm run build && flock /work/heavy.lock nice npm run bench:admin
 *
 * The console's figures are platform-wide, so the two sizes are two databases, each with its own
 * service: small (BENCH_ADMIN_SMALL_COMPANIES 1,000, BENCH_ADMIN_SMALL_ACCOUNTS 10,000) and big
 * (BENCH_ADMIN_BIG_COMPANIES 100,000, BENCH_ADMIN_BIG_ACCOUNTS 1,000,000). Each service migrates
 * its fresh database and creates the administrator (ADMIN_EMAIL), then rows are seeded with SQL
 * (INSERT … SELECT generate_series), through the trigger that keeps the account total: accounts (a fifth
 * waiting), companies (a quarter public) with their owner's membership and, for every other one,
 * a member; a tenth with a ticket and its message; partner applications (a tenth of the companies),
 * promocodes (a hundredth) and platform audit records (a tenth). Both databases are dropped at the
 * end; BENCH_ADMIN_KEEP=<prefix> seeds <prefix>_small and <prefix>_big once and keeps them for
 * later runs with the same sizes. Targets as bench:scale's (sizeTarget in lib.js): ≥ 0.7x, a
 * search ≥ 0.3x with p99 ≤ 3x, no 5xx. BENCH_ADMIN_ROUTES (a regular expression) loads only the
 * routes it matches. BENCH_DURATION / BENCH_WARMUP / BENCH_CONNECTIONS as in every suite.
 */
const bcrypt = require('bcrypt');
const { Client } = require('pg');
const {
  api,
  measureRoute,
  printSizeRow,
  provideDatabase,
  runMain,
  settings,
  sizeTarget,
  startService,
  writeResults,
} = require('./lib');

const env = (name, fallback) => Number(process.env[name] ?? fallback);
const SIZES = {
  small: {
    companies: env('BENCH_ADMIN_SMALL_COMPANIES', 1_000),
    accounts: env('BENCH_ADMIN_SMALL_ACCOUNTS', 10_000),
  },
  big: {
    companies: env('BENCH_ADMIN_BIG_COMPANIES', 100_000),
    accounts: env('BENCH_ADMIN_BIG_ACCOUNTS', 1_000_000),
  },
};
const ADMIN = { email: 'bench-admin@example.test', password: 'bench-admin-password' };
/** A page deep in both sizes' accounts (offset 7,980 of limit 20); past the small size's 1,000 companies. */
const DEEP = '400';
/** A deep page the small platform's 1,000 companies have too (page 400 is past their end). */
const DEEP_IN_BOTH = '40';
/** The seeded company the detail routes read, and its owner (at both sizes, unless one has fewer companies). */
const PICKED = 777;
const ACCOUNT_BATCH = 5_000;

// Accounts' e-mails and names, companies' names and slugs: the n-th row's from these lists.
const FIRST = ['anna', 'petr', 'maria', 'oleg', 'irina', 'ivan', 'olga', 'sergey'];
const LAST = ['smirnova', 'ivanov', 'kuznetsova', 'popov', 'sokolova', 'lebedev', 'novikov'];
const DOMAINS = ['gmail.com', 'mail.ru', 'yandex.ru', 'example.com'];
const FIRST_RU = ['Анна', 'Пётр', 'Мария', 'Олег', 'Ирина', 'Иван', 'Ольга', 'Сергей'];
const LAST_RU = ['Смирнова', 'Иванов', 'Кузнецова', 'Попов', 'Соколова', 'Лебедев', 'Новиков'];
const COMPANY_WORDS = ['Ромашка', 'Вектор', 'Альфа', 'Север', 'Техно'];
const COMPANY_SLUGS = ['romashka', 'vektor', 'alfa', 'sever', 'tekhno'];
/** Search terms: a quarter of the e-mails, one e-mail, a fifth of the companies. */
const COMMON_EMAIL = 'gmail';
const rareEmail = (n) => `${FIRST[n % FIRST.length]}.${LAST[n % LAST.length]}${n}@`;
const COMMON_COMPANY = 'вектор';

const pick = (list, n) => `(ARRAY[${list.map((v) => `'${v}'`).join(',')}])[1 + (${n}) % ${list.length}]`;
/** The e-mail of the n-th seeded account (an SQL expression of `n`), unique as the column wants. */
const emailOf = (n) =>
  `${pick(FIRST, n)} || '.' || ${pick(LAST, n)} || (${n}) || '@' || ${pick(DOMAINS, `(${n}) / 7`)}`;

/**
 * One platform's rows: `accounts` accounts over two years (the n-th is older the larger n), and
 * `companies` companies, the g-th owned by account g·k (k = accounts / companies) and created an
 * hour after it.
 */
async function seed(db, { companies, accounts }, adminId) {
  const q = (text, values) => db.query(text, values);
  const k = Math.floor(accounts / companies);
  if (k < 2) throw new Error('the sizes need at least two accounts per company (an owner and a member)');
  const age = (n, total) => `now() - ((${n})::float8 / ${total}) * interval '730 days'`;
  const passwordHash = await bcrypt.hash('bench-password', 10);
  // In batches: the kept total's trigger updates one row per account, and one transaction's
  // versions of that row are not pruned until it commits (1,000,000 at once take hours).
  for (let from = 1; from <= accounts; from += ACCOUNT_BATCH) {
    await q(
      `INSERT INTO accounts (email, name, status, type, password_hash, created_at, updated_at)
       SELECT ${emailOf('g')}, ${pick(FIRST_RU, 'g')} || ' ' || ${pick(LAST_RU, 'g')},
         CASE WHEN g % 5 = 0 THEN 'waiting' ELSE 'confirmed' END,
         CASE WHEN g % ${k} = 0 THEN 'owner' ELSE ${pick(['employee', 'outsourcing', 'owner'], 'g')} END,
         $1, ${age('g', accounts)}, ${age('g', accounts)}
       FROM generate_series($2::int, $3::int) g`,
      [passwordHash, from, Math.min(from + ACCOUNT_BATCH - 1, accounts)],
    );
  }
  await q(
    `INSERT INTO companies (name, slug, description, is_public, region, email, owner_id, plan_code, plan_started_at,
       plan_expires_at, plan_is_trial, objects_count, objects_bytes, created_at, updated_at)
     SELECT 'ООО ' || ${pick(COMPANY_WORDS, 'g')} || ' ' || g, ${pick(COMPANY_SLUGS, 'g')} || '-' || g,
       CASE WHEN g % 3 = 0 THEN 'Компания №' || g END, g % 4 = 0, CASE WHEN g % 2 = 0 THEN 'Москва' END,
       'office' || g || '@example.test', a.id, ${pick(['start', 'business', 'enterprise'], 'g')}, t.at,
       CASE WHEN g % 6 = 0 THEN now() - interval '3 days' ELSE now() + (1 + g % 300) * interval '1 day' END,
       g % 5 = 0, g % 200, (g % 200)::bigint * 524288, t.at, t.at
     FROM generate_series(1, ${companies}) g
     JOIN accounts a ON a.email = ${emailOf(`g * ${k}`)},
     LATERAL (SELECT a.created_at + interval '1 hour' AS at) t`,
  );
  await q(
    `INSERT INTO company_members (company_id, account_id, role, joined_at)
     SELECT c.id, c.owner_id, 'owner', c.created_at FROM companies c
     UNION ALL
     SELECT c.id, a.id, 'member', least(now(), c.created_at + interval '1 day')
     FROM generate_series(2, ${companies}, 2) g
     JOIN companies c ON c.slug = ${pick(COMPANY_SLUGS, 'g')} || '-' || g
     JOIN accounts a ON a.email = ${emailOf(`g * ${k} + 1`)}`,
  );
  const themes = ['technical_issue', 'billing_payment', 'access_rights', 'feature_request', 'consultation'];
  await q(
    `WITH t AS (
       INSERT INTO support_tickets (company_id, initiator_id, theme, status, assigned_admin_id, created_at, updated_at)
       SELECT c.id, c.owner_id, ${pick(themes, 'g / 10')}, CASE WHEN g % 30 = 0 THEN 'closed' ELSE 'pending' END,
         CASE WHEN g % 20 = 0 THEN $1::uuid END, least(now(), c.created_at + interval '2 days'),
         least(now(), c.created_at + interval '2 days')
       FROM generate_series(10, ${companies}, 10) g
       JOIN companies c ON c.slug = ${pick(COMPANY_SLUGS, 'g')} || '-' || g
       RETURNING id, company_id, initiator_id, created_at)
     INSERT INTO support_messages (company_id, ticket_id, account_id, text, created_at, updated_at)
     SELECT company_id, id, initiator_id, 'Не могу выгрузить отчёт', created_at, created_at FROM t`,
    [adminId],
  );
  const others = Math.max(1, Math.floor(companies / 10));
  await q(
    `INSERT INTO partner_applications (name, type, email, text, status, client_ip, created_at, updated_at)
     SELECT 'Партнёр ' || g, ${pick(['public', 'private'], 'g')}, 'partner' || g || '@example.test',
       'Хотим продавать платформу', ${pick(['waiting', 'success', 'banned'], 'g')},
       '10.' || (g / 65536) % 256 || '.' || (g / 256) % 256 || '.' || g % 256, ${age('g', others)}, ${age('g', others)}
     FROM generate_series(1, ${others}) g`,
  );
  const promocodes = Math.max(1, Math.floor(companies / 100));
  await q(
    `INSERT INTO promocodes (code, plan_code, trial_period_days, max_uses, used_count, expires_at, active, created_at, updated_at)
     SELECT 'BENCH' || g, ${pick(['start', 'business', 'enterprise'], 'g')}, 14 + g % 30,
       CASE WHEN g % 2 = 0 THEN 100 END, g % 50, CASE WHEN g % 3 = 0 THEN now() + interval '90 days' END,
       g % 10 <> 0, ${age('g', promocodes)}, ${age('g', promocodes)}
     FROM generate_series(1, ${promocodes}) g`,
  );
  await q(
    `INSERT INTO admin_logs (admin_id, key, request_id, ip, user_agent, metadata, created_at)
     SELECT $1, ${pick(['accounts.promote_admin', 'tickets.assign', 'pricing.promocodes.create', 'partners.update'], 'g')},
       'bench-' || g, '127.0.0.1', 'bench', jsonb_build_object('method', 'POST', 'path', '/api/v1/admin/x/' || g),
       ${age('g', others)}
     FROM generate_series(1, ${others}) g`,
    [adminId],
  );
  // The batches left a version of the kept total's one row per account, and the live one last,
  // where VACUUM cannot cut the table short: a platform whose accounts signed up one by one has
  // them pruned as it goes, not a 40 MB table read by every unfiltered list.
  await q('VACUUM FULL account_totals');
  await q('VACUUM ANALYZE');
}

/**
 * The size's database seeded (or, kept by BENCH_ADMIN_KEEP with the same sizes, as it is): the
 * ids the detail routes read.
 */
async function seeded(size, database) {
  const db = new Client({ connectionString: database.url });
  await db.connect();
  try {
    await db.query(`CREATE TABLE IF NOT EXISTS bench_admin_seed (sizes text NOT NULL)`);
    const sizes = JSON.stringify(SIZES[size]);
    const kept = (await db.query(`SELECT sizes FROM bench_admin_seed`)).rows[0]?.sizes;
    if (kept && kept !== sizes) throw new Error(`${database.name} holds sizes ${kept}, not ${sizes}: drop it first`);
    if (kept) {
      process.stdout.write(`${size}: reusing the seed kept in ${database.name}\n`);
    } else {
      const adminId = (await db.query(`SELECT id FROM accounts WHERE email = $1`, [ADMIN.email])).rows[0].id;
      const started = Date.now();
      await seed(db, SIZES[size], adminId);
      await db.query(`INSERT INTO bench_admin_seed VALUES ($1)`, [sizes]);
      process.stdout.write(`${size}: seeded ${sizes} in ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
    }
    const { account, company } = picked(size);
    const one = async (text, n) => (await db.query(text, [n])).rows[0].id;
    return {
      account: await one(`SELECT id FROM accounts WHERE email = ${emailOf('$1::int')}`, account),
      company: await one(
        `SELECT id FROM companies WHERE slug = ${pick(COMPANY_SLUGS, '$1::int')} || '-' || $1`,
        company,
      ),
    };
  } finally {
    await db.end();
  }
}

/** The numbers of the size's picked company and its owner. */
function picked(size) {
  const { companies, accounts } = SIZES[size];
  const company = Math.min(PICKED, companies);
  return { company, account: company * Math.floor(accounts / companies) };
}

/** One size: its database (seeded), its service, the administrator's headers and the picked ids. */
async function provideSize(size, keep) {
  const database = await provideDatabase(`admin_${size}`, keep && `${keep}_${size}`);
  let service;
  try {
    service = await startService({
      DATABASE_URL: database.url,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    });
    const ids = await seeded(size, database);
    const session = await api(service.baseUrl, 'POST', '/api/v1/account/auth', ADMIN);
    return { database, service, headers: { authorization: `Bearer ${session.access_token}` }, ids };
  } catch (error) {
    await service?.stop();
    await database.drop();
    throw error;
  }
}

/** The console's routes; `ids` are the size's picked account and company. */
function routesOf(size, ids) {
  const admin = '/api/v1/admin';
  const route = (name, kind, path, query, restamp) => ({
    name,
    kind,
    path: `${admin}/${path}${query ? `?${new URLSearchParams(query)}` : ''}`,
    ...(restamp && { restamp }),
  });
  // A common search whose count is made again on every request: row `id` of `table` is stamped meanwhile.
  const recounted = (table, search, id) =>
    route(`${table} search common, recounted`, 'search', table, { search, limit: '20' }, { table, id });
  return [
    route('accounts', 'list', 'accounts', { page: '1', limit: '20' }),
    route(`accounts page ${DEEP}`, 'list', 'accounts', { page: DEEP, limit: '20' }),
    route('accounts search common e-mail', 'search', 'accounts', { search: COMMON_EMAIL, limit: '20' }),
    recounted('accounts', COMMON_EMAIL, ids.account),
    route('accounts search rare e-mail', 'search', 'accounts', {
      search: rareEmail(picked(size).account),
      limit: '20',
    }),
    route('accounts stats', 'analysis', 'accounts/stats'),
    route('account by id', 'item', `accounts/${ids.account}`),
    route('companies', 'list', 'companies', { page: '1', limit: '20' }),
    route(`companies page ${DEEP}`, 'list', 'companies', { page: DEEP, limit: '20' }),
    route(`companies page ${DEEP_IN_BOTH}`, 'list', 'companies', { page: DEEP_IN_BOTH, limit: '20' }),
    route('companies search common', 'search', 'companies', { search: COMMON_COMPANY, limit: '20' }),
    recounted('companies', COMMON_COMPANY, ids.company),
    route('company by id', 'item', `companies/${ids.company}`),
    route('clientele stats', 'analysis', 'clientele/stats'),
    route('tickets', 'list', 'tickets', { limit: '20' }),
    route('partners', 'list', 'partners', { limit: '20' }),
    route('promocodes', 'list', 'pricing/promocodes', { limit: '20' }),
    route('db sys', 'analysis', 'db/sys'),
    route('media sys', 'analysis', 'media/sys'),
    route('buckets', 'list', 'media/buckets', { page: '1', limit: '20' }),
    route(`buckets page ${DEEP}`, 'list', 'media/buckets', { page: DEEP, limit: '20' }),
    route('buckets search by name', 'search', 'media/buckets', { search: `company-${ids.company}`, limit: '20' }),
    route('bucket by name', 'item', `media/buckets/company-${ids.company}/sys`),
    route('server sys', 'analysis', 'server/sys'),
    route('logs', 'list', 'logs', { limit: '20' }),
  ];
}

/** How often a `recounted` route writes to its searched table while it is loaded. */
const RESTAMP_MS = 5;

/**
 * Runs `measure` while, with `restamp` ({table, id}), one row of the table has its name set again
 * every RESTAMP_MS: each such write stamps the table (migration SearchVersions), so a search's count
 * remembered before it is counted again, as on a platform whose accounts and companies change
 * (some 200 writes a second, more than the searches answered). The route measures a search's first
 * page; without it, a repeated search reads its remembered count.
 */
async function whileRestamped(url, restamp, measure) {
  if (!restamp) return measure();
  const client = new Client({ connectionString: url });
  await client.connect();
  let writing = true;
  const writes = (async () => {
    while (writing) {
      await client.query(`UPDATE ${restamp.table} SET name = name WHERE id = $1`, [restamp.id]);
      await new Promise((resolve) => setTimeout(resolve, RESTAMP_MS));
    }
  })();
  try {
    return await measure();
  } finally {
    writing = false;
    await writes;
    await client.end();
  }
}

async function main() {
  if (process.env.DATABASE_URL || process.env.BASE_URL) {
    throw new Error('bench:admin starts its own two services on two databases: unset DATABASE_URL and BASE_URL');
  }
  const keep = process.env.BENCH_ADMIN_KEEP;
  const small = await provideSize('small', keep);
  let big;
  const rows = [];
  try {
    big = await provideSize('big', keep);
    const routes = {};
    for (const [size, provided] of [
      ['small', small],
      ['big', big],
    ]) {
      routes[size] = routesOf(size, provided.ids).map((route) => ({ ...route, headers: provided.headers }));
    }
    const only = process.env.BENCH_ADMIN_ROUTES && new RegExp(process.env.BENCH_ADMIN_ROUTES);
    for (let i = 0; i < routes.big.length; i++) {
      const { name, kind } = routes.big[i];
      if (only && !only.test(name)) continue;
      const row = { route: name, kind, path: routes.big[i].path };
      row.small = await whileRestamped(small.database.url, routes.small[i].restamp, () =>
        measureRoute(small.service.baseUrl, routes.small[i]),
      );
      row.big = await whileRestamped(big.database.url, routes.big[i].restamp, () =>
        measureRoute(big.service.baseUrl, routes.big[i]),
      );
      Object.assign(row, sizeTarget(kind, row.small, row.big));
      rows.push(row);
      printSizeRow(row);
    }
  } finally {
    for (const provided of [small, big]) {
      if (!provided) continue;
      await provided.service.stop();
      await provided.database.drop();
    }
  }
  const report = { suite: 'admin', at: new Date().toISOString(), node: process.version, settings, sizes: SIZES, rows };
  const file = writeResults('admin', report);
  const unmet = rows.filter((row) => !row.met).map((row) => row.route);
  process.stdout.write(
    `${rows.length - unmet.length}/${rows.length} met${unmet.length ? ` (not: ${unmet.join(', ')})` : ''}; written: ${file}\n`,
  );
}

runMain(main);
