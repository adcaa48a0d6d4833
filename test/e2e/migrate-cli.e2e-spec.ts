import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { compiledScript } from '../support/compiled-service';

const run = promisify(execFile);
const ROOT = resolve(__dirname, '../..');

/** `node dist/cli/migrate` (the migration Job's command), run here as transpiled for the run. */
function migrate(env: Record<string, string | undefined>) {
  return run(process.execPath, compiledScript('src/cli/migrate.ts'), {
    cwd: ROOT,
    env: { ...process.env, ...env },
  });
}

describe('Migration command (src/cli/migrate.ts)', () => {
  const admin = new Client({ connectionString: process.env.DATABASE_URL });
  let url: string;
  let name: string;
  beforeAll(async () => {
    const target = new URL(process.env.DATABASE_URL!);
    name = `${target.pathname.slice(1)}_migrate`;
    target.pathname = `/${name}`;
    url = target.toString();
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
  });
  afterAll(async () => {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  });

  it('applies every pending migration to an empty database, then finds nothing left to do', async () => {
    const first = await migrate({ DATABASE_URL: url });
    expect(first.stdout).toMatch(/^Applied \S+/);

    const db = new Client({ connectionString: url });
    await db.connect();
    try {
      const { rows } = await db.query('SELECT name FROM migrations');
      const main = await admin.query('SELECT name FROM migrations ORDER BY id');
      expect(rows.map((r) => r.name).sort()).toEqual(main.rows.map((r) => r.name).sort());
      expect(rows.length).toBeGreaterThan(0);
    } finally {
      await db.end();
    }

    const second = await migrate({ DATABASE_URL: url });
    expect(second.stdout.trim()).toBe('No pending migration');
  }, 60_000);

  it('exits 1 without DATABASE_URL, instead of starting an embedded database', async () => {
    await expect(migrate({ DATABASE_URL: '' })).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('DATABASE_URL must be set'),
    });
  }, 60_000);
});
