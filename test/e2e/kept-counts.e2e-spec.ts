import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { allKeptSums } from '../../src/core/analysis/kept-sums';
import { allKeptCounts } from '../../src/core/pagination/kept-counts';
import { filtersOf, KeptCounts, KeptSums, SLOTS, sumRowsOf } from '../../src/database/kept-counts';
import { expectPage, expectSuccess } from '../support/expectations';
import { newAccount, newCompany, TestAccount } from '../support/factories';
import { newTransaction } from '../support/finance';
import { createTestApp, TestApp } from '../support/test-app';
import { companyOf } from '../support/urls';

/**
 * Every kept count (src/core/pagination/kept-counts.ts: finance, warehouse positions, deals,
 * employees, CRM clients, audit records) equals a recount of its rows, whoever writes them and
 * however; and the lists read them.
 */
describe('Kept counts', () => {
  let t: TestApp;
  let db: DataSource;
  let owner: TestAccount;
  let companyId: string;
  let unitId: string;
  let batchId: string;

  const api = (path: string, id = companyId) => `${companyOf(id)}/modules/${path}`;

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
    owner = await newAccount(t.http, 'kept');
    companyId = (await newCompany(t.http, owner)).id;
    [unitId, batchId] = await warehouseOf(companyId);
  });
  afterAll(() => t.close());

  /** An untracked unit and an income batch of the company, written directly. */
  async function warehouseOf(id: string): Promise<[string, string]> {
    const [category] = await db.query(
      `INSERT INTO catalog_categories (company_id, name) VALUES ($1, 'C') RETURNING id`,
      [id],
    );
    const [unit] = await db.query(
      `INSERT INTO catalog_units (company_id, name, type, inventory_type, unit, sale_price, currency, category_id)
       VALUES ($1, 'U', 'product', 'untracked', 'pcs', 1, 'RUB', $2) RETURNING id`,
      [id, category.id],
    );
    const [batch] = await db.query(
      `INSERT INTO stock_batches (company_id, direction) VALUES ($1, 'income') RETURNING id`,
      [id],
    );
    return [unit.id, batch.id];
  }

  /** `n` rows of every counted table for a company, as bulk INSERT … SELECT statements on `run`. */
  async function seed(run: (text: string, values: unknown[]) => Promise<unknown>, id: string, n: number, tag: string) {
    const [unit, batch] = id === companyId ? [unitId, batchId] : await warehouseOf(id);
    await run(
      `INSERT INTO employees (company_id, first_name, status)
       SELECT $1, $3 || g, CASE WHEN g % 3 = 0 THEN 'inactive' ELSE 'active' END FROM generate_series(1, $2) g`,
      [id, n, tag],
    );
    await run(
      `INSERT INTO transactions (company_id, base_amount, currency, direction, status, employee_id, category_id, comment)
       SELECT $1, g, CASE WHEN g % 2 = 0 THEN 'RUB' ELSE 'USD' END, CASE WHEN g % 3 = 0 THEN 'income' ELSE 'expense' END,
              CASE WHEN g % 5 = 0 THEN 'pending' ELSE 'completed' END,
              CASE WHEN g % 4 = 0 THEN NULL ELSE (SELECT min(id::text)::uuid FROM employees WHERE company_id = $1) END,
              (SELECT min(id::text)::uuid FROM transaction_categories WHERE company_id = $1), $3 || g
       FROM generate_series(1, $2) g`,
      [id, n, tag],
    );
    await run(
      `INSERT INTO crm_clients (company_id, source_id, first_name, type, status)
       SELECT $1, (SELECT min(id::text)::uuid FROM crm_sources WHERE company_id = $1), $3 || g,
              CASE WHEN g % 2 = 0 THEN 'legal' ELSE 'individual' END, CASE WHEN g % 7 = 0 THEN 'inactive' ELSE 'active' END
       FROM generate_series(1, $2) g`,
      [id, n, tag],
    );
    await run(
      `INSERT INTO deals (company_id, status_id, client_id, comment)
       SELECT $1, (ARRAY(SELECT id FROM deal_statuses WHERE company_id = $1 ORDER BY id))[1 + g % 2],
              CASE WHEN g % 3 > 0 THEN (ARRAY(SELECT id FROM crm_clients WHERE company_id = $1 ORDER BY id LIMIT 2))[g % 3] END,
              $3 || g
       FROM generate_series(1, $2) g`,
      [id, n, tag],
    );
    await run(
      `INSERT INTO stock_positions (company_id, type, unit_id, batch_id, quantity, remaining, unit_price)
       SELECT $1, 'batch', $3, $4, 10, CASE WHEN g % 2 = 0 THEN 0 ELSE 10 END, 1 FROM generate_series(1, $2) g`,
      [id, n, unit, batch],
    );
    await run(
      `INSERT INTO audit_logs (company_id, key, status, criticality, account_id, created_at)
       SELECT $1, 'crm.clients.create', CASE WHEN g % 4 = 0 THEN 'error' ELSE 'success' END, 1 + g % 10, $3,
              now() - g * interval '5 hours'
       FROM generate_series(1, $2) g`,
      [id, n, owner.id],
    );
  }

  /** The kept counts of one declaration for a company against a recount of its rows (zeros left out). */
  async function keptAndCounted(counts: KeptCounts, id: string) {
    const keys = counts.day ? `filter || '@' || day` : 'filter';
    const counted = await db.query(
      `SELECT ${keys} AS key, count(*)::int AS total
       FROM (${filtersOf(counts, `(SELECT * FROM ${counts.table} WHERE company_id = $1) rows`, 1)}) f GROUP BY 1`,
      [id],
    );
    const kept = await db.query(
      `SELECT ${keys} AS key, sum(total)::int AS total FROM ${counts.counts} WHERE company_id = $1
       GROUP BY 1 HAVING sum(total) <> 0`,
      [id],
    );
    const asMap = (rows: Array<{ key: string; total: number }>) =>
      Object.fromEntries(rows.map((row) => [row.key, row.total]).sort());
    return { kept: asMap(kept), counted: asMap(counted) };
  }

  /** The kept sums of one declaration for a company against a resum of its rows (all-zero groups left out). */
  async function keptAndSummed(sums: KeptSums, id: string) {
    const measures = ['count', ...Object.keys(sums.measures)];
    const totals = measures.map((m) => `sum(${m})::text AS ${m}`).join(', ');
    const nonZero = measures.map((m) => `sum(${m}) <> 0`).join(' OR ');
    const key = `dim || '|' || part || '|' || day || '|' || key`;
    const summed = await db.query(
      `SELECT ${key} AS key, ${totals}
       FROM (${sumRowsOf(sums, `(SELECT * FROM ${sums.table} WHERE company_id = $1) rows`)}) f
       GROUP BY 1 HAVING ${nonZero}`,
      [id],
    );
    const kept = await db.query(
      `SELECT ${key} AS key, ${totals} FROM ${sums.sums} WHERE company_id = $1 GROUP BY 1 HAVING ${nonZero}`,
      [id],
    );
    const asMap = (rows: Array<Record<string, string>>) =>
      Object.fromEntries(rows.map(({ key: k, ...values }) => [k, values]).sort());
    return { kept: asMap(kept), summed: asMap(summed) };
  }

  async function expectExact(id: string) {
    const declared = allKeptCounts().map((counts) => counts.counts);
    expect(declared.sort()).toEqual(
      [
        'audit_log_counts',
        'crm_client_totals',
        'deal_counts',
        'employee_counts',
        'stock_position_counts',
        'transaction_counts',
      ].sort(),
    );
    for (const counts of allKeptCounts()) {
      const { kept, counted } = await keptAndCounted(counts, id);
      expect({ table: counts.table, kept }).toEqual({ table: counts.table, kept: counted });
    }
    expect(
      allKeptSums()
        .map((sums) => sums.sums)
        .sort(),
    ).toEqual(['deal_day_sums', 'employee_day_sums', 'transaction_day_sums']);
    for (const sums of allKeptSums()) {
      const { kept, summed } = await keptAndSummed(sums, id);
      expect(Object.keys(kept).length).toBeGreaterThan(0);
      expect({ sums: sums.sums, kept }).toEqual({ sums: sums.sums, kept: summed });
    }
  }

  const query = (text: string, values: unknown[]) => db.query(text, values);

  it('are kept by one trigger per table and event, whatever the table keeps', async () => {
    const tables = [...new Set([...allKeptCounts(), ...allKeptSums()].map((kept) => kept.table))].sort();
    const triggers = await db.query(
      `SELECT c.relname AS table, array_agg(t.tgname::text ORDER BY t.tgname) AS names
       FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
       WHERE NOT t.tgisinternal AND c.relname = ANY ($1) GROUP BY 1 ORDER BY 1`,
      [tables],
    );
    expect(triggers).toEqual(
      tables.map((table) => ({ table, names: ['added', 'changed', 'removed'].map((e) => `${table}_kept_${e}`) })),
    );
  });

  it('stay exact through creates, reversals, changes that move rows between values, and deletes', async () => {
    await seed(query, companyId, 40, 'Seed ');
    const employee = expectSuccess(
      await t.http.post(api('hrm/employees')).set(owner.auth).send({ first_name: 'Over HTTP' }),
      201,
    );
    const original = await newTransaction(t.http, owner, companyId, { direction: 'expense', employee_id: employee.id });
    expectSuccess(
      await t.http
        .post(api(`fm/transactions/${original.id}/reverse`))
        .set(owner.auth)
        .send({}),
      201,
    );
    expectSuccess(await t.http.post(api(`hrm/employees/${employee.id}/deactivate`)).set(owner.auth), 200);
    await db.query(`UPDATE employees SET status = 'active' WHERE company_id = $1 AND status = 'inactive'`, [companyId]);
    await db.query(
      `UPDATE deals SET status_id = (SELECT max(id::text)::uuid FROM deal_statuses WHERE company_id = $1)
       WHERE company_id = $1 AND comment LIKE 'Seed 1%'`,
      [companyId],
    );
    await db.query(`UPDATE deals SET client_id = NULL WHERE company_id = $1 AND comment LIKE 'Seed 2%'`, [companyId]);
    await db.query(
      `UPDATE stock_positions SET remaining = 0 WHERE company_id = $1 AND remaining > 0 AND quantity = 10`,
      [companyId],
    );
    await db.query(`UPDATE crm_clients SET type = 'legal' WHERE company_id = $1 AND first_name LIKE 'Seed 2%'`, [
      companyId,
    ]);
    await db.query(`UPDATE audit_logs SET status = 'error' WHERE company_id = $1 AND criticality = 3`, [companyId]);
    await db.query(`DELETE FROM transactions WHERE company_id = $1 AND comment LIKE 'Seed 3%'`, [companyId]);
    await db.query(`DELETE FROM deals WHERE company_id = $1 AND comment LIKE 'Seed 3%'`, [companyId]);
    await db.query(
      `DELETE FROM stock_positions WHERE company_id = $1 AND ctid IN (SELECT ctid FROM stock_positions
      WHERE company_id = $1 LIMIT 5)`,
      [companyId],
    );
    await expectExact(companyId);
  });

  it('stay exact under concurrent writes to one company from two connections', async () => {
    const connections = [1, 2].map(() => new Client({ connectionString: process.env.DATABASE_URL }));
    await Promise.all(connections.map((c) => c.connect()));
    try {
      await Promise.all(connections.map((c) => c.query('BEGIN')));
      // Interleaved: both transactions hold their slot rows at once, then both commit.
      for (const [i, c] of connections.entries()) await seed((text, v) => c.query(text, v), companyId, 30, `Conc${i} `);
      await Promise.all(
        connections.map((c, i) =>
          c.query(`UPDATE transactions SET status = 'failed' WHERE company_id = $1 AND comment LIKE $2`, [
            companyId,
            `Conc${i} 1%`,
          ]),
        ),
      );
      await Promise.all(connections.map((c) => c.query('COMMIT')));
    } finally {
      await Promise.all(connections.map((c) => c.end()));
    }
    await expectExact(companyId);
  });

  it('answer the lists: unfiltered and single filters read the kept counts', async () => {
    const totalOf = async (path: string, key: string, filters: Record<string, string> = {}) =>
      expectPage(await t.http.get(api(path)).query(filters).set(owner.auth), key).pagination.total;
    const count = async (table: string, condition = 'TRUE') =>
      (await db.query(`SELECT count(*)::int AS n FROM ${table} WHERE company_id = $1 AND ${condition}`, [companyId]))[0]
        .n;
    const [status] = await db.query(`SELECT min(status_id::text) AS id FROM deals WHERE company_id = $1`, [companyId]);
    const cases: Array<[string, string, Record<string, string>, string, string]> = [
      ['fm/transactions', 'transactions', {}, 'transactions', 'TRUE'],
      ['fm/transactions', 'transactions', { direction: 'income' }, 'transactions', `direction = 'income'`],
      ['fm/transactions', 'transactions', { currency: 'USD' }, 'transactions', `currency = 'USD'`],
      ['fm/transactions', 'transactions', { status: 'failed' }, 'transactions', `status = 'failed'`],
      ['hrm/employees', 'employees', {}, 'employees', 'TRUE'],
      ['hrm/employees', 'employees', { status: 'active' }, 'employees', `status = 'active'`],
      ['dm/deals', 'deals', { status_id: status.id }, 'deals', `status_id = '${status.id}'`],
      ['wm/stocks/positions', 'positions', { in_stock: 'false' }, 'stock_positions', 'remaining = 0'],
      ['wm/stocks/positions', 'positions', { unit_id: unitId }, 'stock_positions', `unit_id = '${unitId}'`],
      ['crm/clients', 'clients', { type: 'legal' }, 'crm_clients', `type = 'legal'`],
    ];
    for (const [path, key, filters, table, condition] of cases) {
      expect({ path, filters, total: await totalOf(path, key, filters) }).toEqual({
        path,
        filters,
        total: await count(table, condition),
      });
    }
    // Read from the counts, not counted: a count moved by hand shows in the total. It goes in slot
    // SLOTS, which no writer's `pg_backend_pid() % SLOTS` is (slot 99, used before, was one of them).
    const rows = await count('transactions', `direction = 'income'`);
    await db.query(
      `INSERT INTO transaction_counts (company_id, filter, slot, total) VALUES ($1, 'direction=income', $2, 1000)`,
      [companyId, SLOTS],
    );
    expect(await totalOf('fm/transactions', 'transactions', { direction: 'income' })).toBe(rows + 1000);
    await db.query(`DELETE FROM transaction_counts WHERE company_id = $1 AND slot = $2`, [companyId, SLOTS]);
    // Two filters at once are counted.
    expect(await totalOf('fm/transactions', 'transactions', { direction: 'income', currency: 'USD' })).toBe(
      await count('transactions', `direction = 'income' AND currency = 'USD'`),
    );
  });

  it("go with a purged company, and never count another company's rows", async () => {
    const other = (await newCompany(t.http, owner)).id;
    await seed(query, other, 25, 'Other ');
    await expectExact(other);
    await expectExact(companyId);
    await db.query(`UPDATE companies SET deleting_at = now() WHERE id = $1`, [other]);
    await db.query(`DELETE FROM companies WHERE id = $1`, [other]);
    for (const counts of allKeptCounts()) {
      const [{ n }] = await db.query(`SELECT count(*)::int AS n FROM ${counts.counts} WHERE company_id = $1`, [other]);
      expect({ counts: counts.counts, n }).toEqual({ counts: counts.counts, n: 0 });
    }
    await expectExact(companyId);
  });

  it('bound a search count at 10,000 matches and say so in total_exact (CONTRACT 4)', async () => {
    const id = (await newCompany(t.http, owner)).id;
    await db.query(
      `INSERT INTO employees (company_id, first_name, status)
       SELECT $1, CASE WHEN g <= 3 THEN 'Rareword ' ELSE 'Commonword ' END || g, 'active' FROM generate_series(1, 10005) g`,
      [id],
    );
    const list = async (filters: Record<string, string | number>) =>
      expectPage(await t.http.get(api('hrm/employees', id)).query(filters).set(owner.auth), 'employees');
    expect((await list({ search: 'commonword' })).pagination).toEqual({
      total: 10_000,
      page: 1,
      limit: 20,
      pages: 500,
      total_exact: false,
    });
    expect((await list({ search: 'commonword', page: 500 })).items).toHaveLength(20);
    expect((await list({ search: 'commonword', page: 501 })).items).toEqual([]);
    expect((await list({ search: 'rareword' })).pagination).toMatchObject({ total: 3, total_exact: true });
    // The page is the newest matches, whether taken from the matches counted (all of them, at most
    // the bound) or walked in the list's order (more than the bound match).
    const newest = async (word: string) =>
      (
        await db.query(
          `SELECT id FROM employees WHERE company_id = $1 AND first_name ILIKE $2
           ORDER BY created_at DESC, id DESC LIMIT 20`,
          [id, `%${word}%`],
        )
      ).map((row: { id: string }) => row.id);
    const ids = async (search: string) => (await list({ search })).items.map((e: { id: string }) => e.id);
    expect(await ids('commonword')).toEqual(await newest('commonword'));
    expect(await ids('rareword')).toEqual(await newest('rareword'));
    // Without a search, the total stays exact at any size.
    expect((await list({})).pagination).toMatchObject({ total: 10_005, total_exact: true });
  });

  it('answer the finance analyses from whole days kept and the rows of partial days, exactly', async () => {
    const id = (await newCompany(t.http, owner)).id;
    await db.query(`INSERT INTO employees (company_id, first_name) SELECT $1, 'E' || g FROM generate_series(1, 2) g`, [
      id,
    ]);
    // Every 37 minutes over six days, from 2026-03-01 00:00 UTC: both directions, three categories,
    // two employees and none, a failed one now and then.
    await db.query(
      `INSERT INTO transactions (company_id, base_amount, currency, direction, status, category_id, employee_id, created_at)
       SELECT $1, (g % 97) + 0.25, 'RUB', CASE WHEN g % 3 = 0 THEN 'income' ELSE 'expense' END,
              CASE WHEN g % 11 = 0 THEN 'failed' ELSE 'completed' END,
              (SELECT id FROM transaction_categories WHERE company_id = $1 ORDER BY slug OFFSET g % 3 LIMIT 1),
              (ARRAY(SELECT id FROM employees WHERE company_id = $1 ORDER BY id))[g % 3],
              timestamptz '2026-03-01 00:00:00Z' + g * interval '37 minutes'
       FROM generate_series(0, 233) g`,
      [id],
    );
    // A reversal of one employee's transaction and a deleted one: the sums over all time follow.
    await db.query(
      `INSERT INTO transactions (company_id, base_amount, currency, direction, status, category_id, employee_id, reverse_to, created_at)
       SELECT company_id, base_amount, currency, 'income', status, category_id, employee_id, id, created_at + interval '1 minute'
       FROM transactions WHERE company_id = $1 AND direction = 'expense' AND employee_id IS NOT NULL
       ORDER BY created_at LIMIT 1`,
      [id],
    );
    await db.query(
      `DELETE FROM transactions WHERE id = (SELECT id FROM transactions WHERE company_id = $1 AND employee_id IS NOT NULL
       AND reverse_to IS NULL ORDER BY created_at DESC LIMIT 1)`,
      [id],
    );
    const windows: Array<[string | undefined, string | undefined]> = [
      [undefined, undefined],
      ['2026-03-02T00:00:00Z', '2026-03-04T23:59:59.999Z'],
      ['2026-03-02T07:13:00Z', '2026-03-04T16:40:00.500Z'],
      ['2026-03-03T05:00:00Z', '2026-03-03T19:00:00Z'],
      ['2026-03-02T00:00:00Z', '2026-03-02T00:00:00Z'],
      [undefined, '2026-03-03T12:00:00+03:00'],
      ['2026-03-05T23:30:00Z', undefined],
    ];
    for (const [start, end] of windows) {
      const window = { ...(start && { start_date: start }), ...(end && { end_date: end }) };
      const summary = expectSuccess(await t.http.get(api('fm/analysis/summary', id)).query(window).set(owner.auth));
      const byCategory = expectSuccess(
        await t.http
          .get(api('fm/analysis/grouped', id))
          .query({ ...window, group_by: 'category' })
          .set(owner.auth),
      );
      const byDay = expectSuccess(
        await t.http
          .get(api('fm/analysis/grouped', id))
          .query({ ...window, group_by: 'day' })
          .set(owner.auth),
      );
      const rows = `FROM transactions WHERE company_id = $1 AND status = 'completed' AND currency = 'RUB'
        AND created_at >= coalesce($2::timestamptz, '-infinity') AND created_at <= coalesce($3::timestamptz, 'infinity')`;
      const sums = `sum(base_amount) FILTER (WHERE direction = 'income') AS income,
        sum(base_amount) FILTER (WHERE direction = 'expense') AS expense, count(*)::int AS count`;
      const [all] = await db.query(`SELECT ${sums} ${rows}`, [id, start ?? null, end ?? null]);
      expect({
        window,
        income: Number(summary.total_income),
        expense: Number(summary.total_expense),
        count: summary.transaction_count,
      }).toEqual({
        window,
        income: Number(all.income ?? 0),
        expense: Number(all.expense ?? 0),
        count: all.count,
      });
      const categories = await db.query(`SELECT category_id::text AS key, ${sums} ${rows} GROUP BY 1 ORDER BY 1`, [
        id,
        start ?? null,
        end ?? null,
      ]);
      expect(byCategory.map((g: any) => [g.group_key, Number(g.income), Number(g.expense), g.count]).sort()).toEqual(
        categories.map((g: any) => [g.key, Number(g.income ?? 0), Number(g.expense ?? 0), g.count]).sort(),
      );
      const byEmployee = expectSuccess(
        await t.http
          .get(api('fm/analysis/grouped', id))
          .query({ ...window, group_by: 'employee' })
          .set(owner.auth),
      );
      const employees = await db.query(
        `SELECT coalesce(employee_id::text, 'no-employee') AS key, ${sums} ${rows} GROUP BY 1 ORDER BY 1`,
        [id, start ?? null, end ?? null],
      );
      expect(byEmployee.map((g: any) => [g.group_key, Number(g.income), Number(g.expense), g.count]).sort()).toEqual(
        employees.map((g: any) => [g.key, Number(g.income ?? 0), Number(g.expense ?? 0), g.count]).sort(),
      );
      const days = await db.query(
        `SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS key, ${sums} ${rows} GROUP BY 1 ORDER BY 1`,
        [id, start ?? null, end ?? null],
      );
      expect(byDay.map((g: any) => [g.group_key, Number(g.income), Number(g.expense), g.count])).toEqual(
        days.map((g: any) => [g.key, Number(g.income ?? 0), Number(g.expense ?? 0), g.count]),
      );
    }
  });

  it('answer the deal analyses from whole days kept and the rows of partial days, exactly', async () => {
    const id = (await newCompany(t.http, owner)).id;
    await db.query(
      `INSERT INTO crm_clients (company_id, source_id, first_name, type, status)
       SELECT $1, (SELECT min(id::text)::uuid FROM crm_sources WHERE company_id = $1), 'Client ' || g, 'individual', 'active'
       FROM generate_series(1, 3) g`,
      [id],
    );
    await db.query(
      `INSERT INTO deals (company_id, status_id, client_id, total_amount, positions_count, created_at)
       SELECT $1, (ARRAY(SELECT id FROM deal_statuses WHERE company_id = $1 ORDER BY sort_order))[1 + g % 3],
              (ARRAY(SELECT id FROM crm_clients WHERE company_id = $1 ORDER BY id))[g % 4],
              (g % 50) * 10.5, g % 2, timestamptz '2026-03-01 00:00:00Z' + g * interval '41 minutes'
       FROM generate_series(0, 199) g`,
      [id],
    );
    // Deals moving between clients, and a deleted one: the sums kept over all time follow them.
    await db.query(
      `UPDATE deals SET client_id = (SELECT min(id::text)::uuid FROM crm_clients WHERE company_id = $1)
       WHERE company_id = $1 AND total_amount > 400`,
      [id],
    );
    await db.query(`DELETE FROM deals WHERE company_id = $1 AND total_amount = 21`, [id]);
    await db.query(
      `UPDATE deals SET total_amount = total_amount + 1, positions_count = 1 WHERE company_id = $1 AND total_amount < 50`,
      [id],
    );
    for (const [start, end] of [
      [undefined, undefined],
      ['2026-03-02T07:13:00Z', '2026-03-04T16:40:00.500Z'],
      ['2026-03-03T05:00:00Z', '2026-03-03T19:00:00Z'],
    ] as Array<[string | undefined, string | undefined]>) {
      const window = { ...(start && { start_date: start }), ...(end && { end_date: end }) };
      const summary = expectSuccess(await t.http.get(api('dm/analysis/summary', id)).query(window).set(owner.auth));
      const rows = `FROM deals WHERE company_id = $1
        AND created_at >= coalesce($2::timestamptz, '-infinity') AND created_at <= coalesce($3::timestamptz, 'infinity')`;
      const [all] = await db.query(
        `SELECT count(*)::int AS n, coalesce(sum(total_amount), 0) AS amount,
           round(avg(total_amount) FILTER (WHERE positions_count > 0), 2) AS avg,
           count(*) FILTER (WHERE status_id = (SELECT id FROM deal_statuses WHERE company_id = $1 AND is_default))::int AS d
         ${rows}`,
        [id, start ?? null, end ?? null],
      );
      expect({
        window,
        n: summary.total_deals,
        amount: Number(summary.total_amount),
        avg: Number(summary.avg_deal_amount),
        d: summary.deals_in_default,
      }).toEqual({ window, n: all.n, amount: Number(all.amount), avg: Number(all.avg), d: all.d });
      for (const [groupBy, key] of [
        ['status', 'status_id::text'],
        ['client', `coalesce(client_id::text, 'no-client')`],
        ['day', `to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')`],
      ]) {
        const groups = expectSuccess(
          await t.http
            .get(api('dm/analysis/grouped', id))
            .query({ ...window, group_by: groupBy })
            .set(owner.auth),
        );
        const expected = await db.query(
          `SELECT ${key} AS key, count(*)::int AS n, sum(total_amount) AS amount ${rows} GROUP BY 1 ORDER BY 1`,
          [id, start ?? null, end ?? null],
        );
        expect(groups.map((g: any) => [g.group_key, g.count, Number(g.amount)]).sort()).toEqual(
          expected.map((g: any) => [g.key, g.n, Number(g.amount)]).sort(),
        );
      }
    }
  });
});
