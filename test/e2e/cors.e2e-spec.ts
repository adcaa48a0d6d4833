import { uniqueEmail } from '../support/factories';
import { expectSuccess } from '../support/expectations';
import type { TestApp } from '../support/test-app';

const LISTED = 'https://app.example.test';
const ALSO_LISTED = 'http://localhost:3000';

/** Sets the given settings for the suite's application, restoring them afterwards. */
function withSettings(settings: Record<string, string | undefined>) {
  const previous = Object.fromEntries(Object.keys(settings).map((name) => [name, process.env[name]]));
  let t!: TestApp;
  beforeAll(async () => {
    for (const [name, value] of Object.entries(settings)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    // The configuration is read when the application module is first imported: one per file.
    const { createTestApp } = await import('../support/test-app');
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
    for (const [name, value] of Object.entries(previous)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });
  return () => t;
}

/** CORS_ORIGINS (CONTRACT 17) and the cookie settings a cross-site client needs. */
describe('CORS for the listed origins; cookie settings', () => {
  const app = withSettings({
    CORS_ORIGINS: ` ${LISTED} ,${ALSO_LISTED}`,
    COOKIE_SAMESITE: 'None',
    COOKIE_PATH: '/',
    COOKIE_DOMAIN: 'example.test',
  });

  it('answers a listed origin with credentials allowed and the exposed headers', async () => {
    for (const origin of [LISTED, ALSO_LISTED]) {
      const res = await app().http.get('/api/v1/plans').set('Origin', origin);
      expect(res.status).toBe(200);
      expect(res.headers['access-control-allow-origin']).toBe(origin);
      expect(res.headers['access-control-allow-credentials']).toBe('true');
      expect(res.headers['access-control-expose-headers']).toBe(
        'X-Request-Id,X-RateLimit-Limit,X-RateLimit-Remaining,X-RateLimit-Reset,Retry-After',
      );
      expect(res.headers.vary).toMatch(/Origin/);
    }
  });

  it('answers the preflight of a credentialed POST with a JSON body', async () => {
    const res = await app()
      .http.options('/api/v1/account/refresh')
      .set('Origin', LISTED)
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'content-type,authorization,x-request-id');
    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(LISTED);
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    expect(res.headers['access-control-allow-methods']).toMatch(/POST/);
    expect(res.headers['access-control-allow-headers']).toBe('content-type,authorization,x-request-id');
  });

  it('gives an origin that is not listed no CORS header, on a request or a preflight', async () => {
    for (const origin of ['https://evil.example.test', `${LISTED}:8443`, 'null']) {
      const res = await app().http.get('/api/v1/plans').set('Origin', origin);
      expect(res.status).toBe(200);
      expect(Object.keys(res.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
      const preflight = await app()
        .http.options('/api/v1/account/auth')
        .set('Origin', origin)
        .set('Access-Control-Request-Method', 'POST');
      expect(Object.keys(preflight.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
    }
  });

  it('sets the cookie with SameSite=None, Secure, Path=/ and the Domain', async () => {
    const res = await app()
      .http.post('/api/v1/account/reg')
      .set('Origin', LISTED)
      .send({ email: uniqueEmail('cors'), password: 'correct horse battery', name: 'Cross Site' });
    expectSuccess(res, 201);
    const line = (res.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('refresh_token='))!;
    expect(line.split(';').map((part) => part.trim())).toEqual(
      expect.arrayContaining(['HttpOnly', 'Secure', 'SameSite=None', 'Path=/', 'Domain=example.test']),
    );
    expect(res.headers['access-control-allow-origin']).toBe(LISTED);
  });
});
