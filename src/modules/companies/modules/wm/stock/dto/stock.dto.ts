import { ApiProperty, OmitType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsOptional, IsUUID, ValidateNested } from 'class-validator';
import { BooleanQuery, Metadata, OneOf, SearchTerm } from '../../../../../../core/http/validators';
import { Amount, Quantity } from '../../../../../../core/money/money.validators';
import { PageQueryDto } from '../../../../../../core/pagination/page-query.dto';
import { TRACKING_DETAILS, type TrackingDetail } from '../../units/unit.entity';
import { UnitDto } from '../../units/dto/unit.dto';
import { BATCH_DIRECTIONS, type BatchDirection, StockBatchEntity } from '../stock-batch.entity';
import { StockPositionEntity } from '../stock-position.entity';
import { FreeText } from '../../../../../../core/fields/free-text';

/** The most lines a batch may have. */
export const MAX_BATCH_LINES = 1000;

/** One line of a batch. */
export class BatchLineDto {
  /**
   * An active, tracked product of this company: its `id` from
   * `GET /api/v1/companies/{id}/modules/wm/catalog/units` or
   * `POST /api/v1/companies/{id}/modules/wm/catalog/units`.
   */
  @IsUUID()
  unit_id: string;

  /** Whole for serial units; 1 on an outcome of a serial unit. */
  @Quantity()
  quantity: number;

  /**
   * An income's unit price in the unit's currency (default: its purchase_price). Ignored on an
   * outcome, which costs what it consumes (CONTRACT 17: the web client sends it there too).
   */
  @IsOptional()
  @Amount({ minimum: 'zero' })
  price?: number | null;

  /** Outcome of a serial unit only: the piece shipped, a position of that unit. */
  @IsOptional()
  @IsUUID()
  position_id?: string | null;
}

export class CreateBatchDto {
  @OneOf(BATCH_DIRECTIONS)
  direction: BatchDirection;

  @ApiProperty({ type: [BatchLineDto], minItems: 1, maxItems: MAX_BATCH_LINES })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_BATCH_LINES)
  @ValidateNested({ each: true })
  @Type(() => BatchLineDto)
  positions: BatchLineDto[];

  @FreeText('Поставка по накладной 118')
  comment?: string | null;

  @Metadata()
  metadata?: object | null;
}

export class ListBatchesQueryDto extends PageQueryDto {
  @OneOf(BATCH_DIRECTIONS, { optional: true })
  direction?: BatchDirection;

  /** Only the batches with a line of this unit. */
  @IsOptional()
  @IsUUID()
  unit_id?: string;

  /** Case-insensitive substring of the comment (up to 100 characters). */
  @SearchTerm()
  search?: string;
}

export class ListStockPositionsQueryDto extends PageQueryDto {
  @OneOf(TRACKING_DETAILS, { optional: true })
  type?: TrackingDetail;

  @IsOptional()
  @IsUUID()
  unit_id?: string;

  /** The income batch that brought the positions in. */
  @IsOptional()
  @IsUUID()
  batch_id?: string;

  /** true: only positions with something remaining; false: only spent ones. */
  @BooleanQuery()
  in_stock?: boolean;

  /** Case-insensitive substring of the catalog unit's name or comment (up to 100 characters). */
  @SearchTerm()
  search?: string;
}

export class BalanceQueryDto extends PageQueryDto {
  @IsOptional()
  @IsUUID()
  unit_id?: string;

  @IsOptional()
  @IsUUID()
  category_id?: string;
}

/** A stock position as the API shows it, with its catalog unit. */
export class StockPositionDto extends OmitType(StockPositionEntity, [
  'company_id',
  'company',
  'unit',
  'batch',
  'updated_at',
] as const) {
  unit: UnitDto;
}

/** What an outcome took from one position. */
export class ConsumptionDto {
  @ApiProperty({ format: 'uuid' })
  position_id: string;

  @ApiProperty({ format: 'uuid' })
  unit_id: string;

  @ApiProperty({ type: 'number' })
  quantity: number;

  @ApiProperty({ type: 'number' })
  unit_price: number;
}

/** A batch: an income's positions are the StockPositions it made, an outcome's what it consumed. */
export class StockBatchDto extends OmitType(StockBatchEntity, ['company_id', 'company'] as const) {
  // anyOf: an empty list is either.
  @ApiProperty({
    anyOf: [
      { type: 'array', items: { $ref: '#/components/schemas/StockPositionDto' } },
      { type: 'array', items: { $ref: '#/components/schemas/ConsumptionDto' } },
    ],
  })
  positions: StockPositionDto[] | ConsumptionDto[];
}

/** One line of the balance: an active tracked unit and what remains of it. */
export class BalanceLineDto {
  @ApiProperty({ format: 'uuid' })
  unit_id: string;

  unit_name: string;

  /** The unit of measure. */
  unit: string;

  /** Σ remaining of the unit's positions. */
  @ApiProperty({ type: 'number' })
  quantity: number;

  /** 0 until reservations exist. */
  @ApiProperty({ type: 'number' })
  reserved: number;

  /** quantity − reserved. */
  @ApiProperty({ type: 'number' })
  available: number;
}
