/** @shared-app */
import { DataSource } from 'typeorm';
import { createDeal, DealsCompany, dealsCompany } from '../support/deals';
import { expectError, expectPage, expectSuccess } from '../support/expectations';
import { auditRecords } from '../support/factories';
import { sharedTestApp, SharedTestApp } from '../support/shared-app';
import { fm } from '../support/urls';

describe('Deal transactions', () => {
  let t: SharedTestApp;
  let db: DataSource;
  let a: DealsCompany;
  let b: DealsCompany;
  beforeAll(async () => {
    t = await sharedTestApp();
    db = t.db;
    [a, b] = await Promise.all([dealsCompany(t.http, 'dmtx-a'), dealsCompany(t.http, 'dmtx-b')]);
  });
  afterAll(() => t.close());

  const txOf = (c: DealsCompany, dealId: string) => `${c.dm}/deals/${dealId}/transactions`;
  const categories = async (c: DealsCompany) =>
    expectPage(await t.http.get(`${fm(c.id)}/transactions/categories?limit=100`).set(c.owner.auth), 'categories').items;
  const post = async (c: DealsCompany, dealId: string, body: Record<string, unknown>) =>
    expectSuccess(await t.http.post(txOf(c, dealId)).set(c.owner.auth).send(body), 201);

  it('a deal transaction is an fm transaction linked to the deal; default category deal-income / deal-expense', async () => {
    const deal = await createDeal(t.http, a);
    const bySlug = Object.fromEntries((await categories(a)).map((category: any) => [category.slug, category]));
    const income = await post(a, deal.id, {
      base_amount: 1000.5,
      currency: 'RUB',
      direction: 'income',
      comment: 'аванс',
    });
    expect(income).toMatchObject({
      base_amount: 1000.5,
      currency: 'RUB',
      direction: 'income',
      status: 'completed',
      deal_id: deal.id,
      category_id: bySlug['deal-income'].id,
      category: { slug: 'deal-income' },
    });
    const expense = await post(a, deal.id, {
      base_amount: 200,
      currency: 'RUB',
      direction: 'expense',
      employee_id: a.employee.id,
    });
    expect(expense).toMatchObject({
      deal_id: deal.id,
      category_id: bySlug['deal-expense'].id,
      employee_id: a.employee.id,
    });
    const own = expectSuccess(
      await t.http
        .post(`${fm(a.id)}/transactions/categories`)
        .set(a.owner.auth)
        .send({ name: 'Монтаж', direction: 'income' }),
      201,
    );
    expect(
      (await post(a, deal.id, { base_amount: 1, currency: 'RUB', direction: 'income', category_id: own.id }))
        .category_id,
    ).toBe(own.id);
    expect(expectSuccess(await t.http.get(`${fm(a.id)}/transactions/${income.id}`).set(a.owner.auth)).deal_id).toBe(
      deal.id,
    );
    const [record] = await auditRecords(db, a.id, 'dm.deals.transactions.create');
    expect(record).toMatchObject({ status: 'success', metadata: { result_id: income.id, ids: { dealId: deal.id } } });
  });

  it('400 naming the field for another company’s category or employee, a category of the other direction, a bad amount', async () => {
    const deal = await createDeal(t.http, a);
    const foreignCategory = (await categories(b))[0];
    const incomeCategory = (await categories(a)).find((category: any) => category.slug === 'deal-income');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ category_id: foreignCategory.id }, 'category_id'],
      [{ category_id: incomeCategory.id, direction: 'expense' }, 'category_id'],
      [{ employee_id: b.employee.id }, 'employee_id'],
      [{ base_amount: 0 }, 'base_amount'],
      [{ base_amount: 1.001 }, 'base_amount'],
      [{ currency: 'XXX' }, 'currency'],
    ];
    for (const [change, field] of cases) {
      const res = expectError(
        await t.http
          .post(txOf(a, deal.id))
          .set(a.owner.auth)
          .send({ base_amount: 10, currency: 'RUB', direction: 'income', ...change }),
        400,
        'validation_failed',
      );
      expect(res.error.details.map((d: any) => d.field)).toContain(field);
    }
    const [{ n }] = await db.query(`SELECT count(*)::int AS n FROM transactions WHERE deal_id = $1`, [deal.id]);
    expect(n).toBe(0);
  });

  it('list: only the deal’s transactions, newest first, with the /fm/transactions filters; 404 for another company’s deal', async () => {
    const deal = await createDeal(t.http, a);
    const other = await createDeal(t.http, a);
    const first = await post(a, deal.id, { base_amount: 10, currency: 'RUB', direction: 'income' });
    const second = await post(a, deal.id, { base_amount: 20, currency: 'USD', direction: 'expense' });
    await post(a, other.id, { base_amount: 30, currency: 'RUB', direction: 'income' });
    expectSuccess(
      await t.http
        .post(`${fm(a.id)}/transactions`)
        .set(a.owner.auth)
        .send({ base_amount: 40, currency: 'RUB', direction: 'income' }),
      201,
    );
    const { items, pagination } = expectPage(await t.http.get(txOf(a, deal.id)).set(a.owner.auth), 'transactions');
    expect(items.map((tx: any) => tx.id)).toEqual([second.id, first.id]);
    expect(pagination.total).toBe(2);
    const incomes = expectPage(
      await t.http.get(`${txOf(a, deal.id)}?direction=income`).set(a.owner.auth),
      'transactions',
    );
    expect(incomes.items.map((tx: any) => tx.id)).toEqual([first.id]);
    expectError(await t.http.get(`${txOf(a, deal.id)}?direction=sideways`).set(a.owner.auth), 400, 'validation_failed');
    expectError(await t.http.get(txOf(b, deal.id)).set(b.owner.auth), 404, 'not_found');
    expectError(
      await t.http
        .post(txOf(b, deal.id))
        .set(b.owner.auth)
        .send({ base_amount: 1, currency: 'RUB', direction: 'income' }),
      404,
      'not_found',
    );
  });

  it('summary of a deal and financial-summary of every deal: completed transactions in one currency', async () => {
    const c = await dealsCompany(t.http, 'dmtx-summary');
    const deal = await createDeal(t.http, c);
    const other = await createDeal(t.http, c);
    await post(c, deal.id, { base_amount: 1000.25, currency: 'RUB', direction: 'income' });
    await post(c, deal.id, { base_amount: 300.1, currency: 'RUB', direction: 'expense' });
    await post(c, deal.id, { base_amount: 5, currency: 'RUB', direction: 'income', status: 'pending' });
    await post(c, deal.id, { base_amount: 7, currency: 'USD', direction: 'income' });
    await post(c, other.id, { base_amount: 50, currency: 'RUB', direction: 'income' });
    expectSuccess(
      await t.http
        .post(`${fm(c.id)}/transactions`)
        .set(c.owner.auth)
        .send({ base_amount: 999, currency: 'RUB', direction: 'income' }),
      201,
    );
    expect(expectSuccess(await t.http.get(`${txOf(c, deal.id)}/summary`).set(c.owner.auth))).toEqual({
      currency: 'RUB',
      total_amount: 700.15,
      income_amount: 1000.25,
      expense_amount: 300.1,
      income_count: 1,
      expense_count: 1,
      total_count: 2,
    });
    expect(expectSuccess(await t.http.get(`${txOf(c, deal.id)}/summary?currency=USD`).set(c.owner.auth))).toMatchObject(
      {
        currency: 'USD',
        total_amount: 7,
        total_count: 1,
      },
    );
    expect(expectSuccess(await t.http.get(`${c.dm}/analysis/financial-summary`).set(c.owner.auth))).toEqual({
      currency: 'RUB',
      total_amount: 750.15,
      income_amount: 1050.25,
      expense_amount: 300.1,
      income_count: 2,
      expense_count: 1,
      total_count: 3,
    });
    expect(
      expectSuccess(
        await t.http.get(`${c.dm}/analysis/financial-summary?start_date=2999-01-01T00:00:00Z`).set(c.owner.auth),
      ),
    ).toMatchObject({ total_count: 0, total_amount: 0 });
    for (const query of ['currency=XYZ', 'start_date=yesterday']) {
      expectError(
        await t.http.get(`${c.dm}/analysis/financial-summary?${query}`).set(c.owner.auth),
        400,
        'validation_failed',
      );
      expectError(await t.http.get(`${txOf(c, deal.id)}/summary?${query}`).set(c.owner.auth), 400, 'validation_failed');
    }
  });

  it('deleting a deal keeps its transactions, unlinked', async () => {
    const deal = await createDeal(t.http, a);
    const tx = await post(a, deal.id, { base_amount: 10, currency: 'RUB', direction: 'income' });
    expectSuccess(await t.http.delete(`${a.dm}/deals/${deal.id}`).set(a.owner.auth));
    const kept = expectSuccess(await t.http.get(`${fm(a.id)}/transactions/${tx.id}`).set(a.owner.auth));
    expect(kept).toMatchObject({ id: tx.id, base_amount: 10, deal_id: null });
  });
});
