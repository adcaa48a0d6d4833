import { applyDecorators } from '@nestjs/common';
import { ApiProperty, OmitType } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, IsUUID, Max, MaxLength, Min } from 'class-validator';
import type { PermissionCode } from '../../../../../core/access/permission-codes';
import { PERMISSION_CODES } from '../../../../../vocabulary';
import { AUDIT_STATUSES, AuditLogEntity, type AuditStatus } from '../../../../../core/audit/audit-log.entity';
import { OneOf, Rfc3339Time } from '../../../../../core/http/validators';
import { PageQueryDto } from '../../../../../core/pagination/page-query.dto';

/** An empty or blank `search` is no search. */
const trimToUndefined = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim() || undefined : value;

const Criticality = () =>
  applyDecorators(
    ApiProperty({ type: 'integer', minimum: 1, maximum: 10, required: false }),
    IsOptional(),
    Type(() => Number),
    IsInt(),
    Min(1),
    Max(10),
  );

export class ListLogsQueryDto extends PageQueryDto {
  /** Only the records of this initiator. */
  @IsOptional()
  @IsUUID()
  account_id?: string;

  /** Only the records of this permission code. */
  @OneOf(PERMISSION_CODES, { optional: true })
  key?: PermissionCode;

  @OneOf(AUDIT_STATUSES, { optional: true })
  status?: AuditStatus;

  /** Criticality at least this (1 to 10). */
  @Criticality()
  min_criticality?: number;

  /** Criticality at most this (1 to 10, not below min_criticality). */
  @Criticality()
  max_criticality?: number;

  /** Records created at or after this time. */
  @IsOptional()
  @Rfc3339Time()
  start_date?: string;

  /** Records created at or before this time (not before start_date). */
  @IsOptional()
  @Rfc3339Time()
  end_date?: string;

  /** Case-insensitive text anywhere in the record's metadata (its JSON text, keys included; up to 100 characters). */
  @IsOptional()
  @Transform(trimToUndefined)
  @IsString()
  @MaxLength(100)
  @ApiProperty({ example: 'crm.clients' })
  search?: string;
}

export class ActivityQueryDto {
  /** Start of the window (default: 00:00 UTC 29 days before end_date's day, so 30 days). */
  @IsOptional()
  @Rfc3339Time()
  start_date?: string;

  /** End of the window (default: now). */
  @IsOptional()
  @Rfc3339Time()
  end_date?: string;
}

/**
 * A log record with its metadata (spec 2, LOG_DETAIL), as the single GET returns it and, since
 * the platform's web client shows it on every card (CONTRACT 17), the list too.
 */
export class LogDetailDto extends OmitType(AuditLogEntity, ['company_id'] as const) {}

/** A log record as lists return it: the detail itself (metadata included). */
export class LogDto extends LogDetailDto {}

/** The number of records of one UTC day (spec 2, Activity point). */
export class ActivityPointDto {
  /** The UTC day, YYYY-MM-DD. */
  @ApiProperty({ example: '2026-11-21' })
  date: string;

  count: number;
}
