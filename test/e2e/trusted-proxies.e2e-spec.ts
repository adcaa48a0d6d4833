import { DataSource } from 'typeorm';
import { newAccount, newCompany } from '../support/factories';
import { expectSuccess } from '../support/expectations';
import type { TestApp } from '../support/test-app';

/**
 * TRUST_PROXY is a hop count or the proxies' ranges (issue 14, defect 6): behind one ingress
 * the recorded address is the one the ingress appended, never the client's own leftmost entry.
 */
describe('TRUST_PROXY=1 (one ingress hop)', () => {
  let t: TestApp;
  const previous = process.env.TRUST_PROXY;
  beforeAll(async () => {
    process.env.TRUST_PROXY = '1';
    // The configuration is read when the application module is first imported.
    const { createTestApp } = await import('../support/test-app');
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
    if (previous === undefined) delete process.env.TRUST_PROXY;
    else process.env.TRUST_PROXY = previous;
  });

  it('records the address the ingress saw, not the one the client wrote', async () => {
    const owner = await newAccount(t.http, 'proxied');
    const company = await newCompany(t.http, owner);
    expectSuccess(
      await t.http
        .patch(`/api/v1/companies/${company.id}`)
        .set({ ...owner.auth, 'X-Forwarded-For': '6.6.6.6, 203.0.113.7' })
        .send({ description: 'via ingress' }),
    );
    const records = await t.app
      .get(DataSource)
      .query(`SELECT ip FROM audit_logs WHERE company_id = $1 AND key = 'company.update'`, [company.id]);
    expect(records).toEqual([{ ip: '203.0.113.7' }]);
  });
});
