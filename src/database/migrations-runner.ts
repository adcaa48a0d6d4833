import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { DataSource } from 'typeorm';
import type { Environment } from '../config/environment';

/** Any fixed number: the advisory lock every instance takes before migrating. */
const MIGRATION_LOCK = 724_315_001;

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
  ) {}

  async onModuleInit(): Promise<void> {
    if (!this.config.get('DB_MIGRATE', { infer: true })) return;
    const applied = await runPendingMigrations(this.db);
    if (applied.length > 0) this.logger.log(`Applied ${applied.join(', ')}`);
  }
}

/**
 * Applies pending migrations, each in its own transaction, under the advisory lock that every
 * instance and the migration job (src/cli/migrate.ts) take; returns the names applied.
 */
export async function runPendingMigrations(db: DataSource): Promise<string[]> {
  const lock = db.createQueryRunner();
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    const applied = await db.runMigrations({ transaction: 'each' });
    return applied.map((m) => m.name);
  } finally {
    await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await lock.release();
  }
}
