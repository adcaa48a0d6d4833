/** @shared-app */
import { randomUUID } from 'node:crypto';
import type { Pool, PoolClient } from 'pg';
import { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { Db } from '../../src/database/db';
import { TransactionsRepository } from '../../src/modules/companies/modules/fm/transactions/transactions.repository';
import { expectError, expectPage, expectSuccess, TIMESTAMP, UUID } from '../support/expectations';
import { addMember, auditRecords, newAccount, newCompany, TestAccount } from '../support/factories';
import { newTransaction } from '../support/finance';
import { sharedTestApp, SharedTestApp } from '../support/shared-app';
import { dm, fm, hrm } from '../support/urls';

/** Finance categories and transactions (CONTRACT 12 and 14). */
describe('Finance: categories and transactions', () => {
  let t: SharedTestApp;
  let db: DataSource;
  let owner: TestAccount;
  let companyId: string;
  let otherCompanyId: string;
  beforeAll(async () => {
    t = await sharedTestApp();
    db = t.db;
    owner = await newAccount(t.http, 'fm-owner');
    companyId = (await newCompany(t.http, owner)).id;
    otherCompanyId = (await newCompany(t.http, owner)).id;
  });
  afterAll(() => t.close());

  const categories = (id = companyId) => `${fm(id)}/transactions/categories`;
  const newCategory = async (body: Record<string, unknown> = {}, id = companyId) =>
    expectSuccess(
      await t.http
        .post(categories(id))
        .set(owner.auth)
        .send({ name: 'Аренда', direction: 'expense', ...body }),
      201,
    );
  const newEmployee = async (id: string, body: Record<string, unknown> = {}) =>
    expectSuccess(
      await t.http
        .post(`${hrm(id)}/employees`)
        .set(owner.auth)
        .send({ first_name: 'Анна', last_name: 'Смирнова', ...body }),
      201,
    );
  const fields = (res: any) => expectError(res, 400, 'validation_failed').error.details.map((d: any) => d.field);

  describe('categories', () => {
    it('every company starts with the four system categories, listed first; each found by slug', async () => {
      const id = (await newCompany(t.http, owner)).id;
      await newCategory({ name: 'Аренда' }, id);
      const { items, pagination } = expectPage(await t.http.get(categories(id)).set(owner.auth), 'categories');
      expect(pagination.total).toBe(5);
      expect(items.slice(0, 4).map((c) => [c.slug, c.direction, c.system])).toEqual(
        expect.arrayContaining([
          ['credit', 'income', true],
          ['dept', 'expense', true],
          ['deal-income', 'income', true],
          ['deal-expense', 'expense', true],
        ]),
      );
      expect(items[4]).toMatchObject({ name: 'Аренда', system: false });
      const credit = expectSuccess(await t.http.get(`${categories(id)}/slug/credit`).set(owner.auth));
      expect(credit).toEqual({
        id: expect.stringMatching(UUID),
        name: 'Доход по кредитам',
        description: null,
        direction: 'income',
        system: true,
        slug: 'credit',
        created_at: expect.stringMatching(TIMESTAMP),
        updated_at: expect.stringMatching(TIMESTAMP),
      });
      expect(expectSuccess(await t.http.get(`${categories(id)}/slug/dept`).set(owner.auth)).name).toBe(
        'Расход по займам',
      );
      expectError(await t.http.get(`${categories(id)}/slug/unknown`).set(owner.auth), 404, 'not_found');
    });

    it('a category made through the API gets slug category-<id>; system cannot be sent', async () => {
      const created = await newCategory({ description: 'Офис' });
      expect(created).toMatchObject({ slug: `category-${created.id}`, system: false, description: 'Офис' });
      expect(expectSuccess(await t.http.get(`${categories()}/slug/${created.slug}`).set(owner.auth)).id).toBe(
        created.id,
      );
      expect(
        fields(await t.http.post(categories()).set(owner.auth).send({ name: 'X', direction: 'expense', system: true })),
      ).toEqual(['system']);
      expect(fields(await t.http.post(categories()).set(owner.auth).send({ name: 'X', direction: 'out' }))).toEqual([
        'direction',
      ]);
      expect(fields(await t.http.post(categories()).set(owner.auth).send({ direction: 'income' }))).toContain('name');
    });

    it('filters by direction and searches name and description', async () => {
      const id = (await newCompany(t.http, owner)).id;
      await newCategory({ name: 'Зарплата', description: 'Ежемесячно' }, id);
      await newCategory({ name: 'Продажи', direction: 'income' }, id);
      const names = async (query: string) =>
        expectPage(await t.http.get(`${categories(id)}${query}`).set(owner.auth), 'categories').items.map(
          (c) => c.name,
        );
      expect(await names('?direction=income')).toEqual(['Доход по кредитам', 'Доход по сделкам', 'Продажи']);
      expect(await names('?search=ежемес')).toEqual(['Зарплата']);
      expectError(await t.http.get(`${categories(id)}?direction=out`).set(owner.auth), 400, 'validation_failed');
    });

    it('system categories cannot be changed or deleted (409)', async () => {
      const dept = expectSuccess(await t.http.get(`${categories()}/slug/dept`).set(owner.auth));
      expectError(
        await t.http.patch(`${categories()}/${dept.id}`).set(owner.auth).send({ name: 'X' }),
        409,
        'conflict',
      );
      expectError(await t.http.delete(`${categories()}/${dept.id}`).set(owner.auth), 409, 'conflict');
    });

    it('a used category cannot be deleted or change direction (409); an unused one can', async () => {
      const used = await newCategory();
      await newTransaction(t.http, owner, companyId, { direction: 'expense', category_id: used.id });
      expectError(await t.http.delete(`${categories()}/${used.id}`).set(owner.auth), 409, 'conflict');
      expectError(
        await t.http.patch(`${categories()}/${used.id}`).set(owner.auth).send({ direction: 'income' }),
        409,
        'conflict',
      );
      expect(
        expectSuccess(await t.http.patch(`${categories()}/${used.id}`).set(owner.auth).send({ name: 'Аренда офиса' })),
      ).toMatchObject({ name: 'Аренда офиса', slug: used.slug });

      const unused = await newCategory();
      expect(
        expectSuccess(await t.http.patch(`${categories()}/${unused.id}`).set(owner.auth).send({ direction: 'income' })),
      ).toMatchObject({ direction: 'income' });
      // The Kroncl server's answer to a deletion (CONTRACT 17).
      expect(expectSuccess(await t.http.delete(`${categories()}/${unused.id}`).set(owner.auth))).toEqual({
        category_id: unused.id,
        deleted: true,
      });
      expectError(await t.http.get(`${categories()}/${unused.id}`).set(owner.auth), 404, 'not_found');
      const statuses = (await auditRecords(db, companyId, 'fm.transactions.categories.delete')).map((r) => r.status);
      expect(statuses.at(-1)).toBe('success');
      expect(statuses).toContain('error');
    });

    it("another company's category in a path is 404", async () => {
      const foreign = await newCategory({}, otherCompanyId);
      expectError(await t.http.get(`${categories()}/${foreign.id}`).set(owner.auth), 404, 'not_found');
      expectError(
        await t.http.patch(`${categories()}/${foreign.id}`).set(owner.auth).send({ name: 'X' }),
        404,
        'not_found',
      );
      expectError(await t.http.delete(`${categories()}/${foreign.id}`).set(owner.auth), 404, 'not_found');
      expectError(await t.http.get(`${categories()}/slug/${foreign.slug}`).set(owner.auth), 404, 'not_found');
    });
  });

  describe('transactions', () => {
    it('creates a transaction with its employee and category; the list shows their names', async () => {
      const category = await newCategory({ name: 'Продажи', direction: 'income' });
      const employee = await newEmployee(companyId, { email: 'anna@example.test' });
      const created = await newTransaction(t.http, owner, companyId, {
        base_amount: 1500.5,
        category_id: category.id,
        employee_id: employee.id,
        comment: 'Оплата заказа',
        metadata: { order: 42 },
      });
      expect(created).toEqual({
        id: expect.stringMatching(UUID),
        attachments: [],
        base_amount: 1500.5,
        currency: 'RUB',
        direction: 'income',
        status: 'completed',
        comment: 'Оплата заказа',
        reverse_to: null,
        metadata: { order: 42 },
        created_at: expect.stringMatching(TIMESTAMP),
        employee_id: employee.id,
        employee_first_name: 'Анна',
        employee_last_name: 'Смирнова',
        category_id: category.id,
        category_name: 'Продажи',
        credit_id: null,
        deal_id: null,
        // The HRM module's employee, whole (CONTRACT 17: the web client reads each field).
        employee: {
          id: employee.id,
          first_name: 'Анна',
          last_name: 'Смирнова',
          email: 'anna@example.test',
          phone: null,
          status: 'active',
          account_id: null,
          is_account_linked: false,
          linked_at: null,
          created_at: employee.created_at,
          updated_at: employee.updated_at,
        },
        category,
      });
      expect(expectSuccess(await t.http.get(`${fm(companyId)}/transactions/${created.id}`).set(owner.auth))).toEqual(
        created,
      );
      const { items } = expectPage(await t.http.get(`${fm(companyId)}/transactions`).set(owner.auth), 'transactions');
      const { employee: _employee, category: _category, ...listed } = created;
      expect(items[0]).toEqual(listed);
      expect((await auditRecords(db, companyId, 'fm.transactions.create')).at(-1)).toMatchObject({ status: 'success' });
    });

    it.each([
      [{ base_amount: 100.123 }, 'base_amount'],
      [{ base_amount: 0 }, 'base_amount'],
      [{ base_amount: -5 }, 'base_amount'],
      [{ base_amount: '100' }, 'base_amount'],
      [{ base_amount: 1234567890123456 }, 'base_amount'],
      [{ currency: 'BTC', base_amount: 0.123456789 }, 'base_amount'],
      [{ currency: 'XXX' }, 'currency'],
      [{ currency: 'rub' }, 'currency'],
      [{ direction: 'in' }, 'direction'],
      [{ status: 'done' }, 'status'],
      [{ category_id: 'nope' }, 'category_id'],
      [{ category_id: randomUUID() }, 'category_id'],
      [{ employee_id: randomUUID() }, 'employee_id'],
      [{ credit_id: randomUUID() }, 'credit_id'],
      [{ deal_id: randomUUID() }, 'deal_id'],
    ])('refuses %j (400 naming %s)', async (body, field) => {
      const res = await t.http
        .post(`${fm(companyId)}/transactions`)
        .set(owner.auth)
        .send({ base_amount: 100, currency: 'RUB', direction: 'income', ...body });
      expect(fields(res)).toEqual([field]);
    });

    it('keeps the currency decimals exactly: 8 for crypto, 2 for fiat', async () => {
      expect(
        (await newTransaction(t.http, owner, companyId, { currency: 'BTC', base_amount: 0.12345678 })).base_amount,
      ).toBe(0.12345678);
      expect((await newTransaction(t.http, owner, companyId, { base_amount: 9999999999999.99 })).base_amount).toBe(
        9999999999999.99,
      );
      expect((await newTransaction(t.http, owner, companyId, { base_amount: 0.1 })).base_amount).toBe(0.1);
    });

    it("refuses another company's category and employee (400), and a category of the other direction", async () => {
      const foreignCategory = await newCategory({ direction: 'income' }, otherCompanyId);
      const foreignEmployee = await newEmployee(otherCompanyId);
      const expense = await newCategory({ direction: 'expense' });
      const post = (body: Record<string, unknown>) =>
        t.http
          .post(`${fm(companyId)}/transactions`)
          .set(owner.auth)
          .send({ base_amount: 1, currency: 'RUB', direction: 'income', ...body });
      expect(fields(await post({ category_id: foreignCategory.id }))).toEqual(['category_id']);
      expect(fields(await post({ employee_id: foreignEmployee.id }))).toEqual(['employee_id']);
      expect(fields(await post({ category_id: expense.id }))).toEqual(['category_id']);
    });

    it('lists newest first with every filter and search', async () => {
      const id = (await newCompany(t.http, owner)).id;
      const sales = await newCategory({ name: 'Продажи', direction: 'income' }, id);
      const rent = await newCategory({ name: 'Аренда', direction: 'expense' }, id);
      const employee = await newEmployee(id, { first_name: 'Пётр', last_name: 'Иванов' });
      const a = await newTransaction(t.http, owner, id, { category_id: sales.id, comment: 'Заказ №1' });
      const b = await newTransaction(t.http, owner, id, {
        direction: 'expense',
        category_id: rent.id,
        employee_id: employee.id,
      });
      const c = await newTransaction(t.http, owner, id, {
        currency: 'USD',
        status: 'pending',
        comment: '100% предоплата',
      });
      const d = await newTransaction(t.http, owner, id, { status: 'failed' });
      // A deal's transaction, linked by SQL: the deals module's own route is tested there.
      const dealId = expectSuccess(
        await t.http
          .post(`${dm(id)}/deals`)
          .set(owner.auth)
          .send({}),
        201,
      ).id;
      await db.query(`UPDATE transactions SET deal_id = $2 WHERE id = $1`, [d.id, dealId]);
      // Whole seconds, so the window's bounds are exact.
      for (const [i, x] of [a, b, c, d].entries()) {
        x.created_at = `2026-01-0${i + 1}T10:00:00.000Z`;
        await db.query(`UPDATE transactions SET created_at = $2 WHERE id = $1`, [x.id, x.created_at]);
      }
      const ids = async (query: string) =>
        expectPage(await t.http.get(`${fm(id)}/transactions${query}`).set(owner.auth), 'transactions').items.map(
          (x) => x.id,
        );
      expect(await ids('')).toEqual([d.id, c.id, b.id, a.id]);
      expect(await ids('?direction=expense')).toEqual([b.id]);
      expect(await ids('?status=pending')).toEqual([c.id]);
      expect(await ids('?currency=USD')).toEqual([c.id]);
      expect(await ids(`?category_id=${sales.id}`)).toEqual([a.id]);
      expect(await ids(`?employee_id=${employee.id}`)).toEqual([b.id]);
      expect(await ids(`?deal_id=${dealId}`)).toEqual([d.id]);
      expect(await ids('?search=заказ')).toEqual([a.id]);
      expect(await ids('?search=иванов')).toEqual([b.id]);
      expect(await ids('?search=АРЕНДА')).toEqual([b.id]);
      expect(await ids('?search=100%25')).toEqual([c.id]);
      expect(await ids(`?start_date=${b.created_at}&end_date=${c.created_at}`)).toEqual([c.id, b.id]);
      expect(await ids(`?start_date=${d.created_at}`)).toEqual([d.id]);
      expect(await ids(`?start_date=2026-01-02T13:00:00%2B03:00&end_date=2026-01-03T10:00:00Z`)).toEqual([c.id, b.id]);
      expect(await ids(`?end_date=${a.created_at}`)).toEqual([a.id]);
      for (const query of [
        '?start_date=yesterday',
        '?end_date=2026-11-21',
        '?direction=up',
        '?status=done',
        '?currency=XXX',
        '?category_id=nope',
        `?start_date=${c.created_at}&end_date=${a.created_at}`,
      ]) {
        expectError(await t.http.get(`${fm(id)}/transactions${query}`).set(owner.auth), 400, 'validation_failed');
      }
    });

    it('a search total stays exact after every write that changes its matches, asked twice each time', async () => {
      const id = (await newCompany(t.http, owner)).id;
      const category = await newCategory({ name: 'Склад', direction: 'expense' }, id);
      const employee = await newEmployee(id, { first_name: 'Ольга', last_name: 'Петрова' });
      const search = async () =>
        expectPage(await t.http.get(`${fm(id)}/transactions?search=аренда&limit=1`).set(owner.auth), 'transactions')
          .pagination.total;
      const recount = async () =>
        Number(
          (
            await db.query(
              `SELECT count(*) AS n FROM transactions t
               LEFT JOIN employees e ON e.id = t.employee_id
               LEFT JOIN transaction_categories c ON c.id = t.category_id
               WHERE t.company_id = $1 AND (t.comment ILIKE '%аренда%'
                 OR (e.first_name || ' ' || coalesce(e.last_name, '')) ILIKE '%аренда%' OR c.name ILIKE '%аренда%')`,
              [id],
            )
          )[0].n,
        );
      // The second search of each pair may reuse the first one's total (the repository's search totals).
      const expectExact = async (expected: number) => {
        expect(await recount()).toBe(expected);
        expect([await search(), await search()]).toEqual([expected, expected]);
      };
      await expectExact(0);
      const first = await newTransaction(t.http, owner, id, { comment: 'Аренда офиса' });
      await expectExact(1);
      await db.query(
        `INSERT INTO transactions (company_id, base_amount, currency, direction, status, comment, employee_id, category_id)
         SELECT $1, g, 'RUB', 'expense', 'completed', CASE WHEN g % 2 = 0 THEN 'аренда ' || g END, $2, $3
         FROM generate_series(1, 6) g`,
        [id, employee.id, category.id],
      );
      await expectExact(4);
      await db.query(`UPDATE transactions SET comment = 'Оплата' WHERE id = $1`, [first.id]);
      await expectExact(3);
      await db.query(`UPDATE employees SET last_name = 'Арендатор' WHERE id = $1`, [employee.id]);
      await expectExact(6);
      await db.query(`UPDATE employees SET last_name = 'Петрова' WHERE id = $1`, [employee.id]);
      await db.query(`UPDATE transaction_categories SET name = 'Аренда склада' WHERE id = $1`, [category.id]);
      await expectExact(6);
      await db.query(`UPDATE transaction_categories SET name = 'Склад' WHERE id = $1`, [category.id]);
      await db.query(`DELETE FROM transactions WHERE company_id = $1 AND comment = 'аренда 2'`, [id]);
      await expectExact(2);
    });

    it('a search total counted inside a transaction that wrote is not reused after its rollback', async () => {
      const id = (await newCompany(t.http, owner)).id;
      const pool = (db.driver as PostgresDriver).master as Pool;
      let inTransaction: PoolClient | undefined;
      const repository = new TransactionsRepository(new Db(pool, async () => inTransaction));
      const total = async () => (await repository.list(id, { search: 'аренда', page: 1, limit: 20 })).total;
      const insert = (client: Pool | PoolClient, comment: string) =>
        client.query(
          `INSERT INTO transactions (company_id, base_amount, currency, direction, comment) VALUES ($1, 1, 'RUB', 'income', $2)`,
          [id, comment],
        );
      inTransaction = await pool.connect();
      try {
        await inTransaction.query('BEGIN');
        await insert(inTransaction, 'Аренда');
        expect(await total()).toBe(1);
        await inTransaction.query('ROLLBACK');
      } finally {
        inTransaction.release();
        inTransaction = undefined;
      }
      // Another write brings the company's write counter to the value the rolled-back one had.
      await insert(pool, 'Оплата');
      expect(await total()).toBe(0);
    });

    it("another company's transaction is 404", async () => {
      const foreign = await newTransaction(t.http, owner, otherCompanyId);
      expectError(await t.http.get(`${fm(companyId)}/transactions/${foreign.id}`).set(owner.auth), 404, 'not_found');
      expectError(
        await t.http.post(`${fm(companyId)}/transactions/${foreign.id}/reverse`).set(owner.auth),
        404,
        'not_found',
      );
      expectError(await t.http.get(`${fm(companyId)}/transactions/${randomUUID()}`).set(owner.auth), 404, 'not_found');
    });
  });

  describe('reversal', () => {
    it('writes the opposite transaction, copying amount, currency, category, employee and comment', async () => {
      const category = await newCategory({ direction: 'expense' });
      const employee = await newEmployee(companyId);
      const original = await newTransaction(t.http, owner, companyId, {
        direction: 'expense',
        base_amount: 0.3,
        currency: 'EUR',
        category_id: category.id,
        employee_id: employee.id,
        comment: 'Ошибка',
        metadata: { a: 1 },
      });
      const reversal = expectSuccess(
        await t.http.post(`${fm(companyId)}/transactions/${original.id}/reverse`).set(owner.auth),
        201,
      );
      expect(reversal).toEqual({
        ...original,
        id: expect.stringMatching(UUID),
        created_at: expect.stringMatching(TIMESTAMP),
        direction: 'income',
        reverse_to: original.id,
        metadata: null,
      });
      expectError(
        await t.http.post(`${fm(companyId)}/transactions/${original.id}/reverse`).set(owner.auth),
        409,
        'conflict',
      );
      expectError(
        await t.http.post(`${fm(companyId)}/transactions/${reversal.id}/reverse`).set(owner.auth),
        409,
        'conflict',
      );
    });

    it.each(['pending', 'failed', 'cancelled'])('a %s transaction cannot be reversed (409)', async (status) => {
      const original = await newTransaction(t.http, owner, companyId, { status });
      expectError(
        await t.http.post(`${fm(companyId)}/transactions/${original.id}/reverse`).set(owner.auth),
        409,
        'conflict',
      );
    });

    it('exactly one of 10 concurrent reversals succeeds', async () => {
      const original = await newTransaction(t.http, owner, companyId);
      const answers = await Promise.all(
        Array.from({ length: 10 }, () =>
          t.http.post(`${fm(companyId)}/transactions/${original.id}/reverse`).set(owner.auth),
        ),
      );
      expect(answers.map((res) => res.status).sort()).toEqual([201, ...Array(9).fill(409)]);
      const [{ count }] = await db.query(`SELECT count(*)::int AS count FROM transactions WHERE reverse_to = $1`, [
        original.id,
      ]);
      expect(count).toBe(1);
    });
  });

  it('guards each route with its one code', async () => {
    const member = await newAccount(t.http, 'fm-reader');
    await addMember(db, companyId, member, ['fm.transactions', 'fm.transactions.categories']);
    expectPage(await t.http.get(`${fm(companyId)}/transactions`).set(member.auth), 'transactions');
    expectPage(await t.http.get(categories()).set(member.auth), 'categories');
    expectError(
      await t.http
        .post(`${fm(companyId)}/transactions`)
        .set(member.auth)
        .send({ base_amount: 1, currency: 'RUB', direction: 'income' }),
      403,
      'forbidden',
    );
    const original = await newTransaction(t.http, owner, companyId);
    expectError(
      await t.http.post(`${fm(companyId)}/transactions/${original.id}/reverse`).set(member.auth),
      403,
      'forbidden',
    );
    expectError(
      await t.http.post(categories()).set(member.auth).send({ name: 'X', direction: 'income' }),
      403,
      'forbidden',
    );
  });
});
