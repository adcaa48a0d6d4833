import { DataSource } from 'typeorm';
import { bearer, newAccount } from '../support/factories';
import { createTestApp, TestApp } from '../support/test-app';
import { expectError, expectPage, expectSuccess, TIMESTAMP, UUID } from '../support/expectations';

describe('Fingerprints', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const create = async (auth: Record<string, string>, expires_in: string) =>
    expectSuccess(await t.http.post('/api/v1/account/fingerprints').set(auth).send({ expires_in }), 201);

  it('creates a fingerprint with its raw key shown once, lists it without the key', async () => {
    const user = await newAccount(t.http, 'fp');
    const before = Date.now();
    const fingerprint = await create(user.auth, '24h');
    expect(fingerprint).toEqual({
      id: expect.stringMatching(UUID),
      key_prefix: expect.stringMatching(/^bpf_/),
      expires_at: expect.stringMatching(TIMESTAMP),
      active: true,
      created_at: expect.stringMatching(TIMESTAMP),
      raw_key: expect.stringMatching(/^bpf_/),
    });
    expect(fingerprint.raw_key.startsWith(fingerprint.key_prefix)).toBe(true);
    expect(Math.abs(new Date(fingerprint.expires_at).getTime() - before - 86400_000)).toBeLessThan(5000);

    const { items, pagination } = expectPage(
      await t.http.get('/api/v1/account/fingerprints').set(user.auth),
      'fingerprints',
    );
    expect(pagination.total).toBe(1);
    const { raw_key: _raw, ...listed } = fingerprint;
    expect(items).toEqual([listed]);
  });

  it('400 when expires_in is missing or not 1h, 24h or 7d', async () => {
    const user = await newAccount(t.http, 'fpbad');
    expectError(await t.http.post('/api/v1/account/fingerprints').set(user.auth).send({}), 400, 'validation_failed');
    expectError(
      await t.http.post('/api/v1/account/fingerprints').set(user.auth).send({ expires_in: '2h' }),
      400,
      'validation_failed',
    );
  });

  it('signs a third party in; deactivation ends that session at once and is irreversible', async () => {
    const user = await newAccount(t.http, 'fpsignin');
    const fingerprint = await create(user.auth, '1h');
    const session = expectSuccess(await t.http.post('/api/v1/auth/fingerprint').send({ key: fingerprint.raw_key }));
    expect(session).toMatchObject({ token_type: 'Bearer', account: { id: user.id } });
    expect(new Date(session.expires_at).getTime()).toBeLessThanOrEqual(new Date(fingerprint.expires_at).getTime());
    expect(expectSuccess(await t.http.get('/api/v1/account').set(bearer(session.access_token))).id).toBe(user.id);

    const deactivated = expectSuccess(
      await t.http.post(`/api/v1/account/fingerprints/${fingerprint.id}/deactivate`).set(user.auth),
    );
    expect(deactivated).toMatchObject({ id: fingerprint.id, active: false });
    expectError(await t.http.get('/api/v1/account').set(bearer(session.access_token)), 401, 'unauthorized');
    expectError(await t.http.post('/api/v1/auth/fingerprint').send({ key: fingerprint.raw_key }), 401, 'unauthorized');
    expect(
      expectSuccess(await t.http.post(`/api/v1/account/fingerprints/${fingerprint.id}/deactivate`).set(user.auth))
        .active,
    ).toBe(false);
    // The owner's own session is untouched.
    expectSuccess(await t.http.get('/api/v1/account').set(user.auth));
  });

  it('a session opened with a fingerprint ends when the fingerprint expires', async () => {
    const user = await newAccount(t.http, 'fpexpire');
    const fingerprint = await create(user.auth, '1h');
    const session = expectSuccess(await t.http.post('/api/v1/auth/fingerprint').send({ key: fingerprint.raw_key }));
    await t.app
      .get(DataSource)
      .query(`UPDATE fingerprints SET expires_at = now() - interval '1 second' WHERE id = $1`, [fingerprint.id]);
    expectError(await t.http.get('/api/v1/account').set(bearer(session.access_token)), 401, 'unauthorized');
  });

  it("401 for an unknown key; 404 for someone else's fingerprint", async () => {
    const owner = await newAccount(t.http, 'fpowner');
    const other = await newAccount(t.http, 'fpother');
    const fingerprint = await create(owner.auth, '1h');
    expectError(await t.http.post('/api/v1/auth/fingerprint').send({ key: 'bpf_unknown' }), 401, 'unauthorized');
    expectError(
      await t.http.post(`/api/v1/account/fingerprints/${fingerprint.id}/deactivate`).set(other.auth),
      404,
      'not_found',
    );
    expect(expectPage(await t.http.get('/api/v1/account/fingerprints').set(other.auth), 'fingerprints').items).toEqual(
      [],
    );
    expectError(await t.http.get('/api/v1/account/fingerprints'), 401, 'unauthorized');
  });
});
