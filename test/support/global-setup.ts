import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, readdirSync, rmdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { PermissionCatalogSync } from '../../src/core/access/permission-catalog-sync';
import { startEmbeddedS3 } from '../../src/core/storage/embedded-s3';
import { databaseOptions } from '../../src/database/database.options';
import { startEmbeddedPostgres } from '../../src/database/embedded-postgres';
import { runPendingMigrations } from '../../src/database/migrations-runner';
import { PERMISSIONS } from '../../src/vocabulary';
import { transpileSources } from './compiled-service';

/** What global-teardown must undo; kept on globalThis, which both run in. */
export interface TestInfrastructure {
  stops: Array<() => Promise<void>>;
}

const DEFAULT_SERVER = 'postgres://postgres@127.0.0.1:5432/postgres';

/** A fresh directory, removed at teardown after whatever uses it has stopped (stops run in reverse). */
function temporaryDirectory(prefix: string, stops: TestInfrastructure['stops']): string {
  const directory = mkdtempSync(join(tmpdir(), prefix));
  stops.push(async () => rmSync(directory, { recursive: true, force: true }));
  return directory;
}

async function reachable(url: string): Promise<boolean> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * A fresh database for this run: on the PostgreSQL at DATABASE_URL (default the local
 * server) when one answers, else on an embedded PostgreSQL in a temporary directory.
 */
async function provideDatabase(stops: TestInfrastructure['stops']): Promise<string> {
  const server = process.env.DATABASE_URL || DEFAULT_SERVER;
  const name = `platform_test_${Date.now()}_${randomBytes(3).toString('hex')}`;
  if (await reachable(server)) {
    const admin = new Client({ connectionString: server });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    stops.push(async () => {
      const cleanup = new Client({ connectionString: server });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await cleanup.end();
    });
    const url = new URL(server);
    url.pathname = `/${name}`;
    return url.toString();
  }
  // As root the cluster is staged where the postgres user can reach it: a directory of our own,
  // opened for traversal, so it is removed with the rest.
  const rootDir = temporaryDirectory('platform-test-pg-root-', stops);
  chmodSync(rootDir, 0o755);
  const embedded = await startEmbeddedPostgres({
    dataDir: temporaryDirectory('platform-test-pg-', stops),
    rootDir,
    database: name,
  });
  stops.push(embedded.stop);
  return embedded.url;
}

export default async function globalSetup(): Promise<void> {
  const stops: TestInfrastructure['stops'] = [];
  (globalThis as { testInfrastructure?: TestInfrastructure }).testInfrastructure = { stops };

  const databaseUrl = await provideDatabase(stops);
  // The run's key of secrets at rest: the migrations seal with it, and so does every app under test.
  process.env.SECRETS_KEY = randomBytes(32).toString('base64');
  // Two connections: one holds the migration lock while the other applies the migrations.
  const migrations = new DataSource(databaseOptions({ url: databaseUrl, poolSize: 2 }));
  await migrations.initialize();
  await runPendingMigrations(migrations, new PermissionCatalogSync(PERMISSIONS));
  await migrations.destroy();

  const s3 = await startEmbeddedS3(temporaryDirectory('platform-test-s3-', stops));
  stops.push(s3.stop);

  // Inside the project, where the transpiled sources find its packages.
  const builds = join(__dirname, '..', '..', '.test-build');
  const build = join(builds, `run-${Date.now()}-${randomBytes(3).toString('hex')}`);
  stops.push(async () => {
    rmSync(build, { recursive: true, force: true });
    // Left while another run in this checkout still has its build in it.
    if (readdirSync(builds).length === 0) rmdirSync(builds);
  });
  transpileSources(build);

  Object.assign(process.env, {
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    DB_MIGRATE: 'false',
    TEST_BUILD_DIR: build,
    MINIO_ENDPOINT: s3.endpoint,
    MINIO_ACCESS_KEY: s3.accessKey,
    MINIO_SECRET_KEY: s3.secretKey,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    BCRYPT_ROUNDS: '4',
    // The console's snapshots run only in the suites that look at them (admin-snapshots).
    ADMIN_SNAPSHOT_S: '0',
    // The run's suites share one database: only a suite that reads mail drains the mail outbox
    // (it sets a short MAIL_POLL_MS), so no other suite's sender takes its messages.
    MAIL_POLL_MS: '86400000',
  });
}
