import { cpus, freemem, loadavg, totalmem } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { Db } from '../../../../database/db';
import { sql } from '../../../../database/sql';
import { API_VERSION } from '../../../../version';
import { CompanyDirectory } from '../../../companies/companies/companies.face';

const MB = 1_048_576;

/**
 * The figures of the console's system pages, now (CONTRACT 21). None reads every row of a big
 * table: the database's from `pg_stat_*`, the clientele's from the tables' kept statistics, the
 * store's from the counters every company keeps.
 */
@Injectable()
export class SystemFigures implements OnModuleDestroy {
  private readonly loopDelay = monitorEventLoopDelay({ resolution: 20 });
  private lastCpu = { at: process.hrtime.bigint(), usage: process.cpuUsage() };

  constructor(
    private readonly db: Db,
    private readonly companies: CompanyDirectory,
  ) {
    this.loopDelay.enable();
  }

  onModuleDestroy(): void {
    this.loopDelay.disable();
  }

  async database(): Promise<Record<string, unknown>> {
    const figures = (await this.db.one<Record<string, unknown>>(
      sql`SELECT (pg_database_size(current_database()) / ${MB})::int AS total_database_size_mb,
                 1 AS total_schemas_count, 0 AS company_schemas_count, 1 AS public_schemas_count, 0 AS other_schemas_count,
                 (SELECT count(*) FROM pg_stat_user_tables)::int AS total_tables_count,
                 (SELECT count(*) FROM pg_stat_user_indexes)::int AS total_indexes_count,
                 (SELECT count(*) FROM pg_stat_activity WHERE datname = current_database())::int AS total_active_connections,
                 (SELECT count(*) FROM migrations)::int AS migration_version,
                 false AS migration_dirty,
                 coalesce(round(d.blks_hit::numeric / nullif(d.blks_hit + d.blks_read, 0), 4), 1)::float8 AS cache_hit_ratio,
                 d.xact_commit::float8 AS transactions_committed, d.xact_rollback::float8 AS transactions_rolled_back,
                 (SELECT coalesce(json_agg(t), '[]') FROM (
                    SELECT relname AS table_name, (pg_total_relation_size(relid) / 1024)::int AS size_kb,
                           n_live_tup::float8 AS rows_estimate
                    FROM pg_stat_user_tables ORDER BY pg_total_relation_size(relid) DESC LIMIT 10) t) AS biggest_tables
          FROM pg_stat_database d WHERE d.datname = current_database()`,
    ))!;
    return figures;
  }

  server(): Record<string, unknown> {
    const now = process.hrtime.bigint();
    const usage = process.cpuUsage();
    const elapsedUs = Number(now - this.lastCpu.at) / 1000;
    const usedUs = usage.user - this.lastCpu.usage.user + (usage.system - this.lastCpu.usage.system);
    this.lastCpu = { at: now, usage };
    const memory = process.memoryUsage();
    const figures = {
      cpu_percent: elapsedUs > 0 ? Math.round((usedUs / elapsedUs) * 1000) / 10 : 0,
      cpu_count: cpus().length,
      load_average: loadavg(),
      rss_mb: Math.round(memory.rss / MB),
      heap_used_mb: Math.round(memory.heapUsed / MB),
      memory_total_mb: Math.round(totalmem() / MB),
      memory_free_mb: Math.round(freemem() / MB),
      event_loop_lag_ms: milliseconds(this.loopDelay.mean),
      event_loop_lag_max_ms: milliseconds(this.loopDelay.max),
      uptime_s: Math.round(process.uptime()),
      version: API_VERSION,
      node_version: process.version,
    };
    this.loopDelay.reset();
    return figures;
  }

  async media(): Promise<Record<string, unknown>> {
    const totals = await this.companies.totals();
    return {
      total_buckets: totals.companies,
      total_objects: totals.objects,
      total_size_mb: Math.round(totals.bytes / MB),
      tenant_buckets_count: totals.companies,
      tenant_total_objects: totals.objects,
      tenant_total_size_mb: Math.round(totals.bytes / MB),
      avg_tenant_objects: totals.companies ? totals.objects / totals.companies : 0,
      avg_tenant_size_mb: totals.companies ? totals.bytes / MB / totals.companies : 0,
    };
  }

  /** Accounts and companies from the tables' statistics (estimates, as every count a snapshot keeps). */
  async clientele(): Promise<Record<string, unknown>> {
    const rows = await this.db.rows<{ relname: string; live: number }>(
      sql`SELECT relname, n_live_tup::float8 AS live FROM pg_stat_user_tables WHERE relname IN ('accounts', 'companies')`,
    );
    const live = (name: string) => rows.find((row) => row.relname === name)?.live ?? 0;
    const { paying_companies } = await this.companies.totals();
    return { accounts: live('accounts'), companies: live('companies'), paying_companies };
  }
}

/** Nanoseconds of the event-loop histogram in ms to 0.01; a histogram with no sample since its reset (NaN mean) is 0. */
function milliseconds(nanoseconds: number): number {
  return Number.isFinite(nanoseconds) ? Math.round((nanoseconds / 1e6) * 100) / 100 : 0;
}
