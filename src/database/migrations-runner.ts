import { Injectable, Logger, OnModuleInit, Optional } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { DataSource, QueryRunner } from 'typeorm';
import type { Environment } from '../config/environment';

/** Any fixed number: the advisory lock every instance takes before migrating. */
const MIGRATION_LOCK = 724_315_001;

/**
 * Rows that follow declarations in the code rather than migrations (the permission catalog,
 * core/access/permission-catalog-sync.ts): written after the migrations, under their lock, in one
 * transaction, so replicas starting together write them once and a new declaration needs no
 * migration. The application provides it (app.module.ts); the migration job passes it.
 */
export abstract class DeclaredRows {
  /** Brings the rows to the declarations; returns how many rows it changed. */
  abstract sync(runner: QueryRunner): Promise<number>;
}

/**
 * Applies pending migrations at start-up (unless DB_MIGRATE=false), holding a Postgres
 * advisory lock so that replicas starting together migrate one after the other.
 */
@Injectable()
export class MigrationsRunner implements OnModuleInit {
  private readonly logger = new Logger('Migrations');

  constructor(
    private readonly db: DataSource,
    private readonly config: ConfigService<Environment, true>,
    @Optional() private readonly declared?: DeclaredRows,
  ) {}

  async onModuleInit(): Promise<void> {
    if (!this.config.get('DB_MIGRATE', { infer: true })) return;
    const { applied, synced } = await runPendingMigrations(this.db, this.declared);
    if (applied.length > 0) this.logger.log(`Applied ${applied.join(', ')}`);
    if (synced > 0) this.logger.log(`Synced ${synced} declared rows`);
  }
}

/**
 * Applies pending migrations, each in its own transaction, then brings the declared rows to their
 * declarations, all under the advisory lock that every instance and the migration job
 * (src/cli/migrate.ts) take; returns the names applied and the number of declared rows changed.
 */
export async function runPendingMigrations(
  db: DataSource,
  declared?: DeclaredRows,
): Promise<{ applied: string[]; synced: number }> {
  const lock = db.createQueryRunner();
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    const applied = await db.runMigrations({ transaction: 'each' });
    let synced = 0;
    if (declared) {
      await lock.startTransaction();
      try {
        synced = await declared.sync(lock);
        await lock.commitTransaction();
      } catch (error) {
        await lock.rollbackTransaction();
        throw error;
      }
    }
    return { applied: applied.map((m) => m.name), synced };
  } finally {
    await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await lock.release();
  }
}
