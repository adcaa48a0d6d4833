import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { BooleanQuery, Rfc3339Time, SearchTerm } from '../../../../../core/http/validators';
import { PageQueryDto } from '../../../../../core/pagination/page-query.dto';

/** A history's window: `from`/`to`, or the Kroncl client's `start_date`/`end_date`, both inclusive. */
export class HistoryQueryDto {
  @IsOptional()
  @Rfc3339Time()
  from?: string;

  @IsOptional()
  @Rfc3339Time()
  to?: string;

  /** The same as `from` (the Kroncl client's name). */
  @IsOptional()
  @Rfc3339Time()
  start_date?: string;

  /** The same as `to`. */
  @IsOptional()
  @Rfc3339Time()
  end_date?: string;

  /** At most this many points (never more than 500). */
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(1000)
  limit?: number;
}

export class TableSizeDto {
  table_name: string;
  size_kb: number;
  /** From the table's statistics. */
  rows_estimate: number;
}

/** The database now (from `pg_stat_*`); every company lives in the one schema `public`. */
export class DbSysDto {
  total_database_size_mb: number;
  total_schemas_count: number;
  company_schemas_count: number;
  public_schemas_count: number;
  other_schemas_count: number;
  total_tables_count: number;
  total_indexes_count: number;
  total_active_connections: number;
  /** How many migrations are applied. */
  migration_version: number;
  migration_dirty: boolean;
  /** Share of block reads served from PostgreSQL's cache, 0 to 1. */
  cache_hit_ratio: number;
  transactions_committed: number;
  transactions_rolled_back: number;
  /** The Kroncl names of pg_stat_database's counters since the statistics were reset (the history's chart takes their rates). */
  xact_commit: number;
  xact_rollback: number;
  tup_returned: number;
  tup_fetched: number;
  tup_inserted: number;
  tup_updated: number;
  tup_deleted: number;
  blks_read: number;
  blks_hit: number;
  /** The ten biggest tables, biggest first. */
  biggest_tables: TableSizeDto[];
}

/**
 * This process and its host now, in the Kroncl shape (requests … open_fds_count) with this
 * service's own figures after it. "Since the previous reading": since this instance's previous
 * snapshot or `/server/sys`.
 */
export class ServerSysDto {
  recorded_at: Date;
  /** Requests this instance completed since it started (health probes aside). */
  requests_total: number;
  requests_5xx_total: number;
  requests_4xx_total: number;
  /** Mean response time since the previous reading (the latest 4,096 responses at most). */
  avg_response_time_ms: number;
  /** 95th percentile of the same response times. */
  p95_response_time_ms: number;
  /** Open connections to this instance's HTTP server. */
  active_connections: number;
  /** Node's analogue of goroutines: the active handles and requests (process.getActiveResourcesInfo()). */
  goroutines_count: number;
  /** V8's heap in use (heapUsed). */
  heap_alloc_mb: number;
  /** V8's heap reserved (heapTotal). */
  heap_inuse_mb: number;
  /** Time the garbage collector paused the process since the previous reading. */
  gc_duration_ms: number;
  /** Whether db snapshots are taken: their last round succeeded (a snapshot), or one was recorded within two periods (`/server/sys`). */
  db_worker_success: boolean;
  /** The same for the clientele snapshots. */
  clientele_worker_success: boolean;
  /** The same as cpu_percent. */
  cpu_usage_percent: number;
  /** The process's resident memory (RSS). */
  memory_usage_mb: number;
  /** Entries of /proc/self/fd; 0 where there is no /proc. */
  open_fds_count: number;
  /** CPU used by this process since the previous reading, percent of one core. */
  cpu_percent: number;
  cpu_count: number;
  @ApiProperty({ type: [Number], description: "The host's 1, 5 and 15 minute load averages" })
  load_average: number[];
  rss_mb: number;
  heap_used_mb: number;
  memory_total_mb: number;
  memory_free_mb: number;
  /** Mean and worst event-loop delay since the previous reading. */
  event_loop_lag_ms: number;
  event_loop_lag_max_ms: number;
  uptime_s: number;
  version: string;
  node_version: string;
}

/** The object store now, from the counters each company keeps (one bucket per company). */
export class MediaSysDto {
  total_buckets: number;
  total_objects: number;
  total_size_mb: number;
  tenant_buckets_count: number;
  tenant_total_objects: number;
  tenant_total_size_mb: number;
  avg_tenant_objects: number;
  avg_tenant_size_mb: number;
}

