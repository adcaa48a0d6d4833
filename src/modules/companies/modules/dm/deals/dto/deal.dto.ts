import { ApiProperty, IntersectionType, OmitType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsOptional,
  IsUUID,
  Equals,
  ValidateBy,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { AttachmentDto, Attachments } from '../../../../../../core/attachments/attachment.dto';
import { Omittable, OneOf, SearchTerm, TrimmedName, TrimmedText } from '../../../../../../core/http/validators';
import { Amount, Quantity } from '../../../../../../core/money/money.validators';
import { DEAL_PRICE_COLUMN } from '../../../../../../core/money/numeric-columns';
import { LeftOutOfExamples } from '../../../../../../core/openapi/request-examples';
import { PageQueryDto } from '../../../../../../core/pagination/page-query.dto';
import { ClientDetailDto } from '../../../crm/crm.face';
import { EmployeeDto } from '../../../hrm/hrm.face';
import { StockPositionDto, UnitDto } from '../../../wm/warehouse.face';
import { DealStatusDto } from '../../statuses/dto/deal-status.dto';
import { DealTypeDto } from '../../types/dto/deal-type.dto';
import { POSITION_UNITS, type PositionUnit } from '../deal-position.entity';

/** Bounds one body: a deal's lines and people. */
export const MAX_POSITIONS = 500;
export const MAX_EMPLOYEES = 100;

/** `position_id` next to a `unit_id` (a line names a catalog unit or a stock position, not both). */
const NotWithUnitId = () =>
  ValidateBy({
    name: 'notWithUnitId',
    validator: {
      validate: (value: unknown, args) =>
        value === null || value === undefined || (args?.object as { unit_id?: unknown }).unit_id == null,
      defaultMessage: () => 'must not be sent together with unit_id',
    },
  });

/** A deal line as sent: price in RUB (≥ 0, 2 decimals) and quantity (> 0, 3 decimals). */
export class DealPositionInputDto {
  @ApiProperty({ example: 'Станок токарный' })
  @TrimmedName(300)
  name: string;

  @ApiProperty({ example: 'С доставкой и монтажом' })
  @IsOptional()
  @TrimmedText(2000)
  comment?: string | null;

  @Amount({ minimum: 'zero', decimals: 2, column: DEAL_PRICE_COLUMN })
  price: number;

  @Quantity()
  quantity: number;

  @OneOf(POSITION_UNITS, { omittable: true, default: 'pcs' })
  unit?: PositionUnit;

  /** A catalog unit of this company. */
  @IsOptional()
  @IsUUID()
  unit_id?: string | null;

  /** A stock position of this company (not together with unit_id). */
  @ApiProperty({ type: 'string', format: 'uuid', nullable: true, required: false, example: null })
  @ApiProperty({ type: 'string', format: 'uuid', nullable: true, required: false, example: null })
  @IsOptional()
  @IsUUID()
  @NotWithUnitId()
  position_id?: string | null;
}

/**
 * A line of a PATCH: with `id`, a change of that line of this deal (only the fields sent) or,
 * with `delete: true`, its removal; without `id`, a new line (name, price and quantity required).
 */
export class DealPositionChangeDto {
  /** A line of this deal (400 for any other). */
  @Omittable()
  @IsUUID()
  id?: string;

  /** With `id`: remove the line (the other fields are then ignored). */
  @LeftOutOfExamples()
  @Omittable()
  @Equals(true)
  delete?: true;

  @ApiProperty({ example: 'Станок токарный' })
  @ValidateIf((line: DealPositionChangeDto) => line.id === undefined || line.name !== undefined)
  @TrimmedName(300)
  name?: string;

  @ApiProperty({ example: 'С доставкой и монтажом' })
  @IsOptional()
  @TrimmedText(2000)
  comment?: string | null;

  @ValidateIf((line: DealPositionChangeDto) => line.id === undefined || line.price !== undefined)
  @Amount({ minimum: 'zero', decimals: 2, column: DEAL_PRICE_COLUMN })
  price?: number;

  @ValidateIf((line: DealPositionChangeDto) => line.id === undefined || line.quantity !== undefined)
  @Quantity()
  quantity?: number;

  @OneOf(POSITION_UNITS, { omittable: true })
  unit?: PositionUnit;

  @IsOptional()
  @IsUUID()
  unit_id?: string | null;

  @ApiProperty({ type: 'string', format: 'uuid', nullable: true, required: false, example: null })
  @IsOptional()
  @IsUUID()
  @NotWithUnitId()
  position_id?: string | null;
}

export class CreateDealDto {
  @ApiProperty({ example: 'Поставка двух станков' })
  @IsOptional()
  @TrimmedText(5000)
  comment?: string | null;

  /** A deal type of this company. */
  @IsOptional()
  @IsUUID()
  type_id?: string | null;

  /** A CRM client of this company. */
  @IsOptional()
  @IsUUID()
  client_id?: string | null;

  /** A status of this company (default: the company's default status). */
  @Omittable()
  @IsUUID()
  status_id?: string;

  /** Ids of active employees of this company. */
  @Omittable()
  @IsArray()
  @ArrayMaxSize(MAX_EMPLOYEES)
  @IsUUID('all', { each: true })
  employees?: string[];

  @Omittable()
  @IsArray()
  @ArrayMaxSize(MAX_POSITIONS)
  @ValidateNested({ each: true })
  @Type(() => DealPositionInputDto)
  positions?: DealPositionInputDto[];

  @Attachments()
  attachments?: string[];
}

/**
 * Only the fields sent change: null detaches the type or the client and clears the comment;
 * `employees` replaces the deal's employees, `attachments` its files; `positions` lists line changes (DealPositionChangeDto).
 */
export class UpdateDealDto extends OmitType(CreateDealDto, ['positions'] as const) {
  @Omittable()
  @IsArray()
  @ArrayMaxSize(MAX_POSITIONS)
  @ValidateNested({ each: true })
  @Type(() => DealPositionChangeDto)
  positions?: DealPositionChangeDto[];
}

/** The filters of the deal list, which the analyses take too. */
export class DealFiltersDto {
  @IsOptional()
  @IsUUID()
  type_id?: string;

  @IsOptional()
  @IsUUID()
  status_id?: string;

  @IsOptional()
  @IsUUID()
  client_id?: string;

  @IsOptional()
  @IsUUID()
  employee_id?: string;
}

export class ListDealsQueryDto extends IntersectionType(PageQueryDto, DealFiltersDto) {
  /** Case-insensitive substring of the comment, the client's name or a position's name (up to 100 characters). */
  @SearchTerm()
  search?: string;

  /** `status`: the board, every status with its count and its newest `limit` deals. */
  @OneOf(['status'], { optional: true })
  group_by?: 'status';
}

export class DealPositionDto {
  id: string;
  name: string;
  comment: string | null;
  price: number;
  quantity: number;
  @ApiProperty({ enum: POSITION_UNITS })
  unit: string;
  unit_id: string | null;
  position_id: string | null;
  created_at: Date;
  updated_at: Date;
  /** The catalog unit `unit_id` names, in full; null without one. */
  @ApiProperty({ type: UnitDto, nullable: true })
  catalog_unit: UnitDto | null;
  /** The stock position `position_id` names, in full (with its unit); null without one. */
  @ApiProperty({ type: StockPositionDto, nullable: true })
  catalog_position: StockPositionDto | null;
}

/** Deal (CONTRACT 16); its client and employees in their own modules' shapes (CONTRACT 17). */
export class DealDto {
  id: string;
  comment: string | null;
  @ApiProperty({ type: 'string', format: 'uuid', nullable: true })
  type_id: string | null;
  @ApiProperty({ type: 'string', format: 'uuid', nullable: true })
  client_id: string | null;
  @ApiProperty({ type: DealTypeDto, nullable: true })
  type: DealTypeDto | null;
  status: DealStatusDto;
  /** The CRM client as GET …/crm/clients/{clientId} shows it (its whole source inside). */
  @ApiProperty({ type: ClientDetailDto, nullable: true })
  client: ClientDetailDto | null;
  /** The HRM employees as GET …/hrm/employees shows them. */
  employees: EmployeeDto[];
  positions: DealPositionDto[];
  /** Σ price × quantity (each line rounded to kopecks), RUB. */
  total_amount: number;
  /** The files the deal names, in the order sent (CONTRACT 22). */
  attachments: AttachmentDto[];
  created_at: Date;
  updated_at: Date;
}

/** One column of the board (`group_by=status`, whose `data` is the array of them: the Kroncl shape). */
export class DealGroupDto {
  status_id: string;
  status_name: string;
  status_color: string | null;
  sort_order: number;
  /** The status's deals matching the filters. */
  count: number;
  /** Its newest `limit` deals. */
  deals: DealDto[];
}
