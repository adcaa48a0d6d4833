/** @shared-app */
import { DataSource } from 'typeorm';
import { newAccount, newCompany, TestAccount } from '../support/factories';
import { sharedTestApp, SharedTestApp } from '../support/shared-app';
import { expectError, expectSuccess } from '../support/expectations';
import { moduleOf } from '../support/urls';

/** HRM analytics (spec 2 Employee statistics, CONTRACT 9). */
describe('HRM analysis', () => {
  let t: SharedTestApp;
  let db: DataSource;
  let owner: TestAccount;
  let analysis: string;

  /**
   * Employees created through the API, then dated by SQL: no API sets created_at. Times are
   * UTC; the two late-evening ones fall on the next day in Moscow, which must not matter.
   */
  const EMPLOYEES: Array<[string, string, 'active' | 'inactive']> = [
    ['A', '2024-12-31T23:30:00.000Z', 'active'],
    ['B', '2025-01-15T10:00:00.000Z', 'active'],
    ['C', '2025-01-15T22:00:00.000Z', 'inactive'],
    ['D', '2025-01-20T08:00:00.000Z', 'active'],
    ['E', '2025-03-01T00:00:00.000Z', 'inactive'],
    ['F', '2026-02-10T12:00:00.000Z', 'active'],
  ];

  beforeAll(async () => {
    t = await sharedTestApp();
    db = t.db;
    owner = await newAccount(t.http, 'analysis-owner');
    const company = await newCompany(t.http, owner);
    const hrm = moduleOf(company.id, 'hrm');
    analysis = `${hrm}/analysis`;
    for (const [name, createdAt, status] of EMPLOYEES) {
      const card = expectSuccess(await t.http.post(`${hrm}/employees`).set(owner.auth).send({ first_name: name }), 201);
      if (status === 'inactive') await t.http.post(`${hrm}/employees/${card.id}/deactivate`).set(owner.auth);
      await db.query(`UPDATE employees SET created_at = $2 WHERE id = $1`, [card.id, createdAt]);
    }
    for (const name of ['P1', 'P2']) await t.http.post(`${hrm}/positions`).set(owner.auth).send({ name });
    // Another company's employees never count.
    const other = await newCompany(t.http, owner);
    await t.http.post(`/api/v1/companies/${other.id}/modules/hrm/employees`).set(owner.auth).send({ first_name: 'X' });
  });
  afterAll(() => t.close());

  const get = (path: string) => t.http.get(`${analysis}${path}`).set(owner.auth);

  it('summary: totals of the company; only new_employees depends on the window', async () => {
    expect(expectSuccess(await get('/summary'))).toEqual({
      total_positions: 2,
      total_employees: 6,
      active_employees: 4,
      inactive_employees: 2,
      new_employees: 6,
    });
    const window = '?start_date=2025-01-15T10:00:00Z&end_date=2025-03-01T03:00:00%2B03:00';
    expect(expectSuccess(await get(`/summary${window}`))).toEqual({
      total_positions: 2,
      total_employees: 6,
      active_employees: 4,
      inactive_employees: 2,
      new_employees: 4,
    });
    expect(expectSuccess(await get('/summary?start_date=2026-01-01T00:00:00Z')).new_employees).toBe(1);
    expect(expectSuccess(await get('/summary?end_date=2020-01-01T00:00:00Z')).new_employees).toBe(0);
  });

  it('grouped by day, month and year (UTC): keys, display names, status split, ascending, empty periods omitted', async () => {
    expect(expectSuccess(await get('/grouped?group_by=month'))).toEqual([
      { group_key: '2024-12', group_name: 'Декабрь 2024', employees_count: 1, active_count: 1, inactive_count: 0 },
      { group_key: '2025-01', group_name: 'Январь 2025', employees_count: 3, active_count: 2, inactive_count: 1 },
      { group_key: '2025-03', group_name: 'Март 2025', employees_count: 1, active_count: 0, inactive_count: 1 },
      { group_key: '2026-02', group_name: 'Февраль 2026', employees_count: 1, active_count: 1, inactive_count: 0 },
    ]);
    expect(expectSuccess(await get('/grouped?group_by=year'))).toEqual([
      { group_key: '2024', group_name: '2024', employees_count: 1, active_count: 1, inactive_count: 0 },
      { group_key: '2025', group_name: '2025', employees_count: 4, active_count: 2, inactive_count: 2 },
      { group_key: '2026', group_name: '2026', employees_count: 1, active_count: 1, inactive_count: 0 },
    ]);
    const days = expectSuccess(
      await get('/grouped?group_by=day&start_date=2025-01-01T00:00:00Z&end_date=2025-01-31T23:59:59.999Z'),
    );
    expect(days).toEqual([
      { group_key: '2025-01-15', group_name: '15.01.2025', employees_count: 2, active_count: 1, inactive_count: 1 },
      { group_key: '2025-01-20', group_name: '20.01.2025', employees_count: 1, active_count: 1, inactive_count: 0 },
    ]);
  });

  it('the window bounds are inclusive', async () => {
    const exact = '?group_by=day&start_date=2025-01-15T22:00:00Z&end_date=2025-01-20T08:00:00Z';
    expect(expectSuccess(await get(`/grouped${exact}`)).map((g: any) => g.employees_count)).toEqual([1, 1]);
    expect(expectSuccess(await get('/grouped?group_by=year&start_date=2030-01-01T00:00:00Z'))).toEqual([]);
  });

  it('400 naming the field for a missing or unknown group_by and for a window that is not RFC 3339', async () => {
    const cases: Array<[string, string]> = [
      ['/grouped', 'group_by'],
      ['/grouped?group_by=week', 'group_by'],
      ['/grouped?group_by=DAY', 'group_by'],
      ['/grouped?group_by=day&start_date=2025-01-01', 'start_date'],
      ['/grouped?group_by=day&start_date=2025-01-01T00:00:00', 'start_date'],
      ['/grouped?group_by=day&end_date=yesterday', 'end_date'],
      ['/grouped?group_by=day&end_date=2025-02-30T00:00:00Z', 'end_date'],
      ['/summary?start_date=1700000000', 'start_date'],
      ['/summary?start_date=2025-02-01T00:00:00Z&end_date=2025-01-01T00:00:00Z', 'end_date'],
    ];
    for (const [path, field] of cases) {
      const res = expectError(await get(path), 400, 'validation_failed');
      expect([path, res.error.details.map((d: any) => d.field)]).toEqual([path, [field]]);
    }
  });
});
