import '../support/webhook-env';
import { DataSource } from 'typeorm';
import { expectError, expectPage, expectSuccess, TIMESTAMP, UUID } from '../support/expectations';
import { bearer, newAccount, newApiKey, newCompany, TestAccount } from '../support/factories';
import { createOwnDatabase, type OwnDatabase } from '../support/own-database';
import { SmtpListener } from '../support/smtp-listener';
import type { TestApp } from '../support/test-app';
import { webhooksOf } from '../support/urls';

const API = '/api/v1';
const NEEDS_PASSWORD = [{ field: 'credential', message: 'needs a session signed in with the password' }];

/** The routes CONTRACT 20 gives to password sessions only (and every `/admin` route, §21). */
const PASSWORD_ONLY = [
  `POST ${API}/account/api-keys`,
  `POST ${API}/account/api-keys/{keyId}/revoke`,
  `POST ${API}/account/fingerprints`,
  `POST ${API}/account/fingerprints/{fingerprintId}/revoke`,
  `POST ${API}/account/password`,
  `GET ${API}/account/security-events`,
  `POST ${API}/companies/{id}/webhooks`,
  `POST ${API}/companies/{id}/webhooks/{webhookId}/rotate-secret`,
  `DELETE ${API}/companies/{id}`,
].sort();

type Operations = Array<{ route: string; op: Record<string, any> }>;

/**
 * CONTRACT 20, "what each credential may do": a fingerprint session or an API key cannot mint,
 * revoke or read what only a password session may; a password change or reset takes back what
 * a thief could hold; every answer to a credential holder is `no-store`; security events.
 */
