/** @shared-app */
import { DataSource } from 'typeorm';
import { expectError, expectSuccess } from '../support/expectations';
import { newAccount, newCompany, TestAccount } from '../support/factories';
import { newTransaction } from '../support/finance';
import { sharedTestApp, SharedTestApp } from '../support/shared-app';
import { fm } from '../support/urls';

/** The finance forecast (CONTRACT 14): Theta over the window's daily net flow. */
describe('Finance forecast', () => {
  let t: SharedTestApp;
  let db: DataSource;
  let owner: TestAccount;
  beforeAll(async () => {
    t = await sharedTestApp();
    db = t.db;
    owner = await newAccount(t.http, 'fm-forecast');
  });
  afterAll(() => t.close());

  const at = async (companyId: string, time: string, body: Record<string, unknown>) => {
    const created = await newTransaction(t.http, owner, companyId, body);
    await db.query(`UPDATE transactions SET created_at = $2 WHERE id = $1`, [created.id, time]);
  };
  const get = (companyId: string, path: string) => t.http.get(`${fm(companyId)}/forecast/${path}`).set(owner.auth);
  const WINDOW = 'start_date=2026-01-01T00:00:00Z&end_date=2026-01-10T23:59:59Z';

  it('needs at least 2 days with completed transactions in the currency (409), after the query checks (400)', async () => {
    const companyId = (await newCompany(t.http, owner)).id;
    for (const path of ['timeline', 'summary']) {
      expectError(await get(companyId, path), 409, 'conflict');
      expectError(await get(companyId, `${path}?horizon=0`), 400, 'validation_failed');
    }
    await at(companyId, '2026-01-02T10:00:00Z', { base_amount: 100 });
    await at(companyId, '2026-01-02T11:00:00Z', { base_amount: 50, direction: 'expense' });
    await at(companyId, '2026-01-03T10:00:00Z', { base_amount: 100, currency: 'USD' });
    await at(companyId, '2026-01-04T10:00:00Z', { base_amount: 100, status: 'pending' });
    expectError(await get(companyId, `timeline?${WINDOW}`), 409, 'conflict');
    await at(companyId, '2026-01-05T10:00:00Z', { base_amount: 10 });
    expect(expectSuccess(await get(companyId, `timeline?${WINDOW}`)).data_points).toBe(2);
  });

  it.each([
    'horizon=0',
    'horizon=366',
    'horizon=1.5',
    'horizon=abc',
    'method=arima',
    'currency=XXX',
    'start_date=2026-01-01',
    'end_date=soon',
    'start_date=2026-02-01T00:00:00Z&end_date=2026-01-01T00:00:00Z',
    'start_date=2099-01-01T00:00:00Z',
    'start_date=2000-01-01T00:00:00Z&end_date=2026-01-01T00:00:00Z',
  ])('%s is 400', async (query) => {
    const companyId = (await newCompany(t.http, owner)).id;
    expectError(await get(companyId, `timeline?${query}`), 400, 'validation_failed');
    expectError(await get(companyId, `summary?${query}`), 400, 'validation_failed');
  });

  describe('with a known series', () => {
    let companyId: string;
    beforeAll(async () => {
      companyId = (await newCompany(t.http, owner)).id;
      // Daily net flow over 2026-01-01 … 01-10: 3, 1, 4, 1, 5 on the first five days, none after.
      const flows = [3, 1, 4, 1, 5];
      for (const [i, flow] of flows.entries()) {
        await at(companyId, `2026-01-0${i + 1}T08:00:00Z`, { base_amount: flow + 0.1 });
        await at(companyId, `2026-01-0${i + 1}T20:00:00Z`, { base_amount: 0.1, direction: 'expense' });
      }
    });

    it('the timeline: each window day (actual) then horizon days, balance a running sum', async () => {
      const timeline = expectSuccess(await get(companyId, `timeline?${WINDOW}&horizon=7`));
      expect(timeline).toMatchObject({
        method: 'theta',
        currency: 'RUB',
        horizon: 7,
        data_points: 5,
        confidence: 'low',
      });
      expect(timeline.points).toHaveLength(17);
      expect(timeline.points.slice(0, 6)).toEqual([
        { date: '2026-01-01', net_flow: 3, balance: 3, is_actual: true },
        { date: '2026-01-02', net_flow: 1, balance: 4, is_actual: true },
        { date: '2026-01-03', net_flow: 4, balance: 8, is_actual: true },
        { date: '2026-01-04', net_flow: 1, balance: 9, is_actual: true },
        { date: '2026-01-05', net_flow: 5, balance: 14, is_actual: true },
        { date: '2026-01-06', net_flow: 0, balance: 14, is_actual: true },
      ]);
      expect(timeline.points.filter((p: any) => p.is_actual)).toHaveLength(10);
      const predicted = timeline.points.slice(10);
      expect(predicted.map((p: any) => p.date)).toEqual([
        '2026-01-11',
        '2026-01-12',
        '2026-01-13',
        '2026-01-14',
        '2026-01-15',
        '2026-01-16',
        '2026-01-17',
      ]);
      let balance = 14;
      for (const point of predicted) {
        expect(point.is_actual).toBe(false);
        expect(Number.isInteger(Math.round(point.net_flow * 100))).toBe(true);
        balance = Math.round((balance + point.net_flow) * 100) / 100;
        expect(point.balance).toBeCloseTo(balance, 2);
      }
    });

    it('the default window is the 180 days ending today, then 30 forecast days', async () => {
      const recent = (await newCompany(t.http, owner)).id;
      const today = new Date();
      const daysAgo = (n: number) => new Date(today.getTime() - n * 86_400_000).toISOString();
      await at(recent, daysAgo(1), { base_amount: 10 });
      await at(recent, daysAgo(2), { base_amount: 20 });
      await at(recent, daysAgo(200), { base_amount: 30 });
      const timeline = expectSuccess(await get(recent, 'timeline'));
      expect(timeline).toMatchObject({ horizon: 30, data_points: 2 });
      expect(timeline.points).toHaveLength(210);
      expect(timeline.points[179]).toMatchObject({
        date: today.toISOString().slice(0, 10),
        is_actual: true,
        balance: 30,
      });
      expect(timeline.points[180].is_actual).toBe(false);
    });

    it('the summary: exact window totals, predictions over the horizon, whole transaction counts', async () => {
      const summary = expectSuccess(await get(companyId, `summary?${WINDOW}&horizon=7`));
      expect(summary).toEqual({
        method: 'theta',
        currency: 'RUB',
        horizon: 7,
        data_points: 5,
        confidence: 'low',
        predicted_balance: expect.any(Number),
        predicted_income: expect.any(Number),
        predicted_expense: expect.any(Number),
        predicted_net_flow: expect.any(Number),
        predicted_tx_count: expect.any(Number),
        current_balance: 14,
        current_income: 14.5,
        current_expense: 0.5,
        current_tx_count: 10,
      });
      expect(Number.isInteger(summary.predicted_tx_count)).toBe(true);
      expect(summary.predicted_income).toBeGreaterThanOrEqual(0);
      expect(summary.predicted_expense).toBeGreaterThanOrEqual(0);
      expect(summary.predicted_balance).toBeCloseTo(14 + summary.predicted_net_flow, 2);
      const timeline = expectSuccess(await get(companyId, `timeline?${WINDOW}&horizon=7`));
      expect(timeline.points.at(-1).balance).toBeCloseTo(summary.predicted_balance, 2);
    });

    it('covers one currency only', async () => {
      expectError(await get(companyId, `summary?${WINDOW}&currency=USD`), 409, 'conflict');
    });
  });
});
