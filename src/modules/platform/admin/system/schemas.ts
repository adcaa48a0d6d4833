import { Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { found } from '../../../../core/http/app.exception';
import { Db } from '../../../../database/db';
import { sql } from '../../../../database/sql';
import { DeclaredRows, runPendingMigrations } from '../../../../database/migrations-runner';
import type { SchemaSysDto, SchemaTableDto } from './dto/system.dto';

/** The one schema every company lives in (CONTRACT 21: the console's "schemas" are this one). */
export const SHARED_SCHEMA = 'public';
const MB = 1_048_576;

/** The console's database schemas: `public` with its figures, and its migrations on demand. */
@Injectable()
export class Schemas {
  constructor(
    private readonly db: Db,
    private readonly dataSource: DataSource,
    private readonly modules: ModuleRef,
  ) {}

  /** The schema's figures; 404 for any other name. */
  async sys(name: string): Promise<SchemaSysDto> {
    this.known(name);
    return (await this.db.one<SchemaSysDto>(
      sql`SELECT ${SHARED_SCHEMA}::text AS schema_name,
                 (coalesce(sum(pg_total_relation_size(relid)), 0) / ${MB})::int AS schema_size_mb,
                 count(*)::int AS tables_count,
                 (SELECT count(*) FROM pg_stat_user_indexes WHERE schemaname = ${SHARED_SCHEMA})::int AS indexes_count,
                 (SELECT count(*) FROM migrations)::int AS migration_version,
                 false AS migration_dirty
          FROM pg_stat_user_tables WHERE schemaname = ${SHARED_SCHEMA}`,
    ))!;
  }

  /** The schema's tables, biggest first. */
  tables(name: string): Promise<SchemaTableDto[]> {
    this.known(name);
    return this.db.rows(
      sql`SELECT relname AS table_name, (pg_total_relation_size(relid) / 1024)::int AS size_kb,
                 (pg_total_relation_size(relid) / ${MB})::int AS size_mb
          FROM pg_stat_user_tables WHERE schemaname = ${SHARED_SCHEMA}
          ORDER BY pg_total_relation_size(relid) DESC, relname`,
    );
  }

  /** Pending migrations, under the advisory lock of start-up (an empty list is a fine answer). */
  async migrate(name: string): Promise<{ applied: string[] }> {
    this.known(name);
    return this.up();
  }

  async up(): Promise<{ applied: string[] }> {
    // The application module provides the declared rows (start-up syncs them after migrating).
    const declared = this.modules.get(DeclaredRows, { strict: false });
    const { applied } = await runPendingMigrations(this.dataSource, declared);
    return { applied };
  }

  private known(name: string): void {
    found(name === SHARED_SCHEMA ? name : null, 'Schema');
  }
}
