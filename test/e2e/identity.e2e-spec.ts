/** @shared-app */
import { DataSource } from 'typeorm';
import { bearer, newAccount, newApiKey, uniqueEmail } from '../support/factories';
import { sharedTestApp, SharedTestApp } from '../support/shared-app';
import { createTestApp, TestApp } from '../support/test-app';
import { expectError, expectPage, expectSuccess, TIMESTAMP, UUID } from '../support/expectations';

describe('Identity: sign-up, sign-in, sessions', () => {
  let t: SharedTestApp;
  beforeAll(async () => {
    t = await sharedTestApp();
  });
  afterAll(() => t.close());

  describe('POST /account/reg', () => {
    it('creates a waiting password account with every field present, and signs it in', async () => {
      const email = uniqueEmail('Reg').replace('reg', 'REG');
      const session = expectSuccess(
        await t.http.post('/api/v1/account/reg').send({ email, password: 'password123', name: '  Anna  ' }),
        201,
      );
      expect(session).toEqual({
        access_token: expect.stringMatching(/^bps_/),
        token_type: 'Bearer',
        expires_at: expect.stringMatching(TIMESTAMP),
        user_id: session.user.id,
        email_sent: true,
        user: expect.any(Object),
      });
      expect(expectSuccess(await t.http.get('/api/v1/account').set(bearer(session.access_token)))).toEqual(
        session.user,
      );
      expect(session.user).toEqual({
        id: expect.stringMatching(UUID),
        email: email.toLowerCase(),
        name: 'Anna',
        avatar_url: null,
        auth_type: 'password',
        status: 'waiting',
        description: '',
        type: 'owner',
        is_admin: false,
        admin_level: null,
        locale: 'ru',
        created_at: expect.stringMatching(TIMESTAMP),
        updated_at: expect.stringMatching(TIMESTAMP),
      });
    });

    it('409 when the e-mail is taken, compared case-insensitively', async () => {
      const email = uniqueEmail('dup');
      await t.http.post('/api/v1/account/reg').send({ email, password: 'password123', name: 'A' }).expect(201);
      expectError(
        await t.http
          .post('/api/v1/account/reg')
          .send({ email: email.toUpperCase(), password: 'password123', name: 'B' }),
        409,
        'conflict',
      );
    });

    it('400 names each bad field', async () => {
      const body = expectError(
        await t.http.post('/api/v1/account/reg').send({ email: 'not-an-email', password: 'short', name: '' }),
        400,
        'validation_failed',
      );
      expect(body.error.details.map((d: { field: string }) => d.field).sort()).toEqual(['email', 'name', 'password']);
      expectError(
        await t.http.post('/api/v1/account/reg').send({ email: uniqueEmail(), password: 'x'.repeat(73), name: 'A' }),
        400,
        'validation_failed',
      );
    });

    it('never returns the password or its hash', async () => {
      const res = await t.http
        .post('/api/v1/account/reg')
        .send({ email: uniqueEmail(), password: 'password123', name: 'A' });
      expect(JSON.stringify(res.body)).not.toMatch(/password123|\$2[aby]\$/);
    });
  });

  describe('POST /account/auth', () => {
    it('returns a bearer token that authenticates, with the account', async () => {
      const email = uniqueEmail('login');
      await t.http.post('/api/v1/account/reg').send({ email, password: 'password123', name: 'L' }).expect(201);
      const session = expectSuccess(
        await t.http.post('/api/v1/account/auth').send({ email: email.toUpperCase(), password: 'password123' }),
      );
      expect(session).toEqual({
        access_token: expect.stringMatching(/^bps_/),
        token_type: 'Bearer',
        expires_at: expect.stringMatching(TIMESTAMP),
        user: expect.objectContaining({ email }),
      });
      expect(new Date(session.expires_at).getTime()).toBeGreaterThan(Date.now());
      const me = expectSuccess(await t.http.get('/api/v1/account').set(bearer(session.access_token)));
      expect(me.email).toBe(email);
    });

    it('401 with the same message for a wrong password and an unknown e-mail', async () => {
      const user = await newAccount(t.http, 'wrongpw');
      const wrong = expectError(
        await t.http.post('/api/v1/account/auth').send({ email: user.email, password: 'nope-nope' }),
        401,
        'unauthorized',
      );
      const unknown = expectError(
        await t.http.post('/api/v1/account/auth').send({ email: uniqueEmail('ghost'), password: 'nope-nope' }),
        401,
        'unauthorized',
      );
      expect(wrong.message).toBe(unknown.message);
    });

    it('refuses guessing from one address: past 5 failures of the pair, 429 with Retry-After even for the right password', async () => {
      const user = await newAccount(t.http, 'guess');
      const attempts = await Promise.all(
        Array.from({ length: 12 }, () =>
          t.http.post('/api/v1/account/auth').send({ email: user.email, password: 'guess-guess' }),
        ),
      );
      const statuses = attempts.map((r) => r.status);
      expect(statuses.filter((s) => s === 401)).toHaveLength(5);
      expect(statuses.filter((s) => s === 429)).toHaveLength(7);
      const refused = await t.http.post('/api/v1/account/auth').send({ email: user.email, password: user.password });
      expectError(refused, 429, 'rate_limited');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    });
  });

  describe('POST /account/log-out', () => {
    it('ends the session at once', async () => {
      const user = await newAccount(t.http, 'logout');
      expect(expectSuccess(await t.http.post('/api/v1/account/log-out').set(user.auth))).toEqual({});
      expectError(await t.http.get('/api/v1/account').set(user.auth), 401, 'unauthorized');
    });

    it('409 when called with an API key, which is revoked instead', async () => {
      const user = await newAccount(t.http, 'logoutkey');
      const key = await newApiKey(t.http, user);
      expectError(await t.http.post('/api/v1/account/log-out').set('X-API-Key', key.raw_key), 409, 'conflict');
    });

    it('401 without a credential', async () => {
      expectError(await t.http.post('/api/v1/account/log-out'), 401, 'unauthorized');
    });
  });

  describe('presenting credentials', () => {
    it.each([
      ['no header', {}],
      ['a malformed Authorization header', { Authorization: 'Token abc' }],
      ['an unknown bearer token', { Authorization: 'Bearer bps_doesnotexist' }],
      ['a garbage API key', { 'X-API-Key': 'garbage' }],
    ])('401 with %s', async (_label, headers) => {
      expectError(await t.http.get('/api/v1/account').set(headers as Record<string, string>), 401, 'unauthorized');
    });

    it('rejects a session token sent as X-API-Key', async () => {
      const user = await newAccount(t.http, 'sessionheader');
      expectError(await t.http.get('/api/v1/account').set('X-API-Key', user.token), 401, 'unauthorized');
    });

    it('401 once the session has expired', async () => {
      const user = await newAccount(t.http, 'expired');
      await t.db.query(`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE account_id = $1`, [user.id]);
      expectError(await t.http.get('/api/v1/account').set(user.auth), 401, 'unauthorized');
    });
  });
});

