import { ApiProperty, OmitType, PartialType } from '@nestjs/swagger';
import { IsOptional, IsUUID } from 'class-validator';
import { Metadata, OneOf, SearchTerm, TrimmedName } from '../../../../../../core/http/validators';
import { Amount, Currency } from '../../../../../../core/money/money.validators';
import type { CurrencyCode } from '../../../../../../core/money/currencies';
import { PageQueryDto } from '../../../../../../core/pagination/page-query.dto';
import { CATALOG_STATUSES, type CatalogStatus } from '../../categories/category.entity';
import {
  CatalogUnitEntity,
  INVENTORY_TYPES,
  type InventoryType,
  MEASURES,
  type Measure,
  TRACKED_TYPES,
  type TrackedType,
  TRACKING_DETAILS,
  type TrackingDetail,
  UNIT_TYPES,
  type UnitType,
} from '../unit.entity';
import { FreeText } from '../../../../../../core/fields/free-text';

export class ListUnitsQueryDto extends PageQueryDto {
  @OneOf(UNIT_TYPES, { optional: true })
  type?: UnitType;

  @OneOf(CATALOG_STATUSES, { optional: true })
  status?: CatalogStatus;

  @OneOf(INVENTORY_TYPES, { optional: true })
  inventory_type?: InventoryType;

  @OneOf(TRACKING_DETAILS, { optional: true })
  tracking_detail?: TrackingDetail;

  @IsOptional()
  @IsUUID()
  category_id?: string;

  /** Case-insensitive substring of the name or comment (up to 100 characters). */
  @SearchTerm()
  search?: string;
}

/**
 * A unit as sent. Each field is checked here on its own; the rules across fields (CONTRACT 15:
 * tracking settings, purchase price, services never tracked) are checked by the service on the
 * unit as it would be after the change, so PATCH obeys them too.
 */
export class CreateUnitDto {
  @TrimmedName(200)
  @ApiProperty({ example: 'Бумага А4, 500 листов' })
  name: string;

  @FreeText('Плотность 80 г/м²')
  comment?: string | null;

  @OneOf(UNIT_TYPES)
  type: UnitType;

  @OneOf(CATALOG_STATUSES, { omittable: true, default: 'active' })
  status?: CatalogStatus;

  /** A service is never tracked. */
  @OneOf(INVENTORY_TYPES)
  inventory_type: InventoryType;

  /** Required exactly when tracked. */
  @OneOf(TRACKING_DETAILS, { optional: true, nullable: true })
  tracking_detail?: TrackingDetail | null;

  /** Required exactly when tracking_detail is batch. */
  @OneOf(TRACKED_TYPES, { optional: true, nullable: true })
  tracked_type?: TrackedType | null;

  @OneOf(MEASURES)
  unit: Measure;

  @Amount({ minimum: 'zero', currencyField: 'currency' })
  sale_price: number;

  /** Required when tracked, null otherwise. */
  @IsOptional()
  @Amount({ minimum: 'zero', currencyField: 'currency' })
  purchase_price?: number | null;

  @Currency()
  currency: CurrencyCode;

  /**
   * A category of this company: its `id` from
   * `GET /api/v1/companies/{id}/modules/wm/catalog/categories` or
   * `POST /api/v1/companies/{id}/modules/wm/catalog/categories`.
   */
  @IsUUID()
  category_id: string;

  @Metadata()
  metadata?: object | null;
}

/** Every field optional; only the fields sent change; null clears the optional ones. */
export class UpdateUnitDto extends PartialType(CreateUnitDto, { skipNullProperties: false }) {}

/** A unit as the API shows it: its columns but the company. */
export class UnitDto extends OmitType(CatalogUnitEntity, ['company_id', 'company', 'category'] as const) {}
