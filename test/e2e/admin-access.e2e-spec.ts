import { DataSource } from 'typeorm';
import { buildOpenApiDocument } from '../../src/core/openapi/openapi';
import { expectError, expectSuccess } from '../support/expectations';
import { newAccount, newAdmin, TestAccount } from '../support/factories';
import type { TestApp } from '../support/test-app';

const KEYWORD = 'console-keyword-for-tests';
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

type Operation = { 'x-admin-level'?: number; 'x-admin-critical'?: boolean };

/** Every operation of the served document under /admin, with a path whose parameters name nothing. */
function adminOperations(t: TestApp) {
  const document = buildOpenApiDocument(t.app);
  return Object.entries(document.paths as Record<string, Record<string, Operation>>)
    .filter(([path]) => path.startsWith('/api/v1/admin/') || path === '/api/v1/admin')
    .flatMap(([path, item]) =>
      Object.entries(item).map(([method, op]) => ({
        method,
        url: path.replace(/\{[^}]+\}/g, UNKNOWN_ID),
        where: `${method.toUpperCase()} ${path}`,
        op,
      })),
    );
}

describe('The console: access by level and keyword (CONTRACT 21)', () => {
  let t: TestApp;
  let db: DataSource;
  const admins: Record<number, TestAccount> = {};
  let member: TestAccount;

  beforeAll(async () => {
    // Read when the application's configuration is validated, which happens on import.
    process.env.ADMIN_KEYWORD = KEYWORD;
    const { createTestApp } = await import('../support/test-app');
    t = await createTestApp();
    db = t.app.get(DataSource);
    for (const level of [1, 2, 3, 4, 5]) admins[level] = await newAdmin(t.http, db, level);
    member = await newAccount(t.http, 'console-member');
  });
  afterAll(async () => {
    delete process.env.ADMIN_KEYWORD;
    await t.close();
  });

  const call = (method: string, url: string) =>
    (t.http as unknown as Record<string, (url: string) => ReturnType<TestApp['http']['get']>>)[method](url);

  it('every /admin operation of the document declares its level, and each level is held to it', async () => {
    const operations = adminOperations(t);
    expect(operations.length).toBeGreaterThanOrEqual(2);
    for (const { method, url, where, op } of operations) {
      const level = op['x-admin-level'];
      expect({ where, level }).toEqual({ where, level: expect.any(Number) });

      expect({ where, status: (await call(method, url)).status }).toEqual({ where, status: 401 });
      const byMember = await call(method, url).set(member.auth);
      expect({ where, status: byMember.status }).toEqual({ where, status: 403 });
      expect(byMember.body.message).toContain('platform administrator');

      for (const held of [1, 2, 3, 4, 5]) {
        const answer = await call(method, url).set(admins[held].auth);
        if (held < level!) {
          expect({ where, held, status: answer.status }).toEqual({ where, held, status: 403 });
          expect(answer.body.message).toContain(`level ${level}`);
        } else if (op['x-admin-critical']) {
          expect({ where, held, status: answer.status }).toEqual({ where, held, status: 403 });
          expect(answer.body.message).toContain('X-Admin-Keyword');
          const wrong = await call(method, url).set(admins[held].auth).set('X-Admin-Keyword', `${KEYWORD}x`);
          expect({ where, status: wrong.status, message: wrong.body.message }).toEqual({
            where,
            status: 403,
            message: 'The X-Admin-Keyword header is wrong',
          });
          const right = await call(method, url).set(admins[held].auth).set('X-Admin-Keyword', KEYWORD);
          expect({ where, held, refused: [401, 403].includes(right.status) }).toEqual({ where, held, refused: false });
        } else {
          expect({ where, held, refused: [401, 403].includes(answer.status) }).toEqual({ where, held, refused: false });
        }
      }
    }
  }, 120_000);

  it("GET /admin/check answers the caller's standing; levels above 5 are served as 5", async () => {
    const answer = await t.http.get('/api/v1/admin/check').set(admins[3].auth);
    expect(expectSuccess(answer)).toEqual({ is_admin: true, admin_level: 3, account_id: admins[3].id });
    expect(answer.headers['cache-control']).toBe('no-store');

    await db.query(`UPDATE accounts SET admin_level = 10 WHERE id = $1`, [admins[4].id]);
    expect(expectSuccess(await t.http.get('/api/v1/admin/check').set(admins[4].auth))).toMatchObject({
      admin_level: 5,
    });
    await db.query(`UPDATE accounts SET admin_level = 4 WHERE id = $1`, [admins[4].id]);
  });

  it('GET /admin/health answers the administrator; a non-administrator is 403', async () => {
    expect(expectSuccess(await t.http.get('/api/v1/admin/health').set(admins[1].auth))).toEqual({
      account_id: admins[1].id,
    });
    expectError(await t.http.get('/api/v1/admin/check').set(member.auth), 403, 'forbidden');
    expectError(await t.http.get('/api/v1/admin/check'), 401, 'unauthorized');
  });
});
