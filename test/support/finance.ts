import type TestAgent from 'supertest/lib/agent';
import { expectSuccess } from './expectations';
import type { TestAccount } from './factories';
import { cpm, fm } from './urls';

/** Records a transaction through the API (201) and returns it. */
export async function newTransaction(
  http: TestAgent,
  owner: TestAccount,
  companyId: string,
  body: Record<string, unknown> = {},
): Promise<any> {
  return expectSuccess(
    await http
      .post(`${fm(companyId)}/transactions`)
      .set(owner.auth)
      .send({ base_amount: 100, currency: 'RUB', direction: 'income', ...body }),
    201,
  );
}

/** Creates a counterparty through the API (201) and returns it. */
export async function newCounterparty(
  http: TestAgent,
  owner: TestAccount,
  companyId: string,
  body: Record<string, unknown> = {},
): Promise<any> {
  return expectSuccess(
    await http
      .post(`${cpm(companyId)}/counterparties`)
      .set(owner.auth)
      .send({ name: 'Сбербанк', type: 'bank', ...body }),
    201,
  );
}
