/** @shared-app */
import { execFile, spawn } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { DataSource } from 'typeorm';
import { SecretBox } from '../../src/config/secret-box';
import { PermissionCatalogSync } from '../../src/core/access/permission-catalog-sync';
import { databaseOptions } from '../../src/database/database.options';
import { SecretsAtRest1797913470000 } from '../../src/database/migrations/1797913470000-SecretsAtRest';
import { runPendingMigrations } from '../../src/database/migrations-runner';
import { PERMISSIONS } from '../../src/vocabulary';
import { expectSuccess } from '../support/expectations';
import { newAccount, newCompany } from '../support/factories';
import { sharedTestApp, SharedTestApp } from '../support/shared-app';
import { webhooksOf } from '../support/urls';
import { compiledScript } from '../support/compiled-service';

const ROOT = resolve(__dirname, '../..');
const run = promisify(execFile);
const keyOf = (base64: string) => Buffer.from(base64, 'base64');
const newKey = () => randomBytes(32).toString('base64');
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** An entry point of src/cli (or src/main.ts) run as its compiled JavaScript, transpiled for the run. */
const tsNode = (script: string) => [process.execPath, compiledScript(script)] as const;

describe('Secrets at rest (CONTRACT 20)', () => {
  jest.setTimeout(120_000);
  let t: SharedTestApp;
  beforeAll(async () => {
    t = await sharedTestApp();
  });
  afterAll(() => t.close());

  it('a webhook signing secret is stored sealed with SECRETS_KEY: the table alone does not reveal it', async () => {
    const owner = await newAccount(t.http, 'sealed');
    const company = await newCompany(t.http, owner);
    const hook = expectSuccess(
      await t.http
        .post(webhooksOf(company.id))
        .set(owner.auth)
        .send({ url: 'https://93.184.215.14/hook', events: ['*'] }),
      201,
    );
    const [row] = await t.db.query(`SELECT secret FROM webhooks WHERE id = $1`, [hook.id]);
    expect(row.secret).toMatch(/^v1\.[0-9a-f]{8}\./);
    expect(row.secret).not.toContain(hook.secret.slice('whsec_'.length));
    expect(new SecretBox({ current: keyOf(process.env.SECRETS_KEY!), previous: null }).open(row.secret)).toBe(
      hook.secret,
    );
  });

  describe('on a database of its own', () => {
    const admin = new DataSource(databaseOptions({ url: process.env.DATABASE_URL!, poolSize: 1 }));
    let url: string;
    let name: string;
    let db: DataSource;
    beforeAll(async () => {
      const target = new URL(process.env.DATABASE_URL!);
      name = `${target.pathname.slice(1)}_secrets`;
      target.pathname = `/${name}`;
      url = target.toString();
      await admin.initialize();
      await admin.query(`CREATE DATABASE "${name}"`);
      db = new DataSource(databaseOptions({ url, poolSize: 2 }));
      await db.initialize();
      await runPendingMigrations(db, new PermissionCatalogSync(PERMISSIONS));
    });
    afterAll(async () => {
      await db?.destroy();
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.destroy();
    });

    /** Rows as a release before CONTRACT 20 stored them (the foreign keys are not what is tested). */
    async function legacyRows() {
      const ids = { webhook: randomUUID(), account: randomUUID() };
      const runner = db.createQueryRunner();
      try {
        await runner.query(`SET session_replication_role = replica`);
        await runner.query(
          `INSERT INTO webhooks (id, company_id, url, events, secret, previous_secret, previous_secret_until)
           VALUES ($1, $2, 'https://93.184.215.14/hook', '{*}', 'whsec_current', 'whsec_previous', now() + interval '1 hour')`,
          [ids.webhook, randomUUID()],
        );
        await runner.query(
          `INSERT INTO confirmation_codes (account_id, code_hash, expires_at, sent_at)
           VALUES ($1, $2, now() + interval '15 minutes', now())`,
          [ids.account, sha256(`${ids.account}:123456`)],
        );
      } finally {
        await runner.release();
      }
      return ids;
    }

    it('the migration seals secrets stored in the clear and keys the digests of codes already mailed', async () => {
      const ids = await legacyRows();
      const runner = db.createQueryRunner();
      try {
        await new SecretsAtRest1797913470000().up(runner);
      } finally {
        await runner.release();
      }
      const box = new SecretBox({ current: keyOf(process.env.SECRETS_KEY!), previous: null });
      const [hook] = await db.query(`SELECT secret, previous_secret FROM webhooks WHERE id = $1`, [ids.webhook]);
      expect([box.open(hook.secret), box.open(hook.previous_secret)]).toEqual(['whsec_current', 'whsec_previous']);
      const [code] = await db.query(`SELECT code_hash FROM confirmation_codes WHERE account_id = $1`, [ids.account]);
      expect(code.code_hash).toBe(box.digest(`${ids.account}:123456`));
    });

    it('npm run secrets:rotate re-seals with the new key what the previous one sealed; then the new key alone opens it', async () => {
      const [previous, current] = [process.env.SECRETS_KEY!, newKey()];
      const [{ id }] = await db.query(`SELECT id FROM webhooks LIMIT 1`);
      const [script, args] = tsNode('src/cli/rotate-secrets.ts');
      const rotate = () =>
        run(script, args, {
          cwd: ROOT,
          env: { ...process.env, DATABASE_URL: url, SECRETS_KEY: current, SECRETS_KEY_PREVIOUS: previous },
        });
      expect((await rotate()).stdout.trim()).toMatch(/^Re-sealed [1-9]\d* webhook secrets with SECRETS_KEY$/);
      const box = new SecretBox({ current: keyOf(current), previous: null });
      const [hook] = await db.query(`SELECT secret, previous_secret FROM webhooks WHERE id = $1`, [id]);
      expect([box.open(hook.secret), box.open(hook.previous_secret)]).toEqual(['whsec_current', 'whsec_previous']);
      expect((await rotate()).stdout.trim()).toBe('Re-sealed 0 webhook secrets with SECRETS_KEY');
    });
  });

  it('NODE_ENV=production without SECRETS_KEY refuses to start, in one line', async () => {
    const [script, args] = tsNode('src/main.ts');
    const child = spawn(script, args, {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: 'production', SECRETS_KEY: '', LOG_LEVEL: 'silent', PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (chunk) => (stderr += chunk));
    const code = await new Promise<number | null>((done) => child.once('exit', done));
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toEqual([expect.stringMatching(/^Start-up failed: SECRETS_KEY is not set/)]);
  });
});
