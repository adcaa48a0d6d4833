/** @shared-app */
import { DataSource } from 'typeorm';
import { expectError, expectSuccess } from '../support/expectations';
import { newAccount, newCompany, TestAccount } from '../support/factories';
import { sharedTestApp, SharedTestApp } from '../support/shared-app';
import { WebhookReceiver } from '../support/webhook-receiver';
import { webhooksOf } from '../support/urls';

/** Without WEBHOOK_ALLOW_PRIVATE, webhooks reach public https addresses only (CONTRACT 19). */
describe('Webhooks: SSRF-safe URLs', () => {
  let t: SharedTestApp;
  let db: DataSource;
  let owner: TestAccount;
  let companyId: string;
  beforeAll(async () => {
    t = await sharedTestApp();
    db = t.db;
    owner = await newAccount(t.http, 'webhooks-ssrf');
    companyId = (await newCompany(t.http, owner)).id;
  });
  afterAll(() => t.close());

  const create = (url: string) =>
    t.http
      .post(webhooksOf(companyId))
      .set(owner.auth)
      .send({ url, events: ['*'] });

  it.each([
    'https://127.0.0.1/hook',
    'https://169.254.169.254/latest/meta-data/',
    'https://localhost/hook',
    'https://[::1]/hook',
    'https://[::ffff:127.0.0.1]/hook',
    'https://10.0.0.8/hook',
    'https://192.168.1.1/hook',
    'https://100.64.0.1/hook',
    'https://0.0.0.0/hook',
    'http://93.184.215.14/hook',
    'ftp://93.184.215.14/hook',
    'not a url',
    // CONTRACT 20: user information, control characters and the IPv6 forms of other ranges.
    'https://user:pass@93.184.215.14/hook',
    'https://user@93.184.215.14/hook',
    'https://93.184.215.14/ho\nok',
    'https://93.184.215.14/hook\u0000',
    'https://[::8.8.8.8]/hook',
    'https://[::ffff:8.8.8.8]/hook',
    'https://[2002:808:808::1]/hook',
    'https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/hook',
    'https://[64:ff9b::808:808]/hook',
    'https://[64:ff9b:1::808:808]/hook',
    'https://[fec0::1]/hook',
    'https://[fd12:3456::1]/hook',
  ])('refuses %s with 400 naming url', async (url) => {
    expect(expectError(await create(url), 400, 'validation_failed').error.details).toEqual([
      { field: 'url', message: expect.any(String) },
    ]);
  });

  it('accepts a public https address, and refuses a change of it to a private one', async () => {
    const hook = expectSuccess(await create('https://93.184.215.14/hook'), 201);
    expectError(
      await t.http
        .patch(`${webhooksOf(companyId)}/${hook.id}`)
        .set(owner.auth)
        .send({ url: 'https://169.254.169.254/' }),
      400,
      'validation_failed',
    );
    await t.http.delete(`${webhooksOf(companyId)}/${hook.id}`).set(owner.auth);
  });

  it('stores the URL in its WHATWG serialisation, on creation and on change', async () => {
    const hook = expectSuccess(await create('HTTPS://93.184.215.14:443/a/../Hook?x=1#part'), 201);
    expect(hook.url).toBe('https://93.184.215.14/Hook?x=1#part');
    const changed = expectSuccess(
      await t.http
        .patch(`${webhooksOf(companyId)}/${hook.id}`)
        .set(owner.auth)
        .send({ url: 'https://93.184.215.14/./b/%7Efoo' }),
    );
    expect(changed.url).toBe('https://93.184.215.14/b/%7Efoo');
    const [row] = await db.query(`SELECT url FROM webhooks WHERE id = $1`, [hook.id]);
    expect(row.url).toBe('https://93.184.215.14/b/%7Efoo');
    await t.http.delete(`${webhooksOf(companyId)}/${hook.id}`).set(owner.auth);
  });

  it('checks the address again at delivery: a URL that now points inward is never called', async () => {
    const receiver = await new WebhookReceiver().start();
    try {
      const hook = expectSuccess(await create('https://93.184.215.14/hook'), 201);
      // As if the name had been rebound to loopback since the webhook was accepted.
      await db.query(`UPDATE webhooks SET url = $1 WHERE id = $2`, [
        receiver.url('/rebound').replace('http:', 'https:'),
        hook.id,
      ]);
      await t.http.post(`/api/v1/companies/${companyId}/modules/crm/sources`).set(owner.auth).send({
        name: 'Rebinding',
        type: 'other',
      });
      let delivery: any;
      for (let i = 0; i < 100 && !delivery?.last_error; i++) {
        await new Promise((done) => setTimeout(done, 100));
        [delivery] = (
          await db.query(`SELECT attempts, last_error, status FROM webhook_deliveries WHERE webhook_id = $1`, [hook.id])
        ).filter((row: any) => row.attempts > 0);
      }
      expect(delivery).toMatchObject({
        status: 'pending',
        last_error: 'URL refused: must resolve to public addresses only',
      });
      expect(receiver.received).toHaveLength(0);
    } finally {
      await receiver.stop();
    }
  });
});
