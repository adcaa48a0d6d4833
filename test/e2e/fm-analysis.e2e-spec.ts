/** @shared-app */
import { DataSource } from 'typeorm';
import { expectError, expectSuccess } from '../support/expectations';
import { addMember, newAccount, newCompany, TestAccount } from '../support/factories';
import { newTransaction } from '../support/finance';
import { sharedTestApp, SharedTestApp } from '../support/shared-app';
import { fm, hrm } from '../support/urls';

/** Finance analyses (CONTRACT 14): one currency, completed transactions only, sums exact. */
describe('Finance analyses', () => {
  let t: SharedTestApp;
  let db: DataSource;
  let owner: TestAccount;
  let companyId: string;
  let sales: any;
  let rent: any;
  let employee: any;
  beforeAll(async () => {
    t = await sharedTestApp();
    db = t.db;
    owner = await newAccount(t.http, 'fm-analysis');
    companyId = (await newCompany(t.http, owner)).id;
    const category = async (name: string, direction: string) =>
      expectSuccess(
        await t.http
          .post(`${fm(companyId)}/transactions/categories`)
          .set(owner.auth)
          .send({ name, direction }),
        201,
      );
    sales = await category('Продажи', 'income');
    rent = await category('Аренда', 'expense');
    employee = expectSuccess(
      await t.http
        .post(`${hrm(companyId)}/employees`)
        .set(owner.auth)
        .send({ first_name: 'Олег', last_name: 'Петров' }),
      201,
    );
    const at = async (time: string, body: Record<string, unknown>) => {
      const created = await newTransaction(t.http, owner, companyId, body);
      await db.query(`UPDATE transactions SET created_at = $2 WHERE id = $1`, [created.id, time]);
    };
    await at('2026-01-05T10:00:00Z', { base_amount: 0.1, category_id: sales.id, employee_id: employee.id });
    await at('2026-01-05T23:59:59Z', { base_amount: 0.2, category_id: sales.id });
    await at('2026-01-20T00:00:00Z', { base_amount: 50, direction: 'expense', category_id: rent.id });
    await at('2026-02-01T12:00:00Z', { base_amount: 10, direction: 'expense', employee_id: employee.id });
    // Left out: another currency, and statuses other than completed.
    await at('2026-01-06T00:00:00Z', { base_amount: 1000, currency: 'USD' });
    await at('2026-01-06T00:00:00Z', { base_amount: 1000, status: 'pending' });
    await at('2026-01-06T00:00:00Z', { base_amount: 1000, status: 'cancelled' });
  });
  afterAll(() => t.close());

  const get = (path: string) => t.http.get(`${fm(companyId)}/analysis/${path}`).set(owner.auth);

  it('summary: exact sums of completed transactions in RUB by default', async () => {
    expect(expectSuccess(await get('summary'))).toEqual({
      currency: 'RUB',
      total_income: 0.3,
      total_expense: 60,
      net_balance: -59.7,
      transaction_count: 4,
      avg_transaction: 15.08,
    });
  });

  it('summary: the window and another currency', async () => {
    expect(expectSuccess(await get('summary?start_date=2026-01-05T12:00:00Z&end_date=2026-01-31T00:00:00Z'))).toEqual({
      currency: 'RUB',
      total_income: 0.2,
      total_expense: 50,
      net_balance: -49.8,
      transaction_count: 2,
      avg_transaction: 25.1,
    });
    expect(expectSuccess(await get('summary?currency=USD'))).toMatchObject({
      currency: 'USD',
      total_income: 1000,
      transaction_count: 1,
    });
    expect(expectSuccess(await get('summary?currency=BTC'))).toEqual({
      currency: 'BTC',
      total_income: 0,
      total_expense: 0,
      net_balance: 0,
      transaction_count: 0,
      avg_transaction: 0,
    });
  });

  it.each([
    'summary?currency=XXX',
    'summary?start_date=2026-01-01',
    'summary?end_date=tomorrow',
    'summary?start_date=2026-02-01T00:00:00Z&end_date=2026-01-01T00:00:00Z',
    'grouped',
    'grouped?group_by=year',
    'grouped?group_by=day&currency=rub',
  ])('%s is 400', async (path) => {
    expectError(await get(path), 400, 'validation_failed');
  });

  it('grouped by category: descending income + expense, no-category last here', async () => {
    expect(expectSuccess(await get('grouped?group_by=category'))).toEqual([
      { group_key: rent.id, group_name: 'Аренда', income: 0, expense: 50, net: -50, count: 1, currency: 'RUB' },
      {
        group_key: 'no-category',
        group_name: 'Без категории',
        income: 0,
        expense: 10,
        net: -10,
        count: 1,
        currency: 'RUB',
      },
      { group_key: sales.id, group_name: 'Продажи', income: 0.3, expense: 0, net: 0.3, count: 2, currency: 'RUB' },
    ]);
  });

  it('grouped by employee', async () => {
    expect(expectSuccess(await get('grouped?group_by=employee'))).toEqual([
      {
        group_key: 'no-employee',
        group_name: 'Без сотрудника',
        income: 0.2,
        expense: 50,
        net: -49.8,
        count: 2,
        currency: 'RUB',
      },
      {
        group_key: employee.id,
        group_name: 'Олег Петров',
        income: 0.1,
        expense: 10,
        net: -9.9,
        count: 2,
        currency: 'RUB',
      },
    ]);
  });

  it('grouped by UTC day and month, ascending, empty periods omitted, within the window', async () => {
    expect(expectSuccess(await get('grouped?group_by=day'))).toEqual([
      {
        group_key: '2026-01-05',
        group_name: '05.01.2026',
        income: 0.3,
        expense: 0,
        net: 0.3,
        count: 2,
        currency: 'RUB',
      },
      {
        group_key: '2026-01-20',
        group_name: '20.01.2026',
        income: 0,
        expense: 50,
        net: -50,
        count: 1,
        currency: 'RUB',
      },
      {
        group_key: '2026-02-01',
        group_name: '01.02.2026',
        income: 0,
        expense: 10,
        net: -10,
        count: 1,
        currency: 'RUB',
      },
    ]);
    expect(expectSuccess(await get('grouped?group_by=month&start_date=2026-01-06T00:00:00Z'))).toEqual([
      { group_key: '2026-01', group_name: 'Январь 2026', income: 0, expense: 50, net: -50, count: 1, currency: 'RUB' },
      { group_key: '2026-02', group_name: 'Февраль 2026', income: 0, expense: 10, net: -10, count: 1, currency: 'RUB' },
    ]);
    expect(expectSuccess(await get('grouped?group_by=month&currency=EUR'))).toEqual([]);
  });

  it('needs fm.analysis', async () => {
    const member = await newAccount(t.http, 'fm-analysis-member');
    await addMember(db, companyId, member, ['fm.transactions']);
    expectError(await t.http.get(`${fm(companyId)}/analysis/summary`).set(member.auth), 403, 'forbidden');
    expectError(await t.http.get(`${fm(companyId)}/analysis/grouped?group_by=day`).set(member.auth), 403, 'forbidden');
  });
});
