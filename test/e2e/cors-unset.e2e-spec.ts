import { uniqueEmail } from '../support/factories';
import { expectSuccess } from '../support/expectations';
import type { TestApp } from '../support/test-app';

/** Without CORS_ORIGINS no CORS header is ever sent (CONTRACT 17); COOKIE_SECURE=false drops Secure. */
describe('CORS_ORIGINS unset; COOKIE_SECURE=false', () => {
  let t: TestApp;
  const previous = { CORS_ORIGINS: process.env.CORS_ORIGINS, COOKIE_SECURE: process.env.COOKIE_SECURE };
  beforeAll(async () => {
    delete process.env.CORS_ORIGINS;
    process.env.COOKIE_SECURE = 'false';
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

  it('sends no CORS header for any origin, on a request or a preflight', async () => {
    const res = await t.http.get('/api/v1/plans').set('Origin', 'http://localhost:3000');
    expect(res.status).toBe(200);
    const preflight = await t.http
      .options('/api/v1/account/auth')
      .set('Origin', 'http://localhost:3000')
      .set('Access-Control-Request-Method', 'POST');
    for (const answer of [res, preflight]) {
      expect(Object.keys(answer.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
    }
  });

  it('sets the cookie without Secure', async () => {
    const res = await t.http
      .post('/api/v1/account/reg')
      .send({ email: uniqueEmail('plainhttp'), password: 'correct horse battery', name: 'Plain' });
    expectSuccess(res, 201);
    const line = (res.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('refresh_token='))!;
    expect(line).not.toMatch(/Secure/);
    expect(line).toMatch(/HttpOnly/);
    expect(line).toMatch(/SameSite=Lax/);
  });
});
