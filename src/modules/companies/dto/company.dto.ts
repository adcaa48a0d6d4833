import { ApiProperty, PartialType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  IsBoolean,
  IsEmail,
  IsIn,
  IsISO8601,
  IsOptional,
  IsString,
  IsUrl,
  Length,
  Matches,
  MaxLength,
  ValidateIf,
} from 'class-validator';
import { Omittable, TrimmedName } from '../../../core/http/validators';
import { PricingPlanDto } from '../../plans/dto/pricing-plan.dto';
import { SLUG_MAX, SLUG_MIN, SLUG_PATTERN } from '../slug';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class CreateCompanyDto {
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

  @IsOptional()
  @IsString()
  @MaxLength(2000)
  @ApiProperty({ example: 'Wholesale of office supplies' })
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

/** Every field optional; `null` clears description, region, site or email (and is 400 elsewhere). */
export class UpdateCompanyDto extends PartialType(CreateCompanyDto, { skipNullProperties: false }) {}

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
  @ApiProperty({ enum: ['owner', 'member'] })
  role: string;
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
  /** Plan code. */
  @IsString()
  @MaxLength(32)
  @ApiProperty({ example: 'start' })
  code: string;

  @ApiProperty({ enum: PLAN_PERIODS, required: false })
  @ValidateIf((dto: ChangePlanDto) => dto.expires_at === undefined || dto.period !== undefined)
  @IsIn(PLAN_PERIODS, { message: 'must be month or year (or give expires_at instead)' })
  period?: (typeof PLAN_PERIODS)[number];

  /** RFC 3339 time the plan ends. */
  @ValidateIf((dto: ChangePlanDto) => dto.period === undefined || dto.expires_at !== undefined)
  @IsISO8601({ strict: true }, { message: 'must be an RFC 3339 time (or give period instead)' })
  @ApiProperty({ example: '2027-01-31T00:00:00Z' })
  expires_at?: string;
}

export class CompanyPlanDto {
  plan: PricingPlanDto;
  expires_at: Date;
  expired: boolean;
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
