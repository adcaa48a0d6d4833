/** @own-database */
import type { LookupAddress } from 'node:dns';
import { DataSource } from 'typeorm';
import { expectError, expectSuccess } from '../support/expectations';
import { newAccount, newCompany, TestAccount } from '../support/factories';
import { createTestApp, TestApp } from '../support/test-app';
import { webhooksOf } from '../support/urls';

type LookupCallback = (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void;

/** Look-ups of `slow.example` wait here until the test answers them; others resolve to a public address. */
const waiting: LookupCallback[] = [];
jest.mock('node:dns', () => ({
  ...jest.requireActual('node:dns'),
  lookup: (host: string, _options: unknown, callback: LookupCallback) =>
    host === 'slow.example' ? waiting.push(callback) : callback(null, [{ address: '93.184.215.14', family: 4 }]),
}));

/**
 * A webhook's URL is resolved before the change's transaction opens (CONTRACT 19, docs/webhooks.md):
 * however long DNS takes, no database connection sits in an open transaction, holding the company,
 * while it waits.
 */
// The webhooks listen to an event these tests never cause, so no delivery looks a host up.
describe('Webhooks: the URL resolved outside any transaction', () => {
  let t: TestApp;
  let db: DataSource;
  let owner: TestAccount;
  let companyId: string;
  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
    owner = await newAccount(t.http, 'webhooks-dns');
    companyId = (await newCompany(t.http, owner)).id;
  });
  afterAll(() => t.close());

  const openTransactions = async () =>
    Number(
      (
        await db.query(
          `SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND state LIKE 'idle in transaction%'`,
        )
      )[0].count,
    );

  /** Sends the request, waits until its look-up is held, counts open transactions, then lets DNS answer. */
  async function whileResolving(send: () => PromiseLike<any>, answer: (callback: LookupCallback) => void) {
    const answered = Promise.resolve(send());
    for (let i = 0; i < 200 && waiting.length === 0; i++) await new Promise((done) => setTimeout(done, 10));
    expect(waiting).toHaveLength(1);
    const open = await openTransactions();
    answer(waiting.pop()!);
    return { open, response: await answered };
  }

  it('creates a webhook: no transaction is open while its host resolves', async () => {
    const { open, response } = await whileResolving(
      () =>
        t.http
          .post(webhooksOf(companyId))
          .set(owner.auth)
          .send({ url: 'https://slow.example/hook', events: ['crm.clients.create'] }),
      (callback) => callback(null, [{ address: '93.184.215.14', family: 4 }]),
    );
    expect(open).toBe(0);
    expect(expectSuccess(response, 201)).toMatchObject({ url: 'https://slow.example/hook' });
  });

  it('refuses a host that does not resolve, and changes a URL the same way', async () => {
    const refused = await whileResolving(
      () =>
        t.http
          .post(webhooksOf(companyId))
          .set(owner.auth)
          .send({ url: 'https://slow.example/x', events: ['crm.clients.create'] }),
      (callback) => callback(Object.assign(new Error('queryA ENOTFOUND slow.example'), { code: 'ENOTFOUND' }), []),
    );
    expect(refused.open).toBe(0);
    expect(expectError(refused.response, 400, 'validation_failed').error.details).toEqual([
      { field: 'url', message: 'its host does not resolve' },
    ]);

    const hook = expectSuccess(
      await t.http
        .post(webhooksOf(companyId))
        .set(owner.auth)
        .send({ url: 'https://fast.example/', events: ['crm.clients.create'] }),
      201,
    );
    const changed = await whileResolving(
      () =>
        t.http
          .patch(`${webhooksOf(companyId)}/${hook.id}`)
          .set(owner.auth)
          .send({ url: 'https://slow.example/changed' }),
      (callback) => callback(null, [{ address: '93.184.215.14', family: 4 }]),
    );
    expect(changed.open).toBe(0);
    expect(expectSuccess(changed.response, 200)).toMatchObject({ id: hook.id, url: 'https://slow.example/changed' });
  });
});