describe('Identity: account', () => {
  let t: SharedTestApp;
  beforeAll(async () => {
    t = await sharedTestApp();
  });
  afterAll(() => t.close());

  it('GET /account answers 401 without a credential', async () => {
    expectError(await t.http.get('/api/v1/account'), 401, 'unauthorized');
    expectError(await t.http.get('/api/v1/account/summary'), 401, 'unauthorized');
  });

  it('PATCH /account changes only the fields sent', async () => {
    const user = await newAccount(t.http, 'patch', 'Original');
    const before = expectSuccess(await t.http.get('/api/v1/account').set(user.auth));
    const described = expectSuccess(
      await t.http.patch('/api/v1/account').set(user.auth).send({ description: 'On holiday' }),
    );
    expect(described).toMatchObject({ name: 'Original', description: 'On holiday', type: 'owner' });
    expect(new Date(described.updated_at).getTime()).toBeGreaterThanOrEqual(new Date(before.updated_at).getTime());
    const typed = expectSuccess(
      await t.http.patch('/api/v1/account').set(user.auth).send({ type: 'outsourcing', name: 'New' }),
    );
    expect(typed).toMatchObject({ name: 'New', description: 'On holiday', type: 'outsourcing', email: user.email });
  });

  it('PATCH /account refuses unknown fields, a bad type and an empty name', async () => {
    const user = await newAccount(t.http, 'patchbad');
    expectError(
      await t.http.patch('/api/v1/account').set(user.auth).send({ email: 'x@y.z' }),
      400,
      'validation_failed',
    );
    expectError(
      await t.http.patch('/api/v1/account').set(user.auth).send({ is_admin: true }),
      400,
      'validation_failed',
    );
    expectError(
      await t.http.patch('/api/v1/account').set(user.auth).send({ type: 'emperor' }),
      400,
      'validation_failed',
    );
    expectError(await t.http.patch('/api/v1/account').set(user.auth).send({ name: '   ' }), 400, 'validation_failed');
  });

  it('GET /account/summary counts active fingerprints', async () => {
    const user = await newAccount(t.http, 'summary');
    expect(expectSuccess(await t.http.get('/api/v1/account/summary').set(user.auth))).toEqual({
      organizations_count: 0,
      invitations_count: 0,
      fingerprints_count: 0,
    });
    const first = expectSuccess(
      await t.http.post('/api/v1/account/fingerprints').set(user.auth).send({ expires_in: '1h' }),
      201,
    );
    await t.http.post('/api/v1/account/fingerprints').set(user.auth).send({ expires_in: '7d' }).expect(201);
    await t.http.post(`/api/v1/account/fingerprints/${first.id}/revoke`).set(user.auth).expect(200);
    expect(expectSuccess(await t.http.get('/api/v1/account/summary').set(user.auth)).fingerprints_count).toBe(1);
  });
});

