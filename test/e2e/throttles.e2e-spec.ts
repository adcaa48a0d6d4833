/** @shared-app */
import type { Response } from 'supertest';
import { LIMITS } from '../../src/core/limits/throttle-limits';
import { Throttles } from '../../src/core/limits/throttles';
import { fromAddress, randomAddress } from '../support/client-addresses';
import { expectError, expectSuccess } from '../support/expectations';
import { newAccount, uniqueEmail } from '../support/factories';
import { sharedTestApp, SharedTestApp } from '../support/shared-app';
import { createTestApp, TestApp } from '../support/test-app';

/**
 * The throttles of CONTRACT 20, each from client addresses of its own (test/support/client-addresses.ts):
 * the application runs with TRUST_PROXY unset, so the socket's peer is the client.
 */
describe('Throttles (CONTRACT 20)', () => {
  let t: SharedTestApp;
  let second: TestApp;
  beforeAll(async () => {
    t = await sharedTestApp();
    second = await createTestApp();
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  const count = (responses: Response[], status: number) => responses.filter((r) => r.status === status).length;
  const retryAfter = (res: Response) => Number(res.headers['retry-after']);

  const signIn = (from: string, email: string, password: string, http = t.http) =>
    http.post('/api/v1/account/auth').agent(fromAddress(from)).send({ email, password });

  /** Spends a minute window at once, as a minute passing would: the day's and the address's counts stay. */
  const minutePasses = (limitName: string) =>
    t.db.query(`UPDATE throttle_counters SET expires_at = now() WHERE limit_name = $1`, [limitName]);

  describe('failed sign-ins', () => {
    it('5 per (e-mail, address) in 15 minutes lock that pair; the right password from another address signs in', async () => {
      const user = await newAccount(t.http, 'pairlock');
      const attacker = randomAddress();
      for (let i = 0; i < 5; i++)
        expectError(await signIn(attacker, user.email, 'wrong password'), 401, 'unauthorized');
      const locked = expectError(await signIn(attacker, user.email, user.password), 429, 'rate_limited');
      expect(locked.message).toMatch(/this e-mail from this address/);
      const refused = await signIn(attacker, user.email, user.password);
      expect(retryAfter(refused)).toBeGreaterThan(LIMITS.signInFailuresPerPair.windowSeconds - 60);
      expect(retryAfter(refused)).toBeLessThanOrEqual(LIMITS.signInFailuresPerPair.windowSeconds);

      expectSuccess(await signIn(randomAddress(), user.email, user.password));
    });

    it('the body is checked first: a malformed sign-in from a locked pair is 400', async () => {
      const user = await newAccount(t.http, 'pairbody');
      const attacker = randomAddress();
      for (let i = 0; i < 5; i++) await signIn(attacker, user.email, 'wrong password');
      expectError(
        await t.http.post('/api/v1/account/auth').agent(fromAddress(attacker)).send({ email: user.email }),
        400,
        'validation_failed',
      );
    });

    it('a right password is no failure: it gives its count back', async () => {
      const user = await newAccount(t.http, 'pairrefund');
      const home = randomAddress();
      for (let i = 0; i < 4; i++) await signIn(home, user.email, 'wrong password');
      for (let i = 0; i < 3; i++) expectSuccess(await signIn(home, user.email, user.password));
      expectError(await signIn(home, user.email, 'wrong password'), 401, 'unauthorized');
      expectError(await signIn(home, user.email, user.password), 429, 'rate_limited');
    });

    it('20 per address in 15 minutes, whatever the e-mails; then 429 for that address only', async () => {
      const address = randomAddress();
      for (let i = 0; i < 20; i++) {
        expectError(await signIn(address, uniqueEmail('spray'), 'wrong password'), 401, 'unauthorized');
      }
      const refused = expectError(await signIn(address, uniqueEmail('spray'), 'wrong password'), 429, 'rate_limited');
      expect(refused.message).toMatch(/from this address/);
      expectError(await signIn(randomAddress(), uniqueEmail('spray'), 'wrong password'), 401, 'unauthorized');
    });

    it('past 50 failures of an e-mail in an hour, one attempt per 10 seconds per address', async () => {
      const user = await newAccount(t.http, 'spray');
      for (let batch = 0; batch < 5; batch++) {
        const failures = await Promise.all(
          Array.from({ length: 10 }, () => signIn(randomAddress(), user.email, 'wrong password')),
        );
        expect(count(failures, 401)).toBe(10);
      }
      const slow = randomAddress();
      expectError(await signIn(slow, user.email, 'wrong password'), 401, 'unauthorized');
      const slowed = await signIn(slow, user.email, user.password);
      expectError(slowed, 429, 'rate_limited');
      expect(retryAfter(slowed)).toBeGreaterThan(0);
      expect(retryAfter(slowed)).toBeLessThanOrEqual(10);
      expectSuccess(await signIn(randomAddress(), user.email, user.password));
    });

    it('counts exactly under 20 concurrent attempts across two instances: 5 answered, 15 refused', async () => {
      const user = await newAccount(t.http, 'pairrace');
      const attacker = randomAddress();
      const attempts = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          signIn(attacker, user.email, 'wrong password', i % 2 ? second.http : t.http),
        ),
      );
      expect(count(attempts, 401)).toBe(5);
      expect(count(attempts, 429)).toBe(15);
    });
  });

  describe('sign-ups', () => {
    const signUp = (from: string, http = t.http, forwardedFor = randomAddress()) =>
      http
        .post('/api/v1/account/reg')
        .agent(fromAddress(from))
        .set('X-Forwarded-For', forwardedFor)
        .send({ email: uniqueEmail('perip'), password: 'correct horse battery', name: 'Per Address' });

    it('10 an hour per address, whatever X-Forwarded-For says (TRUST_PROXY unset believes none); the body first', async () => {
      const address = randomAddress();
      for (let i = 0; i < 10; i++) expectSuccess(await signUp(address), 201);
      expectError(
        await t.http.post('/api/v1/account/reg').agent(fromAddress(address)).send({ email: 'not an e-mail' }),
        400,
        'validation_failed',
      );
      const refused = expectError(await signUp(address), 429, 'rate_limited');
      expect(refused.message).toMatch(/sign-ups from this address/);
      expectSuccess(await signUp(randomAddress()), 201);
    });

    it('counts exactly under 20 concurrent sign-ups across two instances: 10 created, 10 refused', async () => {
      const address = randomAddress();
      const attempts = await Promise.all(
        Array.from({ length: 20 }, (_, i) => signUp(address, i % 2 ? second.http : t.http)),
      );
      expect(count(attempts, 201)).toBe(10);
      expect(count(attempts, 429)).toBe(10);
    });

    it('exports its count: a later route (check-email-unique) counts against the same limit', async () => {
      const address = randomAddress();
      const throttles = second.app.get(Throttles);
      for (let i = 0; i < 9; i++) await throttles.take([{ limit: LIMITS.signUpsPerAddress, subject: address }]);
      expectSuccess(await signUp(address), 201);
      expectError(await signUp(address), 429, 'rate_limited');
    });
  });

  describe('fingerprint sign-ins', () => {
    const withKey = (from: string, key: string) =>
      t.http.post('/api/v1/account/fingerprints/auth').agent(fromAddress(from)).send({ key });

    it('20 failures an hour per address, then 429 for that address, even for a valid key', async () => {
      const user = await newAccount(t.http, 'fpfail');
      const fingerprint = expectSuccess(
        await t.http.post('/api/v1/account/fingerprints').set(user.auth).send({ expires_in: '24h' }),
        201,
      );
      const address = randomAddress();
      expectSuccess(await withKey(address, fingerprint.key));
      for (let i = 0; i < 20; i++) expectError(await withKey(address, `bpf_unknown_${i}`), 401, 'unauthorized');
      const refused = expectError(await withKey(address, fingerprint.key), 429, 'rate_limited');
      expect(refused.message).toMatch(/fingerprint/);
      expectSuccess(await withKey(randomAddress(), fingerprint.key));
    });
  });

  describe('reset links', () => {
    const sendLink = (from: string, email: string) =>
      t.http.post('/api/v1/account/reset-password/send-link').agent(fromAddress(from)).send({ email });

    it('1 a minute per e-mail: the same 429 for a registered and an unknown e-mail', async () => {
      const known = (await newAccount(t.http, 'resetlimit')).email;
      const unknown = uniqueEmail('nobody');
      for (const email of [known, unknown]) expect(expectSuccess(await sendLink(randomAddress(), email))).toEqual({});
      const [knownRefusal, unknownRefusal] = [
        await sendLink(randomAddress(), known),
        await sendLink(randomAddress(), unknown),
      ];
      expectError(knownRefusal, 429, 'rate_limited');
      expect(unknownRefusal.status).toBe(knownRefusal.status);
      const strip = (body: any) => ({ ...body, meta: undefined });
      expect(strip(unknownRefusal.body)).toEqual(strip(knownRefusal.body));
      expect(Object.keys(unknownRefusal.headers).sort()).toEqual(Object.keys(knownRefusal.headers).sort());
      expect(Math.abs(retryAfter(unknownRefusal) - retryAfter(knownRefusal))).toBeLessThanOrEqual(1);
    });

    it('5 a day per e-mail, registered or not', async () => {
      for (const email of [(await newAccount(t.http, 'resetday')).email, uniqueEmail('nobody')]) {
        for (let i = 0; i < 5; i++) {
          expectSuccess(await sendLink(randomAddress(), email));
          await minutePasses(LIMITS.resetLinksPerEmailMinute.name);
        }
        const refused = expectError(await sendLink(randomAddress(), email), 429, 'rate_limited');
        expect(refused).toBeDefined();
        expect(retryAfter(await sendLink(randomAddress(), email))).toBeGreaterThan(23 * 3600);
      }
    });

    it('20 an hour per address, whatever the e-mails; the body is checked first', async () => {
      const address = randomAddress();
      for (let i = 0; i < 20; i++) expectSuccess(await sendLink(address, uniqueEmail('resetip')));
      expectError(await sendLink(address, 'not an e-mail'), 400, 'validation_failed');
      expectError(await sendLink(address, uniqueEmail('resetip')), 429, 'rate_limited');
      expectSuccess(await sendLink(randomAddress(), uniqueEmail('resetip')));
    });
  });

  describe('the counters', () => {
    it('keep no e-mail or address in the clear, and ended windows are swept away', async () => {
      const address = randomAddress();
      const email = uniqueEmail('sweep');
      await t.http.post('/api/v1/account/auth').agent(fromAddress(address)).send({ email, password: 'wrong password' });
      const rows = await t.db.query(`SELECT * FROM throttle_counters WHERE limit_name LIKE 'sign_in_%'`);
      expect(JSON.stringify(rows)).not.toContain(email);
      expect(JSON.stringify(rows)).not.toContain(address);

      await t.db.query(`UPDATE throttle_counters SET expires_at = now() - interval '1 second' WHERE limit_name = $1`, [
        LIMITS.signInFailuresPerAddress.name,
      ]);
      await second.app.get(Throttles).forgetEnded(100_000);
      const [{ ended }] = await t.db.query(
        `SELECT count(*)::int AS ended FROM throttle_counters WHERE expires_at <= now()`,
      );
      expect(ended).toBe(0);
    });
  });
});
