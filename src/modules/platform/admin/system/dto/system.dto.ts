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
  /** The ten biggest tables, biggest first. */
  biggest_tables: TableSizeDto[];
}

/** This process and its host now. */
export class ServerSysDto {
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

/** Accounts and companies, as a snapshot keeps them (the tables' statistics: estimates). */
export class ClienteleFiguresDto {
  accounts: number;
  companies: number;
  paying_companies: number;
}

export class DbPointDto extends DbSysDto {
  id: string;
  recorded_at: Date;
}
export class ServerPointDto extends ServerSysDto {
  id: string;
  recorded_at: Date;
}
export class MediaPointDto extends MediaSysDto {
  id: string;
  recorded_at: Date;
}
export class ClientelePointDto extends ClienteleFiguresDto {
  id: string;
  recorded_at: Date;
}

export class SignupsDayDto {
  /** YYYY-MM-DD (UTC). */
  day: string;
  signups: number;
}

export class ClienteleStatsDto {
  total_accounts: number;
  confirmed_accounts: number;
  waiting_accounts: number;
  total_companies: number;
  /** Companies on a bought plan that has not ended. */
  paying_companies: number;
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
