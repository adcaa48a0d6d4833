/** @shared-app */
import { DataSource } from 'typeorm';
import { addMember, newAccount, newCompany, setPlan, TestAccount } from '../support/factories';
import { expectError, expectSuccess } from '../support/expectations';
import { sharedTestApp, SharedTestApp } from '../support/shared-app';
import { moduleOf } from '../support/urls';

/** CRM analytics in the Kroncl server's shapes (CONTRACT 17): a summary and grouped counts. */
describe('CRM analysis', () => {
  let t: SharedTestApp;
  let db: DataSource;
  let owner: TestAccount;
  let companyId: string;
  let crm: string;
  let system: { id: string; name: string };
  let paid: { id: string; name: string };
  let unused: { id: string; name: string };
  const DAY = 86_400_000;

  beforeAll(async () => {
    t = await sharedTestApp();
    db = t.db;
    owner = await newAccount(t.http, 'crm-analysis');
    companyId = (await newCompany(t.http, owner)).id;
    crm = moduleOf(companyId, 'crm');
    system = expectSuccess(await t.http.get(`${crm}/sources?system=true`).set(owner.auth)).sources[0];
    const source = async (name: string) =>
      expectSuccess(await t.http.post(`${crm}/sources`).set(owner.auth).send({ name, type: 'paid' }), 201);
    paid = await source('Директ');
    unused = await source('Пустой');
    // Five clients: two long ago (2026-01-15 and 2026-02-20, backdated), three now.
    const plan: Array<[string, string, string, string | null]> = [
      ['individual', 'active', system.id, '2026-01-15T10:00:00Z'],
      ['legal', 'inactive', paid.id, '2026-02-20T23:30:00Z'],
      ['individual', 'active', paid.id, null],
      ['legal', 'active', paid.id, null],
      ['individual', 'inactive', system.id, null],
    ];
    for (const [type, status, source_id, at] of plan) {
      const client = expectSuccess(
        await t.http.post(`${crm}/clients`).set(owner.auth).send({ first_name: 'К', type, status, source_id }),
        201,
      );
      if (at) await db.query(`UPDATE crm_clients SET created_at = $2 WHERE id = $1`, [client.id, at]);
    }
  });
  afterAll(() => t.close());

  const get = async (path: string, who = owner) =>
    expectSuccess(await t.http.get(`${crm}/analysis/${path}`).set(who.auth));

  it('summary: every client by status and type; new_clients those created within the window', async () => {
    const all = { total_clients: 5, active_clients: 3, inactive_clients: 2, individual_clients: 3, legal_clients: 2 };
    expect(await get('summary')).toEqual({ ...all, new_clients: 5 });
    expect(await get('summary?start_date=2026-01-01T00:00:00Z&end_date=2026-02-28T23:59:59Z')).toEqual({
      ...all,
      new_clients: 2,
    });
    const since = new Date(Date.now() - DAY).toISOString();
    expect(await get(`summary?start_date=${since}`)).toEqual({ ...all, new_clients: 3 });
  });

  it('grouped by source: every source of the company, most clients first, then by name', async () => {
    expect(await get('grouped?group_by=source')).toEqual([
      { group_key: paid.id, group_name: 'Директ', clients_count: 3 },
      { group_key: system.id, group_name: system.name, clients_count: 2 },
      { group_key: unused.id, group_name: 'Пустой', clients_count: 0 },
    ]);
    const window = 'start_date=2026-02-01T00:00:00Z&end_date=2026-02-28T23:59:59Z';
    expect((await get(`grouped?group_by=source&${window}`)).map((g: any) => g.clients_count)).toEqual([1, 0, 0]);
  });

  it('grouped by UTC day and month: ascending, periods without clients omitted', async () => {
    const today = new Date().toISOString().slice(0, 10);
    expect(await get('grouped?group_by=day')).toEqual([
      { group_key: '2026-01-15', group_name: '15.01.2026', clients_count: 1 },
      { group_key: '2026-02-20', group_name: '20.02.2026', clients_count: 1 },
      { group_key: today, group_name: expect.any(String), clients_count: 3 },
    ]);
    const months = await get('grouped?group_by=month&end_date=2026-03-01T00:00:00Z');
    expect(months).toEqual([
      { group_key: '2026-01', group_name: 'Январь 2026', clients_count: 1 },
      { group_key: '2026-02', group_name: 'Февраль 2026', clients_count: 1 },
    ]);
  });

  it('400 for a missing or unknown group_by, a malformed or reversed window, an unknown parameter', async () => {
    for (const query of [
      'grouped',
      'grouped?group_by=week',
      'grouped?group_by=day&start_date=2026-01-01',
      'summary?start_date=2026-02-01T00:00:00Z&end_date=2026-01-01T00:00:00Z',
      'summary?currency=RUB',
    ]) {
      expectError(await t.http.get(`${crm}/analysis/${query}`).set(owner.auth), 400, 'validation_failed');
    }
  });

  it('needs crm.analysis (403 for a member without it), on a plan that has CRM; 404 for an outsider', async () => {
    const member = await newAccount(t.http, 'crm-analysis-member');
    await addMember(db, companyId, member, ['crm.clients']);
    expectError(await t.http.get(`${crm}/analysis/summary`).set(member.auth), 403, 'forbidden');
    const analyst = await newAccount(t.http, 'crm-analyst');
    await addMember(db, companyId, analyst, ['crm.analysis']);
    expect((await get('summary', analyst)).total_clients).toBe(5);
    const outsider = await newAccount(t.http, 'crm-outsider');
    expectError(await t.http.get(`${crm}/analysis/summary`).set(outsider.auth), 404, 'not_found');
    const other = await newAccount(t.http, 'crm-other');
    const otherCompany = await newCompany(t.http, other);
    await setPlan(db, otherCompany.id, 'start', new Date(Date.now() + DAY));
    const res = await t.http.get(`/api/v1/companies/${otherCompany.id}/modules/crm/analysis/summary`).set(other.auth);
    expectError(res, 403, 'plan_required');
  });
});
