import { readdir } from 'node:fs/promises';
import { cpus, freemem, loadavg, totalmem } from 'node:os';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { RequestTally } from '../../../../core/http/request-tally';
import { Db } from '../../../../database/db';
import { Sql, sql } from '../../../../database/sql';
import { API_VERSION } from '../../../../version';
import { ACCOUNT_TYPES } from '../../../account/accounts/accounts.face';
import { CompanyDirectory } from '../../../companies/companies/companies.face';
import { AuditActivity } from '../../../companies/modules/logs/logs.face';
import type { AccountStatsDto } from '../accounts/dto/admin-account.dto';

const MB = 1_048_576;

/** Whether the last snapshot round's db and clientele figures were taken (docs/admin.md, "Server"). */
export interface WorkerSuccess {
  db_worker_success: boolean;
  clientele_worker_success: boolean;
}

/**
 * The figures of the console's system pages, now (CONTRACT 21). None reads every row of a big
 * table: the database's from `pg_stat_*`, the clientele's and the store's from the counts the
 * database keeps.
 */
@Injectable()
export class SystemFigures implements OnModuleDestroy {
  private readonly loopDelay = monitorEventLoopDelay({ resolution: 20 });
  private lastCpu = { at: process.hrtime.bigint(), usage: process.cpuUsage() };
  /** Milliseconds the garbage collector paused the process since the previous reading. */
  private gcPausedMs = 0;
  private readonly gc = new PerformanceObserver((entries) => {
    for (const entry of entries.getEntries()) this.gcPausedMs += entry.duration;
  });

  constructor(
    private readonly db: Db,
    private readonly companies: CompanyDirectory,
    private readonly requests: RequestTally,
    private readonly activity: AuditActivity,
  ) {
    this.loopDelay.enable();
    this.gc.observe({ entryTypes: ['gc'] });
  }

