import { Injectable } from '@nestjs/common';
import { AuditLogEntity } from '../../../../core/audit/audit-log.entity';
import { ListSpec, listPage, Where } from '../../../../core/pagination/list';
import { Page } from '../../../../core/pagination/page';
import { Db } from '../../../../database/db';
import { raw, Sql, sql } from '../../../../database/sql';
import { Table } from '../../../../database/table';
import type { ActivityPointDto, ListLogsQueryDto, LogDetailDto, LogDto } from './dto/log.dto';

const auditLogs = new Table(AuditLogEntity);
/** A record as LogDto and LogDetailDto: every column but the company (metadata included). */
const LOG = auditLogs.answer('a', { except: ['company_id'] });

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

/** The conditions of the list's filters other than its time window, over `audit_logs a`. */
function filtered(companyId: string, query: ListLogsQueryDto): Where {
  return (
    new Where(sql`a.company_id = ${companyId}`)
      .equals('a.account_id', query.account_id)
      .equals('a.key', query.key)
      .equals('a.status', query.status)
      .between('a.criticality', query.min_criticality, query.max_criticality)
      // The expression of audit_logs_metadata_trgm_idx (migration AuditSearchIndex), so that index serves it.
      .contains('(a.metadata::text)', query.search)
  );
}

/**
 * The `audit_log_counts` filters whose sum is the number of records matching the query, or
 * undefined when the counts cannot answer it (a search, or two filters at once: only one filter
 * at a time is counted). A criticality range is the sum of its levels.
 */
function countedFilters(query: ListLogsQueryDto): string[] | undefined {
  if (query.search !== undefined) return undefined;
  const filters: string[][] = [];
  if (query.account_id !== undefined) filters.push([`account_id=${query.account_id}`]);
  if (query.key !== undefined) filters.push([`key=${query.key}`]);
  if (query.status !== undefined) filters.push([`status=${query.status}`]);
  if (query.min_criticality !== undefined || query.max_criticality !== undefined) {
    const [min, max] = [query.min_criticality ?? 1, query.max_criticality ?? 10];
    filters.push(Array.from({ length: Math.max(max - min + 1, 0) }, (_, i) => `criticality=${min + i}`));
  }
  if (filters.length > 1) return undefined;
  return filters[0] ?? [''];
}

/**
 * The visible part of [start, end] (docs/logs.md, "Totals"): from the later of `start` and the
 * company's horizon to `end`. Its whole UTC days, [from_day, to_day), are read from
 * audit_log_counts; the partial days at either end (a horizon or a bound inside a day) from the
 * records themselves: [lower, head_end) and [tail_start, upper], at most a day each. Read first,
 * on its own, so the statements that use it are planned for its actual bounds (an empty range
 * as empty, a day as a day), and as text, which keeps PostgreSQL's microseconds.
 */
export interface CountWindow {
  lower: string;
  upper: string;
  from_day: string;
  to_day: string;
  head_end: string;
  tail_start: string;
}

export function countWindowStatement(
  companyId: string,
  start: string | Date | undefined,
  end: string | Date | undefined,
): Sql {
  return sql`SELECT lower::text, upper::text,
      (CASE WHEN whole THEN (from_ts AT TIME ZONE 'UTC')::date ELSE 'infinity'::date END)::text AS from_day,
      (CASE WHEN whole THEN (to_ts AT TIME ZONE 'UTC')::date ELSE '-infinity'::date END)::text AS to_day,
      (CASE WHEN whole THEN from_ts ELSE 'infinity' END)::text AS head_end,
      (CASE WHEN whole THEN to_ts ELSE 'infinity' END)::text AS tail_start
    FROM (
      SELECT lower, upper, from_ts, to_ts, from_ts < to_ts AS whole
      FROM (
        SELECT lower, upper,
          CASE WHEN lower = date_trunc('day', lower, 'UTC') THEN lower
               ELSE date_trunc('day', lower, 'UTC') + interval '1 day' END AS from_ts,
          date_trunc('day', upper + interval '1 microsecond', 'UTC') AS to_ts
        FROM (
          SELECT greatest(coalesce(${start ?? null}::timestamptz, '-infinity'),
                   coalesce((SELECT h.visible_from FROM audit_log_horizons h WHERE h.company_id = ${companyId}), '-infinity')) AS lower,
            coalesce(${end ?? null}::timestamptz, 'infinity') AS upper
        ) bounds
      ) days
    ) whole_days`;
}

