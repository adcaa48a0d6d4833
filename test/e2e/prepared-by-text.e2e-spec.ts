/** @shared-app */
import { Pool } from 'pg';
import { listPage } from '../../src/core/pagination/list';
import { clientList } from '../../src/modules/companies/modules/crm/clients/clients.repository';
import { Db, PREPARED_BY_TEXT_PER_CONNECTION } from '../../src/database/db';
import { raw, sql } from '../../src/database/sql';
import { newAccount, newCompany } from '../support/factories';
import { sharedTestApp } from '../support/shared-app';

/** A statement whose text differs by `n` (as a list's does by the filters sent), with a value. */
const numbered = (n: number, value: number) => sql`SELECT ${value}::int AS value, ${raw(String(n))} AS text_of`;

/**
 * Issue 29: the list statement is prepared by its text, on each connection for a bounded number
 * of texts (PostgreSQL's parse and analysis of it cost as much as its plan); the rest run unnamed.
 */
describe('Db.preparedByText', () => {
  let pool: Pool;
  beforeEach(() => {
    // One connection: every statement of the test reaches the same server session.
    pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 1 });
  });
  afterEach(() => pool.end());

  const preparedNames = async (db: Db) =>
    (await db.rows<{ name: string }>(sql`SELECT name FROM pg_prepared_statements ORDER BY name`)).map(
      ({ name }) => name,
    );

  it('prepares the first texts a connection runs, at most the bound, and answers every text alike', async () => {
    const db = new Db(pool);
    const texts = PREPARED_BY_TEXT_PER_CONNECTION + 3;
    for (let round = 0; round < 3; round++) {
      for (let n = 0; n < texts; n++) {
        const { fields, rows } = await db.preparedByText(numbered(n, round * 100 + n));
        expect(fields).toEqual(['value', 'text_of']);
        expect(rows).toEqual([[round * 100 + n, n]]);
      }
    }
    const prepared = await preparedNames(db);
    expect(prepared).toHaveLength(PREPARED_BY_TEXT_PER_CONNECTION);
    expect(prepared.every((name) => name.startsWith('by-text-'))).toBe(true);
  });

  it('prepares nothing with named statements off (a PgBouncer that cannot keep them)', async () => {
    const db = new Db(pool, async () => undefined, false);
    for (let n = 0; n < 3; n++) expect((await db.preparedByText(numbered(n, n))).rows).toEqual([[n, n]]);
    expect(await preparedNames(db)).toEqual([]);
  });

  it('gives back a connection whose statement failed, and the next one works', async () => {
    const db = new Db(pool);
    await expect(db.preparedByText(sql`SELECT 1 / ${0}::int AS broken`)).rejects.toThrow(/division by zero/);
    expect((await db.preparedByText(numbered(1, 7))).rows).toEqual([[7, 1]]);
  });
});

/**
 * A prepared statement runs a generic plan once PostgreSQL judges it no dearer than the plans made
 * for each execution's values; for a search that judgement is wrong (it cannot see how many rows a
 * term matches), so a search is not prepared, and a list's page keeps plans of its own values.
 */
describe('listPage on a prepared connection', () => {
  it('keeps a plan of its own values for every list, and prepares no search', async () => {
    const t = await sharedTestApp();
    const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 1 });
    try {
      const owner = await newAccount(t.http, 'prepared-lists');
      const companyId = (await newCompany(t.http, owner)).id as string;
      await t.db.query(
        `INSERT INTO crm_clients (company_id, source_id, first_name, last_name, type, status, created_at)
         SELECT $1, (SELECT id FROM crm_sources WHERE company_id = $1 AND system), 'Client ' || g, 'Planned',
           CASE WHEN g % 10 = 0 THEN 'legal' ELSE 'individual' END, CASE WHEN g % 7 = 0 THEN 'inactive' ELSE 'active' END,
           now() - g * interval '1 minute'
         FROM generate_series(1, 3000) g`,
        [companyId],
      );
      await t.db.query('ANALYZE crm_clients');
      const db = new Db(pool);
      const queries = [{}, { status: 'inactive' }, { type: 'legal', status: 'active' }, { search: 'Client 1' }];
      for (const filters of queries) {
        for (let i = 0; i < 12; i++) {
          const query = { page: 1 + (i % 3), limit: 20, ...filters } as Parameters<typeof clientList>[1];
          const page = await listPage(db, clientList(companyId, query), query);
          expect(page.items).toHaveLength(20);
        }
      }
      const prepared = await db.rows<{ generic_plans: string; custom_plans: string }>(
        sql`SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE name LIKE 'by-text-%'`,
      );
      expect(prepared).toHaveLength(3);
      expect(prepared.map(({ generic_plans, custom_plans }) => [Number(generic_plans), Number(custom_plans)])).toEqual([
        [0, 12],
        [0, 12],
        [0, 12],
      ]);
    } finally {
      await pool.end();
      await t.close();
    }
  });
});
