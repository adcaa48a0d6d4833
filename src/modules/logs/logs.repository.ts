import { Injectable } from '@nestjs/common';
import { AuditLogEntity } from '../../core/audit/audit-log.entity';
import { ListSpec, listPage, Where } from '../../core/pagination/list';
import { Page } from '../../core/pagination/page';
import { Db } from '../../database/db';
import { raw, Sql, sql } from '../../database/sql';
import { Table } from '../../database/table';
import type { ActivityPointDto, ListLogsQueryDto, LogDetailDto, LogDto } from './dto/log.dto';

const auditLogs = new Table(AuditLogEntity);
const LOG = auditLogs.list('a', { except: ['company_id', 'metadata'] });
const LOG_DETAIL = auditLogs.list('a', { except: ['company_id'] });

/**
 * The records a reader of the company sees: those since its horizon (clear and optimize move it).
 * The horizon is one primary-key probe, run once per statement; the comparison then bounds the
 * (company_id, …, created_at) index ranges.
 */
const visible = (companyId: string) =>
  sql`a.created_at >= coalesce(
    (SELECT h.visible_from FROM audit_log_horizons h WHERE h.company_id = ${companyId}), '-infinity')`;

/** Serialises the horizon's moves and the purger's read of it, per company. */
const horizonLock = (companyId: string) =>
  sql`pg_advisory_xact_lock(hashtextextended('audit_log_horizons:' || ${companyId}, 0))`;

/** The log list (exported for bench/logs.js, which EXPLAINs its statements). */
export function logList(companyId: string, query: ListLogsQueryDto): ListSpec {
  return {
    from: 'audit_logs a',
    where: new Where(sql`a.company_id = ${companyId}`, visible(companyId))
      .equals('a.account_id', query.account_id)
      .equals('a.key', query.key)
      .equals('a.status', query.status)
      .between('a.criticality', query.min_criticality, query.max_criticality)
      .between('a.created_at', query.start_date, query.end_date)
      // The expression of audit_logs_metadata_trgm_idx (migration AuditSearchIndex), so that index serves it.
      .contains('(a.metadata::text)', query.search),
    orderBy: 'a.created_at DESC, a.id DESC',
    key: ['a.id'],
    select: LOG,
  };
}

/** Counts per UTC day of [from, to], every day of it listed, ascending. */
function activityStatement(companyId: string, from: Date, to: Date): Sql {
  return sql`WITH counted AS (
      SELECT (a.created_at AT TIME ZONE 'UTC')::date AS day, count(*)::int AS count
      FROM audit_logs a
      WHERE a.company_id = ${companyId} AND ${visible(companyId)}
        AND a.created_at >= ${from} AND a.created_at <= ${to}
      GROUP BY 1)
    SELECT to_char(d.day, 'YYYY-MM-DD') AS date, coalesce(counted.count, 0) AS count
    FROM generate_series((${from}::timestamptz AT TIME ZONE 'UTC')::date,
                         (${to}::timestamptz AT TIME ZONE 'UTC')::date, interval '1 day') AS d(day)
    LEFT JOIN counted ON counted.day = d.day::date
    ORDER BY d.day`;
}

@Injectable()
export class LogsRepository {
  constructor(private readonly db: Db) {}

  list(companyId: string, query: ListLogsQueryDto): Promise<Page<LogDto>> {
    return listPage(this.db, logList(companyId, query), query);
  }

  findOne(companyId: string, id: string): Promise<LogDetailDto | null> {
    return this.db.one(
      sql`SELECT ${raw(LOG_DETAIL)} FROM audit_logs a WHERE a.id = ${id} AND a.company_id = ${companyId} AND ${visible(companyId)}`,
    );
  }

  activity(companyId: string, from: Date, to: Date): Promise<ActivityPointDto[]> {
    return this.db.rows(activityStatement(companyId, from, to));
  }

  /**
   * Moves the company's horizon forward to `to` (never back), in the caller's transaction: the
   * records before it disappear for every reader when that transaction commits. A record written
   * later in the same transaction (its created_at is the transaction's start, now()) stays visible.
   */
  async moveHorizon(companyId: string, to: Sql): Promise<void> {
    await this.db.one(sql`SELECT ${horizonLock(companyId)}`);
    await this.db.affected(
      sql`INSERT INTO audit_log_horizons (company_id, visible_from) VALUES (${companyId}, ${to})
        ON CONFLICT (company_id) DO UPDATE
        SET visible_from = greatest(audit_log_horizons.visible_from, EXCLUDED.visible_from)`,
    );
  }

  /**
   * Waits until no transaction is moving the company's horizon (a clear that is committing), so
   * the purge that follows reads the horizon it moved. Outside any transaction: the lock is
   * released as soon as it is granted.
   */
  async awaitHorizon(companyId: string): Promise<void> {
    await this.db.one(sql`SELECT ${horizonLock(companyId)}`);
  }

  /** Deletes up to `limit` records the company's readers no longer see; returns how many. */
  deleteHidden(companyId: string, limit: number): Promise<number> {
    return this.db.affected(
      sql`DELETE FROM audit_logs WHERE id IN (
        SELECT a.id FROM audit_logs a
        WHERE a.company_id = ${companyId} AND a.created_at < (
          SELECT h.visible_from FROM audit_log_horizons h WHERE h.company_id = ${companyId})
        LIMIT ${limit})`,
    );
  }

  /** Companies with hidden records still stored (a purge cut short by a restart). */
  async withHiddenRecords(): Promise<string[]> {
    const rows = await this.db.rows<{ company_id: string }>(
      sql`SELECT h.company_id FROM audit_log_horizons h
        WHERE EXISTS (SELECT 1 FROM audit_logs a WHERE a.company_id = h.company_id AND a.created_at < h.visible_from)`,
    );
    return rows.map((row) => row.company_id);
  }

  /** Makes the space of deleted records reusable and refreshes the planner's statistics. */
  async vacuum(): Promise<void> {
    await this.db.affected(sql`VACUUM (ANALYZE) audit_logs`);
  }
}
