import { ApiProperty, OmitType, PartialType } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsBoolean, IsInt, IsOptional, IsUUID, Matches, Max, Min } from 'class-validator';
import { Omittable, SearchTerm, TrimmedName, TrimmedText } from '../../../../../../core/http/validators';
import { PageQueryDto } from '../../../../../../core/pagination/page-query.dto';
import { DealStatusEntity } from '../deal-status.entity';

/** Far more steps than any pipeline has; keeps a reorder body and `sort_order` + 10 bounded. */
export const MAX_STATUSES = 200;
export const MAX_SORT_ORDER = 1_000_000_000;

export class ListDealStatusesQueryDto extends PageQueryDto {
  /** Case-insensitive substring of the name or comment (up to 100 characters). */
  @SearchTerm()
  search?: string;
}

export class CreateDealStatusDto {
  @ApiProperty({ example: 'Переговоры' })
  @TrimmedName(100)
  name: string;

  @ApiProperty({ example: 'Ждём ответа клиента' })
  @IsOptional()
  @TrimmedText(2000)
  comment?: string | null;

  /** Position in the pipeline; without it the status goes last (the highest sort_order + 10). */
  @Omittable()
  @IsInt()
  @Min(0)
  @Max(MAX_SORT_ORDER)
  sort_order?: number;

  /** `#RRGGBB`, or null. */
  @ApiProperty({ type: 'string', nullable: true, required: false, example: '#1E88E5' })
  @IsOptional()
  @Matches(/^#[0-9A-Fa-f]{6}$/, { message: 'must be a colour #RRGGBB' })
  color?: string | null;

  /** true makes this the company's default status (the previous default stops being it). */
  @Omittable()
  @IsBoolean()
  is_default?: boolean;
}

/**
 * Only the fields sent change. `is_default: true` moves the default here; `false` on the
 * default is 409 (make another status the default instead).
 */
export class UpdateDealStatusDto extends PartialType(CreateDealStatusDto, { skipNullProperties: false }) {}

export class ReorderDealStatusesDto {
  /**
   * Every status of the company exactly once, their `id`s from `GET /api/v1/companies/{id}/modules/dm/statuses`,
   * in the new order; sort_order becomes 10, 20, …
   */
  @IsArray()
  @ArrayMaxSize(MAX_STATUSES)
  @IsUUID('all', { each: true })
  status_ids: string[];
}

/** DealStatus (CONTRACT 16). */
export class DealStatusDto extends OmitType(DealStatusEntity, ['company_id', 'company'] as const) {}

export class DealStatusesDto {
  statuses: DealStatusDto[];
}

/** The reorder's answer: the pipeline in its new order, and the Kroncl server's `reordered` and `status_ids`. */
export class DealStatusesReorderedDto extends DealStatusesDto {
  @ApiProperty({ enum: [true] })
  reordered: true;

  @ApiProperty({ type: 'string', format: 'uuid', isArray: true })
  status_ids: string[];
}

/** The answer to a deletion, as the Kroncl server gives it. */
export class DealStatusDeletedDto {
  @ApiProperty({ format: 'uuid' })
  status_id: string;

  @ApiProperty({ enum: [true] })
  deleted: true;
}
