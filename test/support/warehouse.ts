import type TestAgent from 'supertest/lib/agent';
import { expectSuccess } from './expectations';
import type { TestAccount } from './factories';
import { wm } from './urls';

/** Creates a catalog category (name unique per company unless given). */
export async function newCategory(
  http: TestAgent,
  owner: TestAccount,
  companyId: string,
  body: Record<string, unknown> = {},
): Promise<any> {
  return expectSuccess(
    await http
      .post(`${wm(companyId)}/catalog/categories`)
      .set(owner.auth)
      .send({ name: `Category ${Math.random().toString(36).slice(2, 10)}`, ...body }),
    201,
  );
}

/** A valid unit body: a batch-tracked FIFO product in RUB, unless overridden. */
export const trackedUnitBody = (categoryId: string, overrides: Record<string, unknown> = {}) => ({
  name: 'Widget',
  type: 'product',
  inventory_type: 'tracked',
  tracking_detail: 'batch',
  tracked_type: 'fifo',
  unit: 'pcs',
  sale_price: 150,
  purchase_price: 100,
  currency: 'RUB',
  category_id: categoryId,
  ...overrides,
});

/** Creates a catalog unit (a batch-tracked FIFO product unless overridden), in a new category unless one is given. */
export async function newUnit(
  http: TestAgent,
  owner: TestAccount,
  companyId: string,
  overrides: Record<string, unknown> = {},
): Promise<any> {
  const categoryId = (overrides.category_id as string) ?? (await newCategory(http, owner, companyId)).id;
  return expectSuccess(
    await http
      .post(`${wm(companyId)}/catalog/units`)
      .set(owner.auth)
      .send(trackedUnitBody(categoryId, overrides)),
    201,
  );
}
