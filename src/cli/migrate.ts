import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { validateEnvironment } from '../config/environment';
import { databaseOptions } from '../database/database.options';
import { PermissionCatalogSync } from '../core/access/permission-catalog-sync';
import { runPendingMigrations } from '../database/migrations-runner';
import { PERMISSIONS } from '../vocabulary';
import { runCli } from './cli-database';

/**
 * Applies pending migrations to DATABASE_URL and exits: the release step run before the
 * service starts with DB_MIGRATE=false (the Kubernetes migration Job runs
 * `node dist/cli/migrate`). Compiled JavaScript only: no ts-node, no development dependency.
 */
async function main(): Promise<void> {
  const env = validateEnvironment(process.env);
  if (!env.DATABASE_URL) throw new Error('DATABASE_URL must be set: migrations are applied to an existing database');
  // Two connections: one holds the advisory lock while the other applies the migrations.
  const db = new DataSource(databaseOptions({ url: env.DATABASE_URL, poolSize: 2 }));
  try {
    await db.initialize();
    const { applied, synced } = await runPendingMigrations(db, new PermissionCatalogSync(PERMISSIONS));
    console.log(applied.length > 0 ? `Applied ${applied.join(', ')}` : 'No pending migration');
    if (synced > 0) console.log(`Synced ${synced} declared rows`);
  } finally {
    if (db.isInitialized) await db.destroy();
  }
}

runCli(main);
