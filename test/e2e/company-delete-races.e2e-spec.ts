import { DataSource } from 'typeorm';
import { CompanyDeletionRepository } from '../../src/modules/companies/companies/company-deletion.repository';
import { newAccount, newCompany, TestAccount } from '../support/factories';
import { createTestApp, TestApp } from '../support/test-app';
import { expectPage, expectSuccess } from '../support/expectations';
import { companyOf } from '../support/urls';

/** A company deleted while other requests race it (issue 14, defects 4 and 5). */
describe('Company deletion under concurrent requests', () => {
  let t: TestApp;
  let db: DataSource;
  let owner: TestAccount;
  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
    owner = await newAccount(t.http, 'races');
  });
  afterAll(() => t.close());

  const gone = async (id: string) => {
    for (let i = 0; i < 100; i++) {
      if ((await db.query(`SELECT 1 FROM companies WHERE id = $1`, [id])).length === 0) return;
      await new Promise((done) => setTimeout(done, 50));
    }
    throw new Error(`company ${id} was not purged`);
  };

  it('of ten parallel DELETEs exactly one deletes; the others are 404', async () => {
    const company = await newCompany(t.http, owner);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => t.http.delete(companyOf(company.id)).set(owner.auth)),
    );
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses).toEqual([200, 404, 404, 404, 404, 404, 404, 404, 404, 404]);
    await gone(company.id);
  });

  it('writes racing the purge never deadlock: each finishes before it (2xx) or is 404', async () => {
    // The purge holds the company row a while before deleting, so writes arrive while it is held.
    const companies = t.app.get(CompanyDeletionRepository);
    const deleteMarked = companies.deleteMarked.bind(companies);
    const slowDelete = jest.spyOn(companies, 'deleteMarked').mockImplementation(async (companyId) => {
      await new Promise((done) => setTimeout(done, 300));
      return deleteMarked(companyId);
    });
    for (let round = 0; round < 3; round++) {
      const company = await newCompany(t.http, owner);
      const crm = `${companyOf(company.id)}/modules/crm`;
      const sourceId = expectPage(await t.http.get(`${crm}/sources`).set(owner.auth), 'sources').items[0].id;
      const clientIds: string[] = [];
      for (let i = 0; i < 5; i++) {
        const body = { first_name: `Racer ${i}`, type: 'individual', source_id: sourceId };
        clientIds.push(expectSuccess(await t.http.post(`${crm}/clients`).set(owner.auth).send(body), 201).id);
      }

      // Eight writers loop until the company is gone for them; the deletion comes mid-way.
      const write = (i: number) => {
        switch (i % 4) {
          case 0:
            return t.http
              .patch(`${crm}/clients/${clientIds[i % 5]}`)
              .set(owner.auth)
              .send({ status: i % 8 === 0 ? 'inactive' : 'active' });
          case 1:
            return t.http
              .post(`${crm}/clients`)
              .set(owner.auth)
              .send({ first_name: `New ${i}`, type: 'individual', source_id: sourceId });
          case 2:
            return t.http
              .post(`${crm}/sources`)
              .set(owner.auth)
              .send({ name: `Source ${i}`, type: 'other' });
          default:
            return t.http
              .patch(companyOf(company.id))
              .set(owner.auth)
              .send({ description: `Round ${i}` });
        }
      };
      const answers: Array<{ status: number; body: any }> = [];
      const writer = async (w: number) => {
        for (let i = w; ; i += 8) {
          const res = await write(i);
          answers.push(res);
          if (res.status === 404) return;
        }
      };
      const writers = Promise.all(Array.from({ length: 8 }, (_, w) => writer(w)));
      await new Promise((done) => setTimeout(done, 100));
      expect((await t.http.delete(companyOf(company.id)).set(owner.auth)).status).toBe(200);
      await writers;
      const unexpected = answers.filter((res) => ![200, 201, 404].includes(res.status));
      expect(unexpected.map((res) => [res.status, res.body?.error?.code])).toEqual([]);
      await gone(company.id);
    }
    slowDelete.mockRestore();
  });
});