  onModuleDestroy(): void {
    this.loopDelay.disable();
    this.gc.disconnect();
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
                 d.xact_commit::float8, d.xact_rollback::float8, d.tup_returned::float8, d.tup_fetched::float8,
                 d.tup_inserted::float8, d.tup_updated::float8, d.tup_deleted::float8, d.blks_read::float8, d.blks_hit::float8,
                 (SELECT coalesce(json_agg(t), '[]') FROM (
                    SELECT relname AS table_name, (pg_total_relation_size(relid) / 1024)::int AS size_kb,
                           n_live_tup::float8 AS rows_estimate
                    FROM pg_stat_user_tables ORDER BY pg_total_relation_size(relid) DESC LIMIT 10) t) AS biggest_tables
          FROM pg_stat_database d WHERE d.datname = current_database()`,
    ))!;
    return figures;
  }

  /**
   * The Kroncl server's figures (requests, runtime, workers, system) with this service's own
   * (cpu_percent … node_version); each "since the previous reading" is since the previous
   * snapshot or `/server/sys` of this instance.
   */
  async server(workers: WorkerSuccess): Promise<Record<string, unknown>> {
    const [requests, openFds] = await Promise.all([this.requests.read(), openFileDescriptors()]);
    const now = process.hrtime.bigint();
    const usage = process.cpuUsage();
    const elapsedUs = Number(now - this.lastCpu.at) / 1000;
    const usedUs = usage.user - this.lastCpu.usage.user + (usage.system - this.lastCpu.usage.system);
    this.lastCpu = { at: now, usage };
    const memory = process.memoryUsage();
    const cpuPercent = elapsedUs > 0 ? Math.round((usedUs / elapsedUs) * 1000) / 10 : 0;
    const gcMs = Math.round(this.gcPausedMs * 100) / 100;
    this.gcPausedMs = 0;
    const figures = {
      ...requests,
      // Node's analogue of goroutines: the handles and requests keeping the event loop busy.
      goroutines_count: process.getActiveResourcesInfo().length,
      heap_alloc_mb: Math.round(memory.heapUsed / MB),
      heap_inuse_mb: Math.round(memory.heapTotal / MB),
      gc_duration_ms: gcMs,
      ...workers,
      cpu_usage_percent: cpuPercent,
      memory_usage_mb: Math.round(memory.rss / MB),
      open_fds_count: openFds,
      cpu_percent: cpuPercent,
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

  /** The store's figures from the kept totals of the live companies (one bucket each), never a listing of the store. */
  async media(): Promise<Record<string, unknown>> {
    const count = await this.keptCounts();
    const buckets = count('companies');
    const objects = count('companies.objects');
    const bytes = count('companies.bytes');
    return {
      total_buckets: buckets,
      total_objects: objects,
      total_size_mb: Math.round(bytes / MB),
      tenant_buckets_count: buckets,
      tenant_total_objects: objects,
      tenant_total_size_mb: Math.round(bytes / MB),
      avg_tenant_objects: buckets ? objects / buckets : 0,
      avg_tenant_size_mb: buckets ? bytes / MB / buckets : 0,
    };
  }

  /** The platform's kept counts (clientele_counts, summed over their slots), each by name; 0 for a count never kept. */
  private async keptCounts(): Promise<(name: string) => number> {
    const rows = await this.db.rows<{ name: string; total: number }>(
      sql`SELECT name, sum(total)::float8 AS total FROM clientele_counts GROUP BY name`,
    );
    const byName = new Map(rows.map((row) => [row.name, row.total]));
    return (name) => byName.get(name) ?? 0;
  }

  /** A statement answering `{total}`: the kept count `name`, for a list that must not count its rows. */
  keptTotal(name: string): Sql {
    return sql`SELECT coalesce(sum(total), 0)::int AS total FROM clientele_counts WHERE name = ${name}`;
  }

  /** The console's account figures (`/admin/accounts/stats`), from the kept counts: as fast at a million accounts as at ten. */
  async accountStats(): Promise<AccountStatsDto> {
    const count = await this.keptCounts();
    return {
      total_accounts: count('accounts'),
      confirmed_accounts: count('accounts.status=confirmed'),
      waiting_accounts: count('accounts.status=waiting'),
      admin_accounts: count('accounts.admin'),
      accounts_with_type: Object.fromEntries(
        ACCOUNT_TYPES.map((type) => [type, count(`accounts.type=${type}`)]).filter(([, n]) => n !== 0),
      ),
    };
  }

  /**
   * The Kroncl clientele figures, from the platform's kept counts (clientele_counts), the days of
   * the companies' audit trails and the planner's statistics; with this service's own
   * (`accounts`, `companies`: the tables' live-row estimates; `paying_companies`).
   */
  async clientele(): Promise<Record<string, unknown>> {
    const [count, stats, active, paying] = await Promise.all([
      this.keptCounts(),
      this.db.one<{ accounts: number; companies: number; top_company_members: number }>(
        sql`SELECT coalesce(sum(n_live_tup) FILTER (WHERE relname = 'accounts'), 0)::float8 AS accounts,
                   coalesce(sum(n_live_tup) FILTER (WHERE relname = 'companies'), 0)::float8 AS companies,
                   coalesce((SELECT s.most_common_freqs[1] * greatest(c.reltuples, 0) FROM pg_stats s, pg_class c
                             WHERE s.schemaname = 'public' AND s.tablename = 'company_members' AND s.attname = 'company_id'
                               AND c.oid = 'public.company_members'::regclass), 0)::float8 AS top_company_members
            FROM pg_stat_user_tables WHERE schemaname = 'public' AND relname IN ('accounts', 'companies')`,
      ),
      this.activity.activeCompanies(),
      this.companies.payingCount(this.keptTotal('companies.paid')),
    ]);
    const companies = count('companies');
    const memberships = count('company_members');
    const perCompany = companies ? memberships / companies : 0;
    return {
      total_accounts: count('accounts'),
      confirmed_accounts: count('accounts.status=confirmed'),
      waiting_accounts: count('accounts.status=waiting'),
      admin_accounts: count('accounts.admin'),
      ...Object.fromEntries(ACCOUNT_TYPES.map((type) => [`account_type_${type}`, count(`accounts.type=${type}`)])),
      total_companies: companies,
      public_companies: count('companies.public'),
      private_companies: companies - count('companies.public'),
      total_company_accounts: memberships,
      avg_accounts_per_company: Math.round(perCompany * 100) / 100,
      // The planner's share of the most common company among the memberships: an estimate, never below the mean.
      max_accounts_in_company: Math.max(Math.round(stats!.top_company_members), Math.ceil(perCompany)),
      total_transactions: count('pricing_transactions'),
      success_transactions: count('pricing_transactions.status=success'),
      pending_transactions: count('pricing_transactions.status=pending'),
      trial_transactions: count('pricing_transactions.trial'),
      ...active,
      // Every company lives in the one shared schema, whose tables exist while the service runs.
      company_schemas_without_data: 0,
      accounts: stats!.accounts,
      companies: stats!.companies,
      paying_companies: paying,
    };
  }
}

/** The process's open file descriptors; 0 where there is no /proc. */
async function openFileDescriptors(): Promise<number> {
  try {
    return (await readdir('/proc/self/fd')).length;
  } catch {
    return 0;
  }
}

/** Nanoseconds of the event-loop histogram in ms to 0.01; a histogram with no sample since its reset (NaN mean) is 0. */
function milliseconds(nanoseconds: number): number {
  return Number.isFinite(nanoseconds) ? Math.round((nanoseconds / 1e6) * 100) / 100 : 0;
}
