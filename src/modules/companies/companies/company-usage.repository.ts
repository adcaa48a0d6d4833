import { Injectable } from '@nestjs/common';
import { Db } from '../../../database/db';
import { allKeptCounts } from '../../../core/pagination/kept-counts';
import { join, raw, sql } from '../../../database/sql';
import { PLAN_LIMITS } from '../plans/plans.face';

export interface TableBytes {
  name: string;
  rows: number;
  bytes: number;
}

export interface KeptTableRows {
  module: string;
  table: string;
  rows: number;
  /** The rows times their table's average on-disk width (the planner's statistics). */
  bytes: number;
}

export interface ObjectUsage {
  count: number;
  bytes: number;
  createdAt: Date;
}

/** What a company uses of its plan: stored objects (counted in its row) and database bytes (measured). */
@Injectable()
export class CompanyUsageRepository {
  constructor(private readonly db: Db) {}

  /**
   * Reserves room for one object of `bytes` within the plan's limit_objects_count and
   * limit_objects_mb: false when it would not fit (or the company is gone). One UPDATE, so the
   * row lock serialises concurrent writers and each re-checks the limits on the latest counts.
   * Call it outside any transaction (autocommit): the lock must not outlive the statement.
   */
  async reserveObject(companyId: string, bytes: number): Promise<boolean> {
    return (
      (await this.db.affected(
        sql`UPDATE companies c SET objects_count = c.objects_count + 1, objects_bytes = c.objects_bytes + ${bytes}
            FROM ${raw(PLAN_LIMITS)} p
            WHERE c.id = ${companyId} AND c.deleting_at IS NULL AND p.code = c.plan_code
              AND c.objects_count + 1 <= p.limit_objects_count
              AND c.objects_bytes + ${bytes} <= p.limit_objects_mb::bigint * 1048576`,
      )) === 1
    );
  }

  /**
   * Adds `bytes` to a reservation already made by reserveObject (an upload that streams past
   * what it declared): false when they would not fit within limit_objects_mb.
   */
  async reserveMoreBytes(companyId: string, bytes: number): Promise<boolean> {
    return (
      (await this.db.affected(
        sql`UPDATE companies c SET objects_bytes = c.objects_bytes + ${bytes}
            FROM ${raw(PLAN_LIMITS)} p
            WHERE c.id = ${companyId} AND c.deleting_at IS NULL AND p.code = c.plan_code
              AND c.objects_bytes + ${bytes} <= p.limit_objects_mb::bigint * 1048576`,
      )) === 1
    );
  }

  /** Gives back bytes reserved but not stored (an upload smaller than it declared). */
  async releaseBytes(companyId: string, bytes: number): Promise<void> {
    await this.db.affected(
      sql`UPDATE companies SET objects_bytes = greatest(objects_bytes - ${bytes}, 0) WHERE id = ${companyId}`,
    );
  }

  /** Gives back what reserveObject took, when the object was not stored or has been removed. */
  async releaseObject(companyId: string, bytes: number): Promise<void> {
    await this.db.affected(
      sql`UPDATE companies SET objects_count = greatest(objects_count - 1, 0),
            objects_bytes = greatest(objects_bytes - ${bytes}, 0)
          WHERE id = ${companyId}`,
    );
  }

  /** The company's stored objects as kept by reserveObject/releaseObject, and its creation time. */
  async objectUsage(companyId: string): Promise<ObjectUsage> {
    const row = await this.db.one<{ count: number; bytes: string; created_at: Date }>(
      sql`SELECT objects_count AS count, objects_bytes AS bytes, created_at FROM companies WHERE id = ${companyId}`,
    );
    return { count: row!.count, bytes: Number(row!.bytes), createdAt: row!.created_at };
  }

  /** The limit_db_mb of the company's plan, read now (not from the plan cache). */
  async dbLimitMb(companyId: string): Promise<number | null> {
    const row = await this.db.one<{ limit: number }>(
      sql`SELECT p.limit_db_mb AS limit FROM companies c JOIN ${raw(PLAN_LIMITS)} p ON p.code = c.plan_code WHERE c.id = ${companyId}`,
    );
    return row?.limit ?? null;
  }

  /**
   * The company's rows in each module's counted tables, from the kept counts (its total over
   * filter `''` and every day): as fast at a million rows as at a thousand.
   */
  async keptTableRows(companyId: string): Promise<KeptTableRows[]> {
    const counted = allKeptCounts().filter((counts) => counts.module !== undefined);
    if (counted.length === 0) return [];
    return this.db.rows<KeptTableRows>(
      sql`SELECT k.module, k.table, k.rows::float8 AS rows, round(k.rows * k.width)::float8 AS bytes
          FROM (${join(
            counted.map(
              (counts) =>
                sql`SELECT ${counts.module!}::text AS module, ${counts.table}::text AS table,
                      (SELECT coalesce(sum(total), 0) FROM ${raw(`"${counts.counts}"`)}
                        WHERE company_id = ${companyId} AND filter = '') AS rows,
                      (SELECT CASE WHEN c.reltuples > 0 THEN pg_relation_size(c.oid) / c.reltuples ELSE 0 END
                        FROM pg_class c WHERE c.oid = ${counts.table}::regclass) AS width`,
            ),
            ' UNION ALL ',
          )}) k
          ORDER BY k.module, k.table`,
    );
  }

  /**
   * The company's own rows and their size in every table that has a company_id column (found
   * from the catalog, so new modules are counted without being listed here; views are not), plus its row in
   * companies. Sizes are the rows' on-disk width (pg_column_size), without index overhead.
   */
  async tableUsage(companyId: string): Promise<TableBytes[]> {
    const tables = await this.db.rows<{ table_name: string }>(
      sql`SELECT c.table_name FROM information_schema.columns c
          JOIN information_schema.tables t USING (table_schema, table_name)
          WHERE c.table_schema = current_schema() AND c.column_name = 'company_id' AND t.table_type = 'BASE TABLE'
          ORDER BY c.table_name`,
    );
    const usage: TableBytes[] = [];
    // One table at a time: inside a transaction they share its one connection.
    for (const name of ['companies', ...tables.map((t) => t.table_name)]) {
      const column = name === 'companies' ? 'id' : 'company_id';
      const row = await this.db.one<{ rows: number; bytes: string }>(
        sql`SELECT count(*)::int AS rows, coalesce(sum(pg_column_size(t.*)), 0)::bigint AS bytes
            FROM ${raw(`"${name}"`)} t WHERE ${raw(column)} = ${companyId}`,
      );
      usage.push({ name, rows: row!.rows, bytes: Number(row!.bytes) });
    }
    return usage;
  }
}

export const toMb = (bytes: number) => Math.round((bytes / (1024 * 1024)) * 1000) / 1000;
