import { ApiExtraModels, ApiProperty, getSchemaPath, PartialType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  IsBoolean,
  IsEmail,
  IsISO8601,
  IsOptional,
  IsString,
  IsUrl,
  Length,
  Matches,
  MaxLength,
  ValidateIf,
} from 'class-validator';
import { Omittable, OneOf, SearchTerm, TrimmedName } from '../../../../core/http/validators';
import { PageQueryDto } from '../../../../core/pagination/page-query.dto';
import { PermissionDto } from '../../../../core/access/permission.dto';
import { MEMBER_ROLES, PLATFORM_ROLE_CODES, RoleFilter, RoleFilterQuery } from '../../members/members.face';
import { PricingPlanDto } from '../../plans/plans.face';
import { SLUG_MAX, SLUG_MIN, SLUG_PATTERN } from '../slug';
import { FreeText } from '../../../../core/fields/free-text';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class CompanyFieldsDto {
  @TrimmedName(200)
  @ApiProperty({ example: 'Acme Trading' })
  name: string;

  /** Lowercase latin letters, digits and hyphens, 3 to 63 characters; made from the name when omitted. */
  @Omittable()
  @IsString()
  @Length(SLUG_MIN, SLUG_MAX)
  @Matches(SLUG_PATTERN, { message: 'must be lowercase latin letters, digits and single hyphens' })
  @ApiProperty({ example: 'acme-trading' })
  slug?: string;

  @FreeText('Wholesale of office supplies')
  description?: string | null;

  /** Listed in GET /companies/public. */
  @Omittable()
  @IsBoolean()
  is_public?: boolean;

  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(100)
  @ApiProperty({ example: 'Moscow' })
  region?: string | null;

  @IsOptional()
  @IsUrl({ require_protocol: true, protocols: ['http', 'https'] })
  @MaxLength(255)
  site?: string | null;

  @IsOptional()
  @IsEmail()
  @MaxLength(254)
  email?: string | null;
}

/** The create form of the platform's web client adds an avatar and the plan to try (CONTRACT 17). */
export class CreateCompanyDto extends CompanyFieldsDto {
  @IsOptional()
  @IsUrl({ require_protocol: true, protocols: ['http', 'https'] })
  @MaxLength(2048)
  avatar_url?: string | null;

  /**
   * The plan the 30-day trial runs on, its `code` from `GET /api/v1/plans`; the richest (lvl 1)
   * when omitted.
   */
  @Omittable()
  @IsString()
  @MaxLength(32)
  @ApiProperty({ required: false })
  plan_code?: string;

  /**
   * A promocode (CONTRACT 21): its plan's trial starts at once for its `trial_period_days`
   * (`plan_code`, when sent, must be that plan). An unknown, spent, expired or inactive one is 400.
   */
  @Omittable()
  @IsString()
  @MaxLength(64)
  @ApiProperty({ required: false })
  promocode?: string;
}

/** Every field optional; `null` clears description, region, site or email (and is 400 elsewhere). */
export class UpdateCompanyDto extends PartialType(CompanyFieldsDto, { skipNullProperties: false }) {}

/** `GET /companies/my`: the caller's companies, filtered as the platform's client asks. */
export class MyCompaniesQueryDto extends PageQueryDto {
  /** Matches the name or the slug, case-insensitively. */
  @SearchTerm()
  search?: string;

  @RoleFilterQuery()
  role?: RoleFilter;
}

export class CheckSlugQueryDto {
  /** The slug to check; the rules of a company's slug apply. */
  @IsString()
  @Length(SLUG_MIN, SLUG_MAX)
  @Matches(SLUG_PATTERN, { message: 'must be lowercase latin letters, digits and single hyphens' })
  @ApiProperty({ example: 'acme-trading' })
  slug: string;
}

export class SlugUniqueDto {
  slug: string;
  /** False when a company has it (a company being deleted included, until it is gone). */
  unique: boolean;
}

export class CompanyDto {
  id: string;
  name: string;
  slug: string;
  description: string | null;
  avatar_url: string | null;
  is_public: boolean;
  region: string | null;
  site: string | null;
  email: string | null;
  owner_id: string;
  /** The caller's role. */
  @ApiProperty({ enum: MEMBER_ROLES })
  role: string;
  /** The caller's role in the platform's words: `owner`, or `guest` for an invited member. */
  @ApiProperty({ enum: PLATFORM_ROLE_CODES })
  role_code: string;
  plan_code: string;
  plan_expires_at: Date;
  /** When the caller joined. */
  joined_at: Date;
  created_at: Date;
  updated_at: Date;
}

export class PublicCompanyDto {
  id: string;
  name: string;
  slug: string;
  description: string | null;
  avatar_url: string | null;
  region: string | null;
  site: string | null;
}

export const PLAN_PERIODS = ['month', 'year'] as const;

/** Either `period` (one month or year from now) or `expires_at` (any time, past included). */
export class ChangePlanDto {
  /** A plan's `code` from `GET /api/v1/plans`. */
  @IsString()
  @MaxLength(32)
  @ApiProperty({ example: 'start' })
  code: string;

  @OneOf(PLAN_PERIODS, {
    when: (dto: ChangePlanDto) => dto.expires_at === undefined || dto.period !== undefined,
    message: 'must be month or year (or give expires_at instead)',
  })
  period?: (typeof PLAN_PERIODS)[number];

