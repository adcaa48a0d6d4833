/** @shared-app */
import { DataSource } from 'typeorm';
import { bearer, newAccount } from '../support/factories';
import { sharedTestApp, SharedTestApp } from '../support/shared-app';
import { expectError, expectPage, expectSuccess, TIMESTAMP, UUID } from '../support/expectations';

/** The refresh_token cookie's value in a response, or undefined. */
const refreshCookie = (res: { headers: Record<string, unknown> }): string | undefined =>
  ((res.headers['set-cookie'] as string[] | undefined) ?? [])
    .map((line) => /^refresh_token=([^;]*)/.exec(line)?.[1])
    .find((value) => value);

describe('Fingerprints', () => {
  let t: SharedTestApp;
  beforeAll(async () => {
    t = await sharedTestApp();
  });
  afterAll(() => t.close());

  const create = async (auth: Record<string, string>, body: Record<string, unknown> = {}) =>
    expectSuccess(await t.http.post('/api/v1/account/fingerprints').set(auth).send(body), 201);
  const list = async (auth: Record<string, string>, query = '') =>
    expectPage(await t.http.get(`/api/v1/account/fingerprints${query}`).set(auth), 'fingerprints');

  it('creates a fingerprint with the Kroncl fields and its key shown once; lists it without the key', async () => {
    const user = await newAccount(t.http, 'fp');
    const before = Date.now();
    const fingerprint = await create(user.auth, { expires_in: '24h' });
    expect(fingerprint).toEqual({
      id: expect.stringMatching(UUID),
      status: 'active',
      expired_at: expect.stringMatching(TIMESTAMP),
      last_used_at: null,
      masked_key: `${fingerprint.key_prefix}...`,
      key_prefix: expect.stringMatching(/^bpf_/),
      created_at: expect.stringMatching(TIMESTAMP),
      key: expect.stringMatching(/^bpf_/),
    });
    expect(fingerprint.key.startsWith(fingerprint.key_prefix)).toBe(true);
    expect(Math.abs(new Date(fingerprint.expired_at).getTime() - before - 86400_000)).toBeLessThan(5000);

    const { items, pagination } = await list(user.auth);
    expect(pagination.total).toBe(1);
    const { key: _key, ...listed } = fingerprint;
    expect(items).toEqual([listed]);
  });

  it.each([
    ['1h', 3600],
    ['7d', 7 * 86400],
    ['30d', 30 * 86400],
    ['720h', 720 * 3600],
    ['2160h', 2160 * 3600],
    ['8760h', 8760 * 3600],
  ])('expires_in %s sets expired_at that far ahead', async (expiresIn, seconds) => {
    const user = await newAccount(t.http, 'fplife');
    const before = Date.now();
    const fingerprint = await create(user.auth, { expires_in: expiresIn });
    expect(Math.abs(new Date(fingerprint.expired_at).getTime() - before - seconds * 1000)).toBeLessThan(5000);
  });

  it('never expires with expires_in never, null or absent (an empty body)', async () => {
    const user = await newAccount(t.http, 'fpnever');
    for (const body of [{ expires_in: 'never' }, { expires_in: null }, {}]) {
      expect((await create(user.auth, body)).expired_at).toBeNull();
    }
    expect(expectSuccess(await t.http.get('/api/v1/account/summary').set(user.auth)).fingerprints_count).toBe(3);
  });

  it('400 for another expires_in', async () => {
    const user = await newAccount(t.http, 'fpbad');
    for (const expires_in of ['2h', '1d', 30]) {
      expectError(
        await t.http.post('/api/v1/account/fingerprints').set(user.auth).send({ expires_in }),
        400,
        'validation_failed',
      );
    }
  });

  it('signs a third party in (last_used_at kept); revoking ends that session and its refresh chain at once', async () => {
    const user = await newAccount(t.http, 'fpsignin');
    const fingerprint = await create(user.auth, { expires_in: '1h' });
    const signIn = await t.http.post('/api/v1/account/fingerprints/auth').send({ key: fingerprint.key });
    const session = expectSuccess(signIn);
    expect(session).toEqual({
      access_token: expect.stringMatching(/^bps_/),
      token_type: 'Bearer',
      expires_at: expect.stringMatching(TIMESTAMP),
      user: expect.objectContaining({ id: user.id, email: user.email }),
    });
    expect(new Date(session.expires_at).getTime()).toBeLessThanOrEqual(new Date(fingerprint.expired_at).getTime());
    expect(expectSuccess(await t.http.get('/api/v1/account').set(bearer(session.access_token))).id).toBe(user.id);
    const [listed] = (await list(user.auth)).items;
    expect(listed.last_used_at).toMatch(TIMESTAMP);

    const revoked = expectSuccess(
      await t.http.post(`/api/v1/account/fingerprints/${fingerprint.id}/revoke`).set(user.auth),
    );
    expect(revoked).toMatchObject({ id: fingerprint.id, status: 'inactive' });
    expectError(await t.http.get('/api/v1/account').set(bearer(session.access_token)), 401, 'unauthorized');
    expectError(
      await t.http.post('/api/v1/account/refresh').set('Cookie', `refresh_token=${refreshCookie(signIn)}`),
      401,
      'unauthorized',
    );
    expectError(
      await t.http.post('/api/v1/account/fingerprints/auth').send({ key: fingerprint.key }),
      401,
      'unauthorized',
    );
    expect(
      expectSuccess(await t.http.post(`/api/v1/account/fingerprints/${fingerprint.id}/revoke`).set(user.auth)).status,
    ).toBe('inactive');
    // The owner's own session is untouched.
    expectSuccess(await t.http.get('/api/v1/account').set(user.auth));
  });

  it("a fingerprint's session and refresh chain end no later than the fingerprint", async () => {
    const user = await newAccount(t.http, 'fpexpire');
    const fingerprint = await create(user.auth, { expires_in: '1h' });
    const signIn = await t.http.post('/api/v1/account/fingerprints/auth').send({ key: fingerprint.key });
    const session = expectSuccess(signIn);
    const cookie = (signIn.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('refresh_token='))!;
    const maxAge = Number(/Max-Age=(\d+)/.exec(cookie)![1]);
    expect(maxAge).toBeLessThanOrEqual(3600);
    expect(maxAge).toBeGreaterThan(3500);
    await t.db.query(`UPDATE fingerprints SET expires_at = now() - interval '1 second' WHERE id = $1`, [
      fingerprint.id,
    ]);
    expectError(await t.http.get('/api/v1/account').set(bearer(session.access_token)), 401, 'unauthorized');
    expectError(
      await t.http.post('/api/v1/account/refresh').set('Cookie', `refresh_token=${refreshCookie(signIn)}`),
      401,
      'unauthorized',
    );
  });

  it('filters by status and searches the id or the key prefix', async () => {
    const user = await newAccount(t.http, 'fpfilter');
    const kept = await create(user.auth, { expires_in: '7d' });
    const revoked = await create(user.auth);
    await t.http.post(`/api/v1/account/fingerprints/${revoked.id}/revoke`).set(user.auth).expect(200);
    const ids = async (query: string) => (await list(user.auth, query)).items.map((f) => f.id);

    expect(await ids('?status=active')).toEqual([kept.id]);
    expect(await ids('?status=inactive')).toEqual([revoked.id]);
    expect(await ids(`?search=${kept.key_prefix.slice(4).toUpperCase()}`)).toEqual([kept.id]);
    expect(await ids(`?search=${revoked.id.slice(0, 8)}`)).toEqual([revoked.id]);
    expect(await ids(`?search=${kept.key_prefix}&status=inactive`)).toEqual([]);
    expect(await ids('?search=%25')).toEqual([]);
    expectError(await t.http.get('/api/v1/account/fingerprints?status=gone').set(user.auth), 400, 'validation_failed');
  });

  it("401 for an unknown key; 404 for someone else's fingerprint", async () => {
    const owner = await newAccount(t.http, 'fpowner');
    const other = await newAccount(t.http, 'fpother');
    const fingerprint = await create(owner.auth, { expires_in: '1h' });
    expectError(
      await t.http.post('/api/v1/account/fingerprints/auth').send({ key: 'bpf_unknown' }),
      401,
      'unauthorized',
    );
    expectError(
      await t.http.post(`/api/v1/account/fingerprints/${fingerprint.id}/revoke`).set(other.auth),
      404,
      'not_found',
    );
    expect((await list(other.auth)).items).toEqual([]);
    expectError(await t.http.get('/api/v1/account/fingerprints'), 401, 'unauthorized');
  });
});