/** The list's exact total from the kept counts: whole days summed, partial days counted. */
function keptTotal(companyId: string, query: ListLogsQueryDto, filters: string[], w: CountWindow): Sql {
  const matching = filtered(companyId, query).toSql();
  return sql`SELECT (
      (SELECT coalesce(sum(n.total), 0) FROM audit_log_counts n
        WHERE n.company_id = ${companyId} AND n.filter = ANY(${filters}::text[])
          AND n.day >= ${w.from_day}::date AND n.day < ${w.to_day}::date)
      + (SELECT count(*) FROM audit_logs a
        WHERE ${matching} AND a.created_at >= ${w.lower}::timestamptz
          AND a.created_at < least(${w.head_end}::timestamptz, ${w.upper}::timestamptz + interval '1 microsecond'))
      + (SELECT count(*) FROM audit_logs a
        WHERE ${matching} AND a.created_at >= ${w.tail_start}::timestamptz AND a.created_at <= ${w.upper}::timestamptz)
    )::int AS total`;
}

/**
 * The log list (exported for bench/logs.js, which EXPLAINs its statements). `window`, read with
 * countWindowStatement, lets the total come from the kept counts where they can answer.
 */
export function logList(companyId: string, query: ListLogsQueryDto, window?: CountWindow): ListSpec {
  const filters = countedFilters(query);
  return {
    from: 'audit_logs a',
    where: filtered(companyId, query).and(visible(companyId)).between('a.created_at', query.start_date, query.end_date),
    orderBy: 'a.created_at DESC, a.id DESC',
    key: ['a.id'],
    select: LOG,
    total: filters && window && keptTotal(companyId, query, filters, window),
  };
}

/** Counts per UTC day of [from, to], every day of it listed, ascending: whole days from the kept counts. */
function activityStatement(companyId: string, from: Date, to: Date, w: CountWindow): Sql {
  const recordDays = (range: Sql) =>
    sql`SELECT (a.created_at AT TIME ZONE 'UTC')::date AS day, count(*) AS count FROM audit_logs a
      WHERE a.company_id = ${companyId} AND ${range} GROUP BY 1`;
  return sql`WITH counted AS (
      SELECT parts.day, sum(parts.count) AS count
      FROM (
        SELECT n.day, n.total AS count FROM audit_log_counts n
        WHERE n.company_id = ${companyId} AND n.filter = '' AND n.day >= ${w.from_day}::date AND n.day < ${w.to_day}::date
        UNION ALL ${recordDays(sql`a.created_at >= ${w.lower}::timestamptz
          AND a.created_at < least(${w.head_end}::timestamptz, ${w.upper}::timestamptz + interval '1 microsecond')`)}
        UNION ALL ${recordDays(sql`a.created_at >= ${w.tail_start}::timestamptz AND a.created_at <= ${w.upper}::timestamptz`)}
      ) parts
      GROUP BY parts.day)
    SELECT to_char(d.day, 'YYYY-MM-DD') AS date, coalesce(counted.count, 0)::int AS count
    FROM generate_series((${from}::timestamptz AT TIME ZONE 'UTC')::date,
                         (${to}::timestamptz AT TIME ZONE 'UTC')::date, interval '1 day') AS d(day)
    LEFT JOIN counted ON counted.day = d.day::date
    ORDER BY d.day`;
}

@Injectable()
export class LogsRepository {
  constructor(private readonly db: Db) {}

  async list(companyId: string, query: ListLogsQueryDto): Promise<Page<LogDto>> {
    const window = countedFilters(query) && (await this.countWindow(companyId, query.start_date, query.end_date));
    return listPage(this.db, logList(companyId, query, window), query);
  }

  private async countWindow(companyId: string, start: string | Date | undefined, end: string | Date | undefined) {
    return (await this.db.one<CountWindow>(countWindowStatement(companyId, start, end)))!;
  }

  findOne(companyId: string, id: string): Promise<LogDetailDto | null> {
    return this.db.one(
      sql`SELECT ${raw(LOG)} FROM audit_logs a WHERE a.id = ${id} AND a.company_id = ${companyId} AND ${visible(companyId)}`,
    );
  }

  async activity(companyId: string, from: Date, to: Date): Promise<ActivityPointDto[]> {
    return this.db.rows(activityStatement(companyId, from, to, await this.countWindow(companyId, from, to)));
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

  /** Drops the company's counts of the days before its horizon's: readers no longer use them. */
  forgetHiddenDays(companyId: string): Promise<number> {
    return this.db.affected(
      sql`DELETE FROM audit_log_counts n USING audit_log_horizons h
        WHERE n.company_id = ${companyId} AND h.company_id = n.company_id
          AND n.day < (h.visible_from AT TIME ZONE 'UTC')::date`,
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
