/** @shared-app */
import { DataSource } from 'typeorm';
import { newAccount, newCompany, TestAccount } from '../support/factories';
import { expectPage, expectSuccess } from '../support/expectations';
import { sharedTestApp, SharedTestApp } from '../support/shared-app';
import { crm } from '../support/urls';

/**
 * The client totals the database keeps (crm_client_totals, maintained by triggers) are exact
 * whoever writes the rows: parallel API requests, and bulk SQL as an operator would run it.
 */
describe('CRM kept client totals', () => {
  let t: SharedTestApp;
  let db: DataSource;
  let owner: TestAccount;
  let companyId: string;
  let sourceIds: string[];

  const clientsUrl = () => `${crm(companyId)}/clients`;

  beforeAll(async () => {
    t = await sharedTestApp();
    db = t.db;
    owner = await newAccount(t.http, 'totals');
    companyId = (await newCompany(t.http, owner)).id;
    const system = expectPage(
      await t.http.get(`/api/v1/companies/${companyId}/modules/crm/sources`).set(owner.auth),
      'sources',
    ).items[0];
    const extra = [];
    for (const name of ['Site', 'Fair']) {
      const url = `${crm(companyId)}/sources`;
      extra.push(expectSuccess(await t.http.post(url).set(owner.auth).send({ name, type: 'other' }), 201).id);
    }
    sourceIds = [system.id, ...extra];
  });
  afterAll(() => t.close());

  /** Kept totals against a count of the rows, per filter, for the company (zero totals left out). */
  async function keptAndCounted(): Promise<[Record<string, number>, Record<string, number>]> {
    const keys = `SELECT unnest(ARRAY['', 'status=' || status, 'type=' || type, 'source_id=' || source_id]) AS filter
                  FROM crm_clients WHERE company_id = $1`;
    const counted = await db.query(`SELECT filter, count(*)::int AS total FROM (${keys}) k GROUP BY filter`, [
      companyId,
    ]);
    const kept = await db.query(
      `SELECT filter, sum(total)::int AS total FROM crm_client_totals WHERE company_id = $1
       GROUP BY filter HAVING sum(total) <> 0`,
      [companyId],
    );
    const asMap = (rows: Array<{ filter: string; total: number }>) =>
      Object.fromEntries(rows.map((row) => [row.filter, row.total]));
    return [asMap(kept), asMap(counted)];
  }

  it('stay exact through a burst of parallel creates, status and source changes', async () => {
    const created = await Promise.all(
      Array.from({ length: 40 }, async (_, i) =>
        expectSuccess(
          await t.http
            .post(clientsUrl())
            .set(owner.auth)
            .send({
              first_name: `Burst ${i}`,
              type: i % 3 === 0 ? 'legal' : 'individual',
              status: i % 4 === 0 ? 'inactive' : 'active',
              source_id: sourceIds[i % 3],
            }),
          201,
        ),
      ),
    );
    await Promise.all(
      created.flatMap((client, i) => [
        t.http.post(`${clientsUrl()}/${client.id}/${i % 2 ? 'activate' : 'deactivate'}`).set(owner.auth),
        t.http
          .patch(`${clientsUrl()}/${client.id}`)
          .set(owner.auth)
          .send({ source_id: sourceIds[(i + 1) % 3], type: i % 5 === 0 ? 'legal' : 'individual' }),
      ]),
    );
    const [kept, counted] = await keptAndCounted();
    expect(kept).toEqual(counted);
    expect(kept['']).toBe(40);
  });

  it('stay exact through bulk SQL: INSERT … SELECT, UPDATE and DELETE of many rows', async () => {
    await db.query(
      `INSERT INTO crm_clients (company_id, source_id, first_name, type, status)
       SELECT $1, ($2::uuid[])[1 + g % 3], 'Bulk ' || g, CASE WHEN g % 2 = 0 THEN 'legal' ELSE 'individual' END,
              CASE WHEN g % 7 = 0 THEN 'inactive' ELSE 'active' END
       FROM generate_series(1, 300) g`,
      [companyId, sourceIds],
    );
    await db.query(`UPDATE crm_clients SET status = 'inactive' WHERE company_id = $1 AND first_name LIKE 'Bulk 1%'`, [
      companyId,
    ]);
    await db.query(`DELETE FROM crm_clients WHERE company_id = $1 AND first_name LIKE 'Bulk 2%'`, [companyId]);
    const [kept, counted] = await keptAndCounted();
    expect(kept).toEqual(counted);
  });

  it('answer the list: unfiltered and single filters read the kept total, combined filters count', async () => {
    const [, counted] = await keptAndCounted();
    const totalOf = async (query: Record<string, string>) =>
      expectPage(await t.http.get(clientsUrl()).query(query).set(owner.auth), 'clients').pagination.total;
    expect(await totalOf({})).toBe(counted['']);
    expect(await totalOf({ status: 'inactive' })).toBe(counted['status=inactive']);
    expect(await totalOf({ type: 'legal' })).toBe(counted['type=legal']);
    expect(await totalOf({ source_id: sourceIds[1] })).toBe(counted[`source_id=${sourceIds[1]}`]);
    const [{ both }] = await db.query(
      `SELECT count(*)::int AS both FROM crm_clients WHERE company_id = $1 AND type = 'legal' AND status = 'inactive'`,
      [companyId],
    );
    expect(await totalOf({ type: 'legal', status: 'inactive' })).toBe(both);
    expect(await totalOf({ search: 'Burst' })).toBe(40);
  });

  it("never count another company's clients", async () => {
    const other = await newCompany(t.http, owner);
    expect(
      expectPage(await t.http.get(`/api/v1/companies/${other.id}/modules/crm/clients`).set(owner.auth), 'clients')
        .pagination.total,
    ).toBe(0);
    expect(
      expectPage(await t.http.get(clientsUrl()).query({ source_id: sourceIds[0] }).set(owner.auth), 'clients')
        .pagination.total,
    ).toBeGreaterThan(0);
  });
});
