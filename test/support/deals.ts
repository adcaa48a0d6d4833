import type TestAgent from 'supertest/lib/agent';
import { expectPage, expectSuccess } from './expectations';
import { newAccount, newCompany, TestAccount } from './factories';

/** A company with what a deal may refer to: a type, a CRM client, an active employee, its pipeline. */
export interface DealsCompany {
  owner: TestAccount;
  id: string;
  /** `/api/v1/companies/{id}/modules/dm`. */
  dm: string;
  statuses: any[];
  type: any;
  client: any;
  employee: any;
}

export async function dealsCompany(http: TestAgent, label = 'dm'): Promise<DealsCompany> {
  const owner = await newAccount(http, label);
  const company = await newCompany(http, owner);
  const base = `/api/v1/companies/${company.id}/modules`;
  const dm = `${base}/dm`;
  const statuses = expectPage(await http.get(`${dm}/statuses`).set(owner.auth), 'statuses').items;
  const type = expectSuccess(await http.post(`${dm}/types`).set(owner.auth).send({ name: 'Поставка' }), 201);
  const sources = expectPage(await http.get(`${base}/crm/sources`).set(owner.auth), 'sources').items;
  const client = expectSuccess(
    await http
      .post(`${base}/crm/clients`)
      .set(owner.auth)
      .send({ first_name: 'Пётр', last_name: 'Покупатель', type: 'legal', source_id: sources[0].id }),
    201,
  );
  const employee = expectSuccess(
    await http.post(`${base}/hrm/employees`).set(owner.auth).send({ first_name: 'Анна', last_name: 'Менеджер' }),
    201,
  );
  return { owner, id: company.id, dm, statuses, type, client, employee };
}

export async function createDeal(http: TestAgent, c: DealsCompany, body: Record<string, unknown> = {}): Promise<any> {
  return expectSuccess(await http.post(`${c.dm}/deals`).set(c.owner.auth).send(body), 201);
}
