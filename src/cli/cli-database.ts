import { join } from 'node:path';
import { DataSource } from 'typeorm';
import type { Environment } from '../config/environment';
import { databaseOptions } from '../database/database.options';
import { startEmbeddedPostgres } from '../database/embedded-postgres';

/**
 * Runs a command's `work` on the service's database: DATABASE_URL, or, like the service's
 * zero-config start, the embedded PostgreSQL under DATA_DIR (stop the service first). One
 * connection; everything is closed again, whatever `work` does.
 */
export async function withCliDatabase<T>(env: Environment, work: (db: DataSource) => Promise<T>): Promise<T> {
  const embedded = env.DATABASE_URL
    ? null
    : await startEmbeddedPostgres({
        dataDir: join(env.DATA_DIR, 'postgres'),
        rootDir: env.ROOT_POSTGRES_DIR,
        database: 'platform',
      });
  const db = new DataSource(databaseOptions({ url: env.DATABASE_URL ?? embedded!.url, poolSize: 1 }));
  try {
    await db.initialize();
    return await work(db);
  } finally {
    if (db.isInitialized) await db.destroy();
    await embedded?.stop();
  }
}

/** Runs a command: its error is one line on stderr and exit code 1, never a stack trace. */
export function runCli(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