describe('Identity: API keys', () => {
  let t: SharedTestApp;
  beforeAll(async () => {
    t = await sharedTestApp();
  });
  afterAll(() => t.close());

  it('creates a key whose raw_key is shown once and authenticates both ways', async () => {
    const user = await newAccount(t.http, 'keys');
    const key = await newApiKey(t.http, user, { name: 'CI' });
    expect(key).toEqual({
      id: expect.stringMatching(UUID),
      name: 'CI',
      raw_key: expect.stringMatching(/^bpk_/),
      key_prefix: expect.any(String),
      daily_requests: 1000,
      expires_at: null,
      created_at: expect.stringMatching(TIMESTAMP),
    });
    expect(key.raw_key.startsWith(key.key_prefix)).toBe(true);

    expect(expectSuccess(await t.http.get('/api/v1/account').set('X-API-Key', key.raw_key)).id).toBe(user.id);
    expect(expectSuccess(await t.http.get('/api/v1/account').set(bearer(key.raw_key))).id).toBe(user.id);

    const { items } = expectPage(await t.http.get('/api/v1/account/api-keys').set(user.auth), 'api_keys');
    expect(items).toHaveLength(1);
    expect(Object.keys(items[0]).sort()).toEqual(
      ['created_at', 'daily_requests', 'expires_at', 'id', 'key_prefix', 'last_used_at', 'name', 'revoked_at'].sort(),
    );
    const one = expectSuccess(await t.http.get(`/api/v1/account/api-keys/${key.id}`).set(user.auth));
    expect(one).toMatchObject({
      id: key.id,
      account_id: user.id,
      updated_at: expect.stringMatching(TIMESTAMP),
      last_used_at: expect.stringMatching(TIMESTAMP),
    });
    expect(JSON.stringify([items, one])).not.toContain(key.raw_key.slice(12));
  });

  it('sets expires_at from expires_in', async () => {
    const user = await newAccount(t.http, 'keyexp');
    const before = Date.now();
    const day = await newApiKey(t.http, user, { expires_in: '24h' });
    const twoDays = await newApiKey(t.http, user, { expires_in: '48h', daily_requests: 5 });
    expect(new Date(day.expires_at!).getTime() - before).toBeGreaterThanOrEqual(24 * 3600 * 1000 - 1000);
    expect(new Date(day.expires_at!).getTime() - before).toBeLessThan(24 * 3600 * 1000 + 5000);
    expect(new Date(twoDays.expires_at!).getTime() - before).toBeGreaterThanOrEqual(48 * 3600 * 1000 - 1000);
    expect(twoDays.daily_requests).toBe(5);
  });

  it.each([
    [{ expires_in: '1y' }],
    [{ daily_requests: 0 }],
    [{ daily_requests: 1.5 }],
    [{ daily_requests: 1_000_001 }],
    [{ daily_requests: '10' }],
    [{ name: '' }],
    [{ name: 'ok', secret: 'x' }],
  ])('400 for %j', async (body) => {
    const user = await newAccount(t.http, 'keybad');
    expectError(
      await t.http
        .post('/api/v1/account/api-keys')
        .set(user.auth)
        .send({ name: 'n', ...body }),
      400,
      'validation_failed',
    );
  });

  it('401 for the key list and creation without a credential', async () => {
    expectError(await t.http.get('/api/v1/account/api-keys'), 401, 'unauthorized');
    expectError(await t.http.post('/api/v1/account/api-keys').send({ name: 'x' }), 401, 'unauthorized');
  });

  it("404 for an unknown key or someone else's, 400 for a malformed id", async () => {
    const owner = await newAccount(t.http, 'keyowner');
    const other = await newAccount(t.http, 'keyother');
    const key = await newApiKey(t.http, owner);
    expectError(await t.http.get(`/api/v1/account/api-keys/${key.id}`).set(other.auth), 404, 'not_found');
    expectError(await t.http.post(`/api/v1/account/api-keys/${key.id}/revoke`).set(other.auth), 404, 'not_found');
    expectError(
      await t.http.get('/api/v1/account/api-keys/00000000-0000-4000-8000-000000000000').set(owner.auth),
      404,
      'not_found',
    );
    expectError(
      await t.http.post('/api/v1/account/api-keys/00000000-0000-4000-8000-000000000000/revoke').set(owner.auth),
      404,
      'not_found',
    );
    const malformed = expectError(
      await t.http.get('/api/v1/account/api-keys/not-a-uuid').set(owner.auth),
      400,
      'validation_failed',
    );
    expect(malformed.error.details).toEqual([{ field: 'keyId', message: 'must be a UUID' }]);
    expectSuccess(await t.http.get('/api/v1/account').set('X-API-Key', key.raw_key));
  });

  it('revocation takes effect at once', async () => {
    const user = await newAccount(t.http, 'revoke');
    const key = await newApiKey(t.http, user);
    expectSuccess(await t.http.get('/api/v1/account').set('X-API-Key', key.raw_key));
    expect(expectSuccess(await t.http.post(`/api/v1/account/api-keys/${key.id}/revoke`).set(user.auth))).toEqual({});
    expectError(await t.http.get('/api/v1/account').set('X-API-Key', key.raw_key), 401, 'unauthorized');
    const revoked = expectSuccess(await t.http.get(`/api/v1/account/api-keys/${key.id}`).set(user.auth));
    expect(revoked.revoked_at).toMatch(TIMESTAMP);
    expectSuccess(await t.http.post(`/api/v1/account/api-keys/${key.id}/revoke`).set(user.auth));
    expect(expectSuccess(await t.http.get(`/api/v1/account/api-keys/${key.id}`).set(user.auth)).revoked_at).toBe(
      revoked.revoked_at,
    );
  });

  it('expiry takes effect at once', async () => {
    const user = await newAccount(t.http, 'expire');
    const key = await newApiKey(t.http, user, { expires_in: '24h' });
    expectSuccess(await t.http.get('/api/v1/account').set('X-API-Key', key.raw_key));
    await t.db.query(`UPDATE api_keys SET expires_at = now() - interval '1 second' WHERE id = $1`, [key.id]);
    expectError(await t.http.get('/api/v1/account').set('X-API-Key', key.raw_key), 401, 'unauthorized');
  });
});

