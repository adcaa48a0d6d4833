import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { ConfigService } from '@nestjs/config';
import { DataSource } from 'typeorm';
import { Db } from '../../src/database/db';
import { AdminBootstrapService } from '../../src/modules/account/admins/admin-bootstrap.service';
import { uniqueEmail } from '../support/factories';
import { createTestApp, TestApp } from '../support/test-app';
import { expectSuccess } from '../support/expectations';
import { compiledScript } from '../support/compiled-service';

const run = promisify(execFile);

describe('Administrators', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const signIn = async (email: string, password: string) =>
    expectSuccess(await t.http.post('/api/v1/account/auth').send({ email, password })).user;

  it('are created from ADMIN_EMAIL / ADMIN_PASSWORD at start-up, idempotently', async () => {
    const email = uniqueEmail('admin');
    const db = t.app.get(DataSource);
    const config = new ConfigService({ ADMIN_EMAIL: email, ADMIN_PASSWORD: 'admin-password', BCRYPT_ROUNDS: 4 });
    const bootstrap = new AdminBootstrapService(t.app.get(Db), config as never);
    await bootstrap.onApplicationBootstrap();
    const [{ updated_at: first }] = await db.query(`SELECT updated_at FROM accounts WHERE email = $1`, [email]);
    await bootstrap.onApplicationBootstrap();
    const rows = await db.query(`SELECT updated_at FROM accounts WHERE email = $1`, [email]);
    expect(rows).toHaveLength(1);
    expect(rows[0].updated_at).toEqual(first);

    expect(await signIn(email, 'admin-password')).toMatchObject({
      is_admin: true,
      admin_level: 5,
      status: 'confirmed',
    });
  });

  it('are created and promoted by the CLI command', async () => {
    const email = uniqueEmail('cliadmin');
    await t.http.post('/api/v1/account/reg').send({ email, password: 'ordinary-pass', name: 'Promoted' }).expect(201);
    const root = resolve(__dirname, '../..');
    const { stdout } = await run(
      process.execPath,
      [...compiledScript('src/cli/create-admin.ts'), '--email', email, '--password', 'new-admin-pass', '--level', '3'],
      { cwd: root },
    );
    expect(stdout).toContain('updated');
    expect(await signIn(email, 'new-admin-pass')).toMatchObject({ is_admin: true, admin_level: 3, name: 'Promoted' });
  }, 60_000);

  it('the CLI refuses a level outside 1 to 5', async () => {
    const root = resolve(__dirname, '../..');
    await expect(
      run(
        process.execPath,
        [
          ...compiledScript('src/cli/create-admin.ts'),
          '--email',
          uniqueEmail('toohigh'),
          '--password',
          'new-admin-pass',
          '--level',
          '6',
        ],
        { cwd: root },
      ),
    ).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('from 1 to 5') });
  }, 60_000);

  it('the CLI refuses to run without an e-mail and password', async () => {
    const root = resolve(__dirname, '../..');
    await expect(
      run(process.execPath, [...compiledScript('src/cli/create-admin.ts'), '--email', 'x@y.z'], {
        cwd: root,
      }),
    ).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('usage') });
  }, 60_000);
});