  /** RFC 3339 time the plan ends, e.g. `2027-01-31T00:00:00Z`; instead of period. */
  @ValidateIf((dto: ChangePlanDto) => dto.period === undefined || dto.expires_at !== undefined)
  @IsISO8601({ strict: true }, { message: 'must be an RFC 3339 time (or give period instead)' })
  @ApiProperty({ required: false })
  expires_at?: string;
}

export class CompanyPlanDto {
  plan: PricingPlanDto;
  expires_at: Date;
  expired: boolean;
}

export class CompanyPermissionDto extends PermissionDto {
  /** Whether the company's plan lets the code work now: its lvl reaches the plan's, and the plan is current or the code has allow_expired. */
  available: boolean;
}

export class MyPermissionsDto {
  /** The caller's effective permission codes in this company. */
  permissions: string[];
}

export class StorageStatusDto {
  db_mb: number;
  limit_db_mb: number;
  objects_mb: number;
  limit_objects_mb: number;
  objects_count: number;
  limit_objects_count: number;
}

export class TableUsageDto {
  name: string;
  /** The company's rows in the table. */
  rows: number;
  size_mb: number;
}

export class DatabaseUsageDto {
  size_mb: number;
  limit_db_mb: number;
  tables: TableUsageDto[];
}

export const STORAGE_STATUSES = ['none', 'provisioning', 'active', 'failed', 'deprecated'] as const;

/**
 * The company's storage record as the platform describes it. Here storage is ready as soon as
 * the company exists (its rows live in the shared schema, its files in its own bucket), so the
 * status is `active` at once.
 */
export class StorageRecordDto {
  /** The company's id: a company has one storage. */
  id: string;
  company_id: string;
  /** The database schema holding the company's rows (shared, rows kept apart by company). */
  schema_name: string;
  @ApiProperty({ enum: STORAGE_STATUSES })
  status: (typeof STORAGE_STATUSES)[number];
  @ApiProperty({ enum: ['schema'] })
  storage_type: 'schema';
  /** `bucket`: the object storage bucket of the company's files. */
  @ApiProperty({ type: 'object', additionalProperties: true })
  metadata: Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
}

export class CreatedCompanyDto extends CompanyDto {
  storage: StorageRecordDto;
}

export class DatabaseSummaryDto {
  @ApiProperty({ enum: STORAGE_STATUSES })
  status: (typeof STORAGE_STATUSES)[number];
  is_ready: boolean;
  /** What `is_ready` means, for people. */
  message: string;
  schema_name: string;
  size_mb: number;
  limit_db_mb: number;
}

export class MediaSummaryDto {
  /** The store answers and the company's bucket exists: files can be stored and read now. */
  is_ready: boolean;
  /** The company's bucket exists in the store (false also when the store does not answer). */
  exists: boolean;
  /** What `is_ready` means, for people: ready, no bucket yet, or the store unavailable. */
  message: string;
  bucket: string;
  objects_mb: number;
  limit_objects_mb: number;
  objects_count: number;
  limit_objects_count: number;
}

/** `GET /companies/{id}/storage`: the platform's `{database, media}`, and the storage record's fields beside them. */
export class StorageSummaryDto extends StorageRecordDto {
  database: DatabaseSummaryDto;
  media: MediaSummaryDto;
}

/**
 * The platform's database sources view of the company's data. Figures the shared schema cannot
 * give per company (its indexes, sequences, views, vacuum times, connections) are 0 or null.
 */
export class StorageSourcesDto {
  schema_name: string;
  schema_exists: boolean;
  total_size_mb: number;
  /** `total_size_mb` for people, e.g. `1.2 MB`. */
  total_size_pretty: string;
  table_size_mb: number;
  index_size_mb: number;
  toast_size_mb: number;
  /** Tables holding rows of the company. */
  table_count: number;
  index_count: number;
  sequence_count: number;
  view_count: number;
  materialized_view_count: number;
  total_rows: number;
  dead_rows: number;
  active_connections: number;
  last_vacuum: string | null;
  last_autovacuum: string | null;
  last_analyze: string | null;
  /** When the company (and so its storage) was created. */
  created_at: Date | null;
  /** When these figures were taken. */
  updated_at: Date | null;
}

/** One counted table's rows in the database sources view. */
export class SourceTableDto {
  table_name: string;
  /** Always true: only existing tables are listed. */
  exists: boolean;
  /** The company's rows, from the kept counts. */
  row_count: number;
  /** The company's rows times the table's average on-disk width (the planner's statistics). */
  total_bytes: number;
  total_size_mb: number;
}

/** The figures of a module, or of all of them (`module` `total`). */
export class SourceFiguresDto {
  @ApiProperty({ example: 'crm' })
  module: string;
  /** Tables whose rows are kept counted. */
  table_count: number;
  total_bytes: number;
  total_size_mb: number;
  row_count: number;
}

/** One module's rows in the database sources view (the Kroncl server's per-module figures). */
export class ModuleSourceDto extends SourceFiguresDto {
  @ApiProperty({ type: [SourceTableDto] })
  tables: SourceTableDto[];
}

@ApiExtraModels(ModuleSourceDto)
export class StorageSourceModulesDto {
  /** Per module (`crm`, `dm`, `fm`, `hrm`, `logs`, `wm`). */
  @ApiProperty({ type: 'object', additionalProperties: { $ref: getSchemaPath(ModuleSourceDto) } })
  modules: Record<string, ModuleSourceDto>;
  /** The modules' figures added up, `module` `total`. */
  total: SourceFiguresDto;
}