describe('Identity: the daily quota', () => {
  let t: SharedTestApp;
  let second: TestApp;
  beforeAll(async () => {
    [t, second] = await Promise.all([sharedTestApp(), createTestApp()]);
  });
  afterAll(async () => {
    await Promise.all([t.close(), second.close()]);
  });

  it('counts each request, reports it in headers, then answers 429 with Retry-After', async () => {
    const user = await newAccount(t.http, 'quota');
    const key = await newApiKey(t.http, user, { daily_requests: 3 });
    const nextMidnight = Math.floor(new Date().setUTCHours(24, 0, 0, 0) / 1000);
    for (const remaining of ['2', '1', '0']) {
      const res = await t.http.get('/api/v1/account').set('X-API-Key', key.raw_key);
      expectSuccess(res);
      expect(res.headers['x-ratelimit-limit']).toBe('3');
      expect(res.headers['x-ratelimit-remaining']).toBe(remaining);
      expect(Number(res.headers['x-ratelimit-reset'])).toBe(nextMidnight);
    }
    const refused = await t.http.get('/api/v1/account').set('X-API-Key', key.raw_key);
    expectError(refused, 429, 'rate_limited');
    expect(refused.headers['x-ratelimit-remaining']).toBe('0');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(86400);
    // Session requests are not metered.
    const session = await t.http.get('/api/v1/account').set(user.auth);
    expectSuccess(session);
    expect(session.headers['x-ratelimit-limit']).toBeUndefined();
  });

  it('counts requests that fail for another reason too', async () => {
    const user = await newAccount(t.http, 'quotafail');
    const key = await newApiKey(t.http, user, { daily_requests: 2 });
    expectError(
      await t.http.get('/api/v1/account/api-keys/not-a-uuid').set('X-API-Key', key.raw_key),
      400,
      'validation_failed',
    );
    expectSuccess(await t.http.get('/api/v1/account').set('X-API-Key', key.raw_key));
    expectError(await t.http.get('/api/v1/account').set('X-API-Key', key.raw_key), 429, 'rate_limited');
  });

  it('holds under 50 parallel requests across two instances: exactly 10 of quota 10 succeed', async () => {
    const user = await newAccount(t.http, 'quotapar');
    const key = await newApiKey(t.http, user, { daily_requests: 10 });
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        (i % 2 ? second : t).http.get('/api/v1/account').set('X-API-Key', key.raw_key),
      ),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40);
    const [{ count }] = await t.db.query(`SELECT count FROM api_key_usage WHERE api_key_id = $1`, [key.id]);
    expect(count).toBe(50);
  });
});
