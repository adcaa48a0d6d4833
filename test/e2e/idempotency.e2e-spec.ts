/** @shared-app */
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { expectError, expectSuccess } from '../support/expectations';
import { auditRecords, newAccount, newApiKey, newCompany, TestAccount } from '../support/factories';
import { newCounterparty } from '../support/finance';
import { sharedTestApp, SharedTestApp } from '../support/shared-app';
import { fm } from '../support/urls';

/** `Idempotency-Key` on every POST and PATCH (CONTRACT 18). */
describe('Idempotency-Key', () => {
  let t: SharedTestApp;
  let db: DataSource;
  let owner: TestAccount;
  let companyId: string;
  let creditId: string;
  beforeAll(async () => {
    t = await sharedTestApp();
    db = t.db;
    owner = await newAccount(t.http, 'idempotency');
    companyId = (await newCompany(t.http, owner)).id;
  });
  afterAll(() => t.close());

  beforeEach(async () => {
    const bank = await newCounterparty(t.http, owner, companyId, { name: 'Bank' });
    creditId = expectSuccess(
      await t.http
        .post(`${fm(companyId)}/credits`)
        .set(owner.auth)
        .send({
          name: 'Credit',
          type: 'debt',
          total_amount: 1000,
          currency: 'RUB',
          start_date: '2026-01-01',
          end_date: '2026-12-31',
          counterparty_id: bank.id,
        }),
      201,
    ).id;
  });

  const pay = (key: string, body: Record<string, unknown> = { amount: 10, paid_at: '2026-03-01T09:30:00.000Z' }) =>
    t.http
      .post(`${fm(companyId)}/credits/${creditId}/pay`)
      .set(owner.auth)
      .set('Idempotency-Key', key)
      .send(body);
  const paid = async () =>
    expectSuccess(await t.http.get(`${fm(companyId)}/credits/${creditId}`).set(owner.auth)).paid_amount;
  const payRecords = async () =>
    (await auditRecords(db, companyId, 'fm.credits.pay')).filter((r) => r.metadata.path.includes(creditId));

  it('a payment retried with its key after the first succeeded changes nothing and answers the same body', async () => {
    const key = randomUUID();
    const first = await pay(key);
    expect(first.status).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    // Same JSON value, other key order and spacing.
    const again = await t.http
      .post(`${fm(companyId)}/credits/${creditId}/pay`)
      .set(owner.auth)
      .set('Idempotency-Key', key)
      .set('Content-Type', 'application/json')
      .send('{ "paid_at": "2026-03-01T09:30:00.000Z",  "amount": 10 }');
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.data).toEqual(first.body.data);
    expect(again.body.message).toBe(first.body.message);
    expect(again.body.meta.request_id).not.toBe(first.body.meta.request_id);
    expect(again.headers['x-request-id']).toBe(again.body.meta.request_id);
    expect(await paid()).toBe(10);
    expect(await payRecords()).toHaveLength(1);
  });

  it('the same key with another body, method or path is 422 idempotency_key_reused', async () => {
    const key = randomUUID();
    expectSuccess(await pay(key), 201);
    expectError(await pay(key, { amount: 11, paid_at: '2026-03-01T09:30:00.000Z' }), 422, 'idempotency_key_reused');
    expectError(
      await t.http
        .patch(`${fm(companyId)}/credits/${creditId}`)
        .set(owner.auth)
        .set('Idempotency-Key', key)
        .send({
          name: 'Renamed',
        }),
      422,
      'idempotency_key_reused',
    );
    expect(await paid()).toBe(10);
  });

  it('ten concurrent requests with one key make one change; the others are replays or 409 in progress', async () => {
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 10 }, () => pay(key)));
    const made = answers.filter((res) => res.status === 201 && !res.headers['idempotent-replayed']);
    const replayed = answers.filter((res) => res.status === 201 && res.headers['idempotent-replayed'] === 'true');
    const running = answers.filter((res) => res.status === 409);
    expect(made).toHaveLength(1);
    expect(replayed.length + running.length).toBe(9);
    for (const res of running) {
      expect(res.body.error.code).toBe('idempotency_in_progress');
      expect(res.headers['retry-after']).toBe('1');
    }
    for (const res of replayed) expect(res.body.data).toEqual(made[0].body.data);
    expect(await paid()).toBe(10);
    expect(await payRecords()).toHaveLength(1);
  });

  it('stores a 4xx answer too: a refused body replays its 400, a refused payment its 409', async () => {
    const key = randomUUID();
    const bad = { amount: -1, paid_at: '2026-03-01T09:30:00.000Z' };
    const first = expectError(await pay(key, bad), 400, 'validation_failed');
    const again = await pay(key, bad);
    expectError(again, 400, 'validation_failed');
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.error).toEqual(first.error);

    const tooMuch = { amount: 5000, paid_at: '2026-03-01T09:30:00.000Z' };
    const refusalKey = randomUUID();
    const refused = await pay(refusalKey, tooMuch);
    expect(refused.status).toBeGreaterThanOrEqual(400);
    const repeated = await pay(refusalKey, tooMuch);
    expect(repeated.status).toBe(refused.status);
    expect(repeated.headers['idempotent-replayed']).toBe('true');
    expect(repeated.body.error).toEqual(refused.body.error);
    expect(await paid()).toBe(0);
  });

  it("keys are the calling account's: another account's same key runs its own request", async () => {
    const key = randomUUID();
    expectSuccess(await pay(key), 201);
    const other = await newAccount(t.http, 'idempotency-other');
    const res = await t.http
      .post('/api/v1/companies')
      .set(other.auth)
      .set('Idempotency-Key', key)
      .send({ name: 'Other', slug: `other-${randomUUID().slice(0, 8)}` });
    expect(res.headers['idempotent-replayed']).toBeUndefined();
    expect(res.status).toBe(201);
  });

  it('refuses a malformed key with 400 naming Idempotency-Key, and ignores it where no credential is needed', async () => {
    for (const key of ['a b', 'x'.repeat(256), 'a\tb', '']) {
      const res = await pay(key);
      expect(expectError(res, 400, 'validation_failed').error.details).toEqual([
        { field: 'Idempotency-Key', message: expect.any(String) },
      ]);
    }
    expect(await paid()).toBe(0);
    const signIn = await t.http
      .post('/api/v1/account/auth')
      .set('Idempotency-Key', 'a b')
      .send({ email: owner.email, password: owner.password });
    expect(signIn.status).toBe(200);
  });

  it('a write outside the audited routes stores its answer in its own transaction: no change without it', async () => {
    // Storing the answer fails for these keys only: the change it answers must roll back with it.
    await db.query(`
      CREATE FUNCTION test_refuse_stored_answer() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.key LIKE 'refuse-store-%' AND NEW.status_code IS NOT NULL THEN
          RAISE EXCEPTION 'answer not stored';
        END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER test_refuse_stored_answer BEFORE UPDATE ON idempotency_keys
        FOR EACH ROW EXECUTE FUNCTION test_refuse_stored_answer();`);
    const name = `Atomic ${randomUUID().slice(0, 8)}`;
    const createCompany = (key: string) =>
      t.http.post('/api/v1/companies').set(owner.auth).set('Idempotency-Key', key).send({ name });
    const createKey = (key: string) =>
      t.http.post('/api/v1/account/api-keys').set(owner.auth).set('Idempotency-Key', key).send({ name });
    const named = async () => ({
      companies: expectSuccess(
        await t.http.get(`/api/v1/companies/my?search=${encodeURIComponent(name)}`).set(owner.auth),
      ).companies.length,
      keys: (await db.query('SELECT 1 FROM api_keys WHERE account_id = $1 AND name = $2', [owner.id, name])).length,
    });
    const companyKey = `refuse-store-${randomUUID()}`;
    const apiKeyKey = `refuse-store-${randomUUID()}`;
    try {
      expectError(await createCompany(companyKey), 500, 'internal_error');
      expectError(await createKey(apiKeyKey), 500, 'internal_error');
      expect(await named()).toEqual({ companies: 0, keys: 0 });
    } finally {
      await db.query(
        'DROP TRIGGER test_refuse_stored_answer ON idempotency_keys; DROP FUNCTION test_refuse_stored_answer()',
      );
    }
    // A 5xx frees the key: the same request with the same key now runs, once.
    expectSuccess(await createCompany(companyKey), 201);
    expectSuccess(await createKey(apiKeyKey), 201);
    expect((await createCompany(companyKey)).headers['idempotent-replayed']).toBe('true');
    expect(await named()).toEqual({ companies: 1, keys: 1 });
  });

  it('an answer that showed a secret once is not replayed: 409 idempotency_replay_unavailable', async () => {
    const key = randomUUID();
    const created = await t.http
      .post('/api/v1/account/api-keys')
      .set(owner.auth)
      .set('Idempotency-Key', key)
      .send({ name: 'scripted' });
    expect(expectSuccess(created, 201).raw_key).toEqual(expect.any(String));
    expectError(
      await t.http
        .post('/api/v1/account/api-keys')
        .set(owner.auth)
        .set('Idempotency-Key', key)
        .send({ name: 'scripted' }),
      409,
      'idempotency_replay_unavailable',
    );
    const stored = await db.query(`SELECT answer::text AS answer FROM idempotency_keys WHERE key = $1`, [key]);
    expect(stored[0].answer).not.toContain(created.body.data.raw_key);
  });

  it("counts replays against an API key's daily quota", async () => {
    const apiKey = await newApiKey(t.http, owner, { daily_requests: 2 });
    const key = randomUUID();
    const send = () =>
      t.http
        .post('/api/v1/companies')
        .set('X-API-Key', apiKey.raw_key)
        .set('Idempotency-Key', key)
        .send({ name: 'Quota', slug: `quota-${key.slice(0, 8)}` });
    expect((await send()).status).toBe(201);
    expect((await send()).headers['idempotent-replayed']).toBe('true');
    expectError(await send(), 429, 'rate_limited');
  });
});