describe('Credential kinds', () => {
  let t: TestApp;
  let db: DataSource;
  let operations: Operations;
  const smtp = new SmtpListener();
  const saved = { ...process.env };
  let ownDatabase: OwnDatabase;

  beforeAll(async () => {
    // The reset tests read their links from the mail this suite's sender drains at once; a
    // database of its own keeps that sender off other suites' outbox (CONTRACT 23).
    ownDatabase = await createOwnDatabase('credentials');
    process.env.DATABASE_URL = ownDatabase.url;
    process.env.MAIL_POLL_MS = '50';
    process.env.SMTP_URL = await smtp.start();
    // The configuration is read when the application module is first imported.
    const { createTestApp } = await import('../support/test-app');
    t = await createTestApp();
    db = t.app.get(DataSource);
    const doc = (await t.http.get('/api/docs-json')).body;
    operations = Object.entries(doc.paths as Record<string, Record<string, any>>).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ route: `${method.toUpperCase()} ${path}`, op })),
    );
  });
  // Closing waits for the mail sender's round under way and drops a database: slow on a loaded machine.
  afterAll(async () => {
    await t.close();
    await smtp.stop();
    process.env = saved;
    await ownDatabase.drop();
  }, 60_000);

  const signIn = async (email: string, password: string) =>
    bearer(expectSuccess(await t.http.post(`${API}/account/auth`).send({ email, password })).access_token);
  const newFingerprint = async (owner: TestAccount) =>
    expectSuccess(await t.http.post(`${API}/account/fingerprints`).set(owner.auth).send({}), 201);
  const fingerprintSession = async (key: string) =>
    bearer(expectSuccess(await t.http.post(`${API}/account/fingerprints/auth`).send({ key })).access_token);
  const call = (route: string, url: string, auth: Record<string, string>) => {
    const method = route.split(' ')[0].toLowerCase() as 'get' | 'post' | 'delete';
    return t.http[method](url).set(auth).send({});
  };

  describe('the route table', () => {
    it('declares x-credential: password on exactly the routes CONTRACT 20 lists', () => {
      const declared = operations.filter(({ op }) => op['x-credential'] === 'password').map(({ route }) => route);
      expect(declared.filter((route) => !route.includes(`${API}/admin`)).sort()).toEqual(PASSWORD_ONLY);
      for (const { op } of operations.filter(({ op }) => op['x-credential'])) {
        expect(op.description).toContain('from a session signed in with the password');
        expect(op.description).toContain('403 `forbidden`');
      }
    });

    it('every route that shows a secret once, and every /admin route, needs a password session', () => {
      const revealsSecret = ({ op }: Operations[number]) =>
        JSON.stringify(op.responses?.['409'] ?? {}).includes('idempotency_replay_unavailable');
      const forgotten = operations
        .filter((entry) => revealsSecret(entry) || entry.route.includes(`${API}/admin`))
        .filter(({ op }) => op['x-credential'] !== 'password')
        .map(({ route }) => route);
      expect(forgotten).toEqual([]);
      expect(operations.filter(revealsSecret).length).toBeGreaterThanOrEqual(4);
    });
  });

  describe('each listed route refuses a fingerprint session and an API key', () => {
    let owner: TestAccount;
    let paths: Record<string, string>;
    let weaker: Array<[string, Record<string, string>]>;

    beforeAll(async () => {
      owner = await newAccount(t.http, 'kinds');
      const company = await newCompany(t.http, owner);
      const key = await newApiKey(t.http, owner);
      const fingerprint = await newFingerprint(owner);
      const webhook = expectSuccess(
        await t.http
          .post(webhooksOf(company.id))
          .set(owner.auth)
          .send({ url: 'http://127.0.0.1:9/hook', events: ['crm.clients.create'] }),
        201,
      );
      paths = { id: company.id, keyId: key.id, fingerprintId: fingerprint.id, webhookId: webhook.id };
      weaker = [
        ['a fingerprint session', await fingerprintSession(fingerprint.key)],
        ['an API key', { 'X-API-Key': key.raw_key }],
      ];
    });
    const fill = (route: string) => route.split(' ')[1].replace(/\{(\w+)\}/g, (_, name: string) => paths[name]);

    it.each(PASSWORD_ONLY)('%s: 403 forbidden naming the credential, nothing done', async (route) => {
      for (const [who, auth] of weaker) {
        const res = await call(route, fill(route), auth);
        expect([route, who, res.status]).toEqual([route, who, 403]);
        expect(expectError(res, 403, 'forbidden').error.details).toEqual(NEEDS_PASSWORD);
      }
      expectSuccess(await t.http.get(`${API}/companies/${paths.id}`).set(owner.auth));
      const keys = expectPage(await t.http.get(`${API}/account/api-keys`).set(owner.auth), 'api_keys').items;
      expect(keys.map((k: { revoked_at: unknown }) => k.revoked_at)).toEqual([null]);
    });

    it('is checked after malformed ids and 404, before the body', async () => {
      const [, fingerprintAuth] = weaker[0];
      const malformed = await t.http.post(`${API}/account/api-keys/not-a-uuid/revoke`).set(fingerprintAuth);
      expect(expectError(malformed, 400, 'validation_failed').error.details).toEqual([
        { field: 'keyId', message: 'must be a UUID' },
      ]);
      const outsider = await newAccount(t.http, 'kindsoutsider');
      const outsiderKey = await newApiKey(t.http, outsider);
      expectError(
        await t.http.delete(`${API}/companies/${paths.id}`).set('X-API-Key', outsiderKey.raw_key),
        404,
        'not_found',
      );
      const unknownWebhook = `${webhooksOf(paths.id)}/00000000-0000-4000-8000-000000000000/rotate-secret`;
      expectError(await t.http.post(unknownWebhook).set(fingerprintAuth), 404, 'not_found');
      const badBody = await t.http
        .post(`${API}/account/api-keys`)
        .set(fingerprintAuth)
        .send({ name: 42, daily_requests: 'many' });
      expectError(badBody, 403, 'forbidden');
    });

    it('an API key cannot reach the password session routes with the Bearer header either', async () => {
      const key = await newApiKey(t.http, owner);
      const res = await t.http.post(`${API}/account/api-keys`).set(bearer(key.raw_key)).send({ name: 'minted' });
      expect(expectError(res, 403, 'forbidden').error.details).toEqual(NEEDS_PASSWORD);
    });

    it('a refresh keeps the kind of the sign-in it continues', async () => {
      const fingerprint = await newFingerprint(owner);
      const signedIn = await t.http.post(`${API}/account/fingerprints/auth`).send({ key: fingerprint.key });
      const cookie = (signedIn.headers['set-cookie'] as unknown as string[]).find((c) =>
        c.startsWith('refresh_token'),
      )!;
      const refreshed = expectSuccess(await t.http.post(`${API}/account/refresh`).set('Cookie', cookie.split(';')[0]));
      const res = await t.http.post(`${API}/account/fingerprints`).set(bearer(refreshed.access_token)).send({});
      expectError(res, 403, 'forbidden');
      expectSuccess(await t.http.get(`${API}/account`).set(bearer(refreshed.access_token)));
    });
  });

  describe('POST /account/password', () => {
    it('a wrong current password is 400 naming current_password; nothing changes', async () => {
      const user = await newAccount(t.http, 'pwwrong');
      const res = await t.http
        .post(`${API}/account/password`)
        .set(user.auth)
        .send({ current_password: 'not the password', new_password: 'a new long password' });
      expect(expectError(res, 400, 'validation_failed').error.details).toEqual([
        { field: 'current_password', message: "is not the account's password" },
      ]);
      await signIn(user.email, user.password);
      expectError(
        await t.http
          .post(`${API}/account/password`)
          .set(user.auth)
          .send({ current_password: user.password, new_password: 'short' }),
        400,
        'validation_failed',
      );
    });

    it('ends every other session, revokes every fingerprint, keeps the API keys', async () => {
      const user = await newAccount(t.http, 'pwchange');
      const other = await signIn(user.email, user.password);
      const fingerprint = await newFingerprint(user);
      const viaFingerprint = await fingerprintSession(fingerprint.key);
      const key = await newApiKey(t.http, user);

      const changed = await t.http
        .post(`${API}/account/password`)
        .set(user.auth)
        .send({ current_password: user.password, new_password: 'a brand new password' });
      expect(expectSuccess(changed)).toEqual({});

      expectSuccess(await t.http.get(`${API}/account`).set(user.auth));
      expectError(await t.http.get(`${API}/account`).set(other), 401, 'unauthorized');
      expectError(await t.http.get(`${API}/account`).set(viaFingerprint), 401, 'unauthorized');
      expectError(
        await t.http.post(`${API}/account/fingerprints/auth`).send({ key: fingerprint.key }),
        401,
        'unauthorized',
      );
      expectSuccess(await t.http.get(`${API}/account`).set('X-API-Key', key.raw_key));
      expectError(
        await t.http.post(`${API}/account/auth`).send({ email: user.email, password: user.password }),
        401,
        'unauthorized',
      );
      await signIn(user.email, 'a brand new password');
    });
  });

  describe('password reset', () => {
    const resetToken = async (email: string) => {
      let since = smtp.mails.length;
      expectSuccess(await t.http.post(`${API}/account/reset-password/send-link`).send({ email }));
      // The sign-up's code may arrive first: the outbox sends in its own time (CONTRACT 23).
      for (;;) {
        const mail = await smtp.next(email, since);
        const token = /\b(bpw_\w+)/.exec(mail.data)?.[1];
        if (token) return token;
        since = smtp.mails.indexOf(mail) + 1;
      }
    };

    it.each([
      ['revokes the API keys too', {}, false],
      ['keeps the API keys with keep_api_keys: true', { keep_api_keys: true }, true],
    ])('ends every session, revokes every fingerprint, and %s', async (_, extra, keysKept) => {
      const user = await newAccount(t.http, 'pwreset');
      const fingerprint = await newFingerprint(user);
      const viaFingerprint = await fingerprintSession(fingerprint.key);
      const key = await newApiKey(t.http, user);

      const token = await resetToken(user.email);
      expectSuccess(
        await t.http
          .post(`${API}/account/reset-password`)
          .send({ token, new_password: 'taken back for good', ...extra }),
      );

      expectError(await t.http.get(`${API}/account`).set(user.auth), 401, 'unauthorized');
      expectError(await t.http.get(`${API}/account`).set(viaFingerprint), 401, 'unauthorized');
      const fingerprintRow = await db.query(`SELECT deactivated_at FROM fingerprints WHERE id = $1`, [fingerprint.id]);
      expect(fingerprintRow[0].deactivated_at).not.toBeNull();
      const byKey = await t.http.get(`${API}/account`).set('X-API-Key', key.raw_key);
      expect(byKey.status).toBe(keysKept ? 200 : 401);
      await signIn(user.email, 'taken back for good');
    });

    it('keep_api_keys must be a boolean', async () => {
      const res = await t.http
        .post(`${API}/account/reset-password`)
        .send({ token: 'bpw_unknown', new_password: 'long enough', keep_api_keys: 'yes' });
      expect(expectError(res, 400, 'validation_failed').error.details).toEqual(
        expect.arrayContaining([expect.objectContaining({ field: 'keep_api_keys' })]),
      );
    });
  });

  describe('Cache-Control', () => {
    it('every answer to a credential holder is no-store, a refusal included; a session answer too', async () => {
      const user = await newAccount(t.http, 'nostore');
      const key = await newApiKey(t.http, user);
      const answers = [
        await t.http.get(`${API}/account`).set(user.auth),
        await t.http.get(`${API}/account/api-keys`).set('X-API-Key', key.raw_key),
        await t.http.get(`${API}/companies/00000000-0000-4000-8000-000000000000`).set(user.auth),
        await t.http.get(`${API}/account`).set(bearer('bps_not_a_session')),
        await t.http.post(`${API}/account/auth`).send({ email: user.email, password: user.password }),
      ];
      expect(answers.map((res) => [res.status, res.headers['cache-control']])).toEqual([
        [200, 'no-store'],
        [200, 'no-store'],
        [404, 'no-store'],
        [401, 'no-store'],
        [200, 'no-store'],
      ]);
    });
  });

  describe('security events', () => {
    const eventsOf = async (auth: Record<string, string>) =>
      expectPage(await t.http.get(`${API}/account/security-events`).set(auth), 'events').items;

    it("lists the account's own events, newest first, with address and user agent", async () => {
      const user = await newAccount(t.http, 'events');
      expectError(
        await t.http.post(`${API}/account/auth`).send({ email: user.email, password: 'wrong password' }),
        401,
        'unauthorized',
      );
      const session = await signIn(user.email, user.password);
      const key = await newApiKey(t.http, user);
      expectSuccess(await t.http.post(`${API}/account/api-keys/${key.id}/revoke`).set(session));
      const fingerprint = await newFingerprint(user);
      await fingerprintSession(fingerprint.key);
      expectSuccess(await t.http.post(`${API}/account/fingerprints/${fingerprint.id}/revoke`).set(user.auth));
      const company = await newCompany(t.http, user);
      const hook = expectSuccess(
        await t.http
          .post(webhooksOf(company.id))
          .set(user.auth)
          .send({ url: 'http://127.0.0.1:9/hook', events: ['crm.clients.create'] }),
        201,
      );
      expectSuccess(await t.http.post(`${webhooksOf(company.id)}/${hook.id}/rotate-secret`).set(user.auth));
      const other = await newAccount(t.http, 'eventsother');
      await signIn(other.email, other.password);

      const events = await eventsOf(user.auth);
      expect(events.map((e: { event: string; outcome: string }) => `${e.event} ${e.outcome}`)).toEqual([
        'webhook.secret_rotated success',
        'webhook.secret_created success',
        'fingerprint.revoked success',
        'fingerprint.sign_in success',
        'fingerprint.created success',
        'api_key.revoked success',
        'api_key.created success',
        'sign_in success',
        'sign_in failure',
      ]);
      expect(events[0]).toEqual({
        id: expect.stringMatching(UUID),
        event: 'webhook.secret_rotated',
        outcome: 'success',
        ip: expect.stringMatching(/^(::ffff:)?127\.0\.0\.1$|^::1$/),
        user_agent: null,
        created_at: expect.stringMatching(TIMESTAMP),
      });
      const withAgent = await t.http.get(`${API}/account`).set(user.auth).set('User-Agent', 'Kinds/1.0');
      expectSuccess(withAgent);
      await t.http
        .post(`${API}/account/auth`)
        .set('User-Agent', 'Kinds/1.0')
        .send({ email: user.email, password: 'wrong again' });
      expect((await eventsOf(user.auth))[0]).toMatchObject({
        event: 'sign_in',
        outcome: 'failure',
        user_agent: 'Kinds/1.0',
      });
      const rows = await db.query(`SELECT request_id FROM security_events WHERE account_id = $1`, [user.id]);
      expect(rows.every((row: { request_id: string | null }) => typeof row.request_id === 'string')).toBe(true);
    });

    it('records a reused refresh token, a password change and a reset; older than 90 days is not listed', async () => {
      const user = await newAccount(t.http, 'events2');
      const signedIn = await t.http.post(`${API}/account/auth`).send({ email: user.email, password: user.password });
      const cookie = (signedIn.headers['set-cookie'] as unknown as string[])
        .find((c) => c.startsWith('refresh_token'))!
        .split(';')[0];
      expectSuccess(await t.http.post(`${API}/account/refresh`).set('Cookie', cookie));
      expectError(await t.http.post(`${API}/account/refresh`).set('Cookie', cookie), 401, 'unauthorized');
      expectSuccess(
        await t.http
          .post(`${API}/account/password`)
          .set(user.auth)
          .send({ current_password: user.password, new_password: 'changed password' }),
      );
      await db.query(
        `UPDATE security_events SET created_at = now() - interval '91 days' WHERE account_id = $1 AND event = 'sign_in'`,
        [user.id],
      );
      expect(
        (await eventsOf(user.auth)).map((e: { event: string; outcome: string }) => `${e.event} ${e.outcome}`),
      ).toEqual(['password.changed success', 'refresh.reused failure']);
    });

    it('the list needs a password session', async () => {
      const user = await newAccount(t.http, 'events3');
      const fingerprint = await newFingerprint(user);
      const res = await t.http.get(`${API}/account/security-events`).set(await fingerprintSession(fingerprint.key));
      expect(expectError(res, 403, 'forbidden').error.details).toEqual(NEEDS_PASSWORD);
    });
  });
});