/**
 * A company's bucket in the Kroncl shape (BucketInfo), from the counters the company keeps (its
 * store is not listed), with this service's own figures after it.
 */
export class BucketDto {
  /** `<MINIO_BUCKET_PREFIX><company id>`: what `/admin/media/buckets/{bucketId}/sys` takes. */
  name: string;
  /** When the company, and with it its bucket, was created. */
  @ApiProperty({ format: 'date-time' })
  creation_date: string;
  objects_count: number;
  /** The objects' bytes in MiB, not rounded. */
  size_mb: number;
  /** Always false: every bucket is a company's. */
  is_public: boolean;
  /** Always false: every bucket is a company's. */
  is_temp: boolean;
  /** Always true: every bucket is a company's. */
  is_tenant: boolean;
  /** The company whose bucket it is. */
  tenant_id: string;
  /** The objects' bytes. */
  size_bytes: number;
  company_name: string;
}

export class BucketsQueryDto extends PageQueryDto {
  /** Matches the bucket's name (so a part of its company's id), case-insensitively (a bounded count, `pagination.total_exact`). */
  @SearchTerm()
  search?: string;
}

/**
 * Accounts, companies, memberships and plan purchases in the Kroncl shape, from the counts the
 * database keeps (exact) unless said otherwise, with this service's own figures after them.
 */
export class ClienteleFiguresDto {
  recorded_at: Date;
  total_accounts: number;
  confirmed_accounts: number;
  waiting_accounts: number;
  /** Accounts that are administrators of the platform. */
  admin_accounts: number;
  account_type_owner: number;
  account_type_employee: number;
  account_type_admin: number;
  account_type_outsourcing: number;
  account_type_tech: number;
  /** Companies, those being deleted aside. */
  total_companies: number;
  public_companies: number;
  private_companies: number;
  /** Memberships: an account in a company counts once per company. */
  total_company_accounts: number;
  /** total_company_accounts / total_companies, to 0.01. */
  avg_accounts_per_company: number;
  /** An estimate from the planner's statistics of the memberships (the most common company's share), never below the mean. */
  max_accounts_in_company: number;
  /** Plan purchases (the pricing transactions) of every company. */
  total_transactions: number;
  success_transactions: number;
  pending_transactions: number;
  /** Purchases that started a trial (a promocode's). */
  trial_transactions: number;
  /** Companies that wrote to their audit trail in the last 7 UTC days, today included. */
  active_companies_7d: number;
  active_companies_30d: number;
  /** Always 0: every company lives in the one shared schema, whose tables exist while the service runs. */
  company_schemas_without_data: number;
  /** The accounts table's live rows (an estimate from its statistics). */
  accounts: number;
  /** The companies table's live rows (an estimate from its statistics). */
  companies: number;
  /** Companies on a bought plan that has not ended. */
  paying_companies: number;
}

export class DbPointDto extends DbSysDto {
  id: string;
  recorded_at: Date;
}
export class ServerPointDto extends ServerSysDto {
  id: string;
}
export class MediaPointDto extends MediaSysDto {
  id: string;
  recorded_at: Date;
}
export class ClientelePointDto extends ClienteleFiguresDto {
  id: string;
}

export class SignupsDayDto {
  /** YYYY-MM-DD (UTC). */
  day: string;
  signups: number;
}

export class ClienteleStatsDto extends ClienteleFiguresDto {
  /** Sign-ups of the last 30 days by day (UTC), oldest first; days without any are left out. */
  signups_by_day: SignupsDayDto[];
}

export class SchemasQueryDto extends PageQueryDto {
  /** Matches the schema's name. */
  @SearchTerm()
  search?: string;

  /** Accepted as the Kroncl client sends it; every company lives in `public`, which is always listed. */
  @BooleanQuery()
  only_tenants?: boolean;
}

export class SchemaSysDto {
  schema_name: string;
  schema_size_mb: number;
  tables_count: number;
  indexes_count: number;
  migration_version: number;
  migration_dirty: boolean;
}

export class SchemaListItemDto extends SchemaSysDto {
  /** False: companies are rows of this schema, not schemas of their own. */
  is_company: boolean;
}

export class SchemaTableDto {
  table_name: string;
  size_kb: number;
  size_mb: number;
}

export class AppliedMigrationsDto {
  /** The migrations applied now, in order; empty when none was pending. */
  applied: string[];
}
