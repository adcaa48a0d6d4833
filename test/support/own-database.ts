import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { PermissionCatalogSync } from '../../src/core/access/permission-catalog-sync';
import { databaseOptions } from '../../src/database/database.options';
import { runPendingMigrations } from '../../src/database/migrations-runner';
import { PERMISSIONS } from '../../src/vocabulary';

export interface OwnDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * A migrated database of a suite's own, beside the run's on the same PostgreSQL: for a suite
 * whose workers (the mail sender) must not share their outbox with other suites' instances.
 */
export async function createOwnDatabase(label: string): Promise<OwnDatabase> {
  const url = new URL(process.env.DATABASE_URL!);
  const name = `${url.pathname.slice(1)}_${label}_${randomUUID().slice(0, 6)}`;
  const server = new URL(url);
  server.pathname = '/postgres';
  const admin = new Client({ connectionString: server.toString() });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  url.pathname = `/${name}`;
  const migrations = new DataSource(databaseOptions({ url: url.toString(), poolSize: 2 }));
  await migrations.initialize();
  await runPendingMigrations(migrations, new PermissionCatalogSync(PERMISSIONS));
  await migrations.destroy();
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new Client({ connectionString: server.toString() });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
