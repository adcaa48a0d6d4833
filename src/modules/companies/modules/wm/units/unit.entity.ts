import { Check, Column, Entity, Index } from 'typeorm';
import { CURRENCY_CODES } from '../../../../../core/money/currencies';
import { CompanyOwnedEntity } from '../../../companies/companies.face';
import { CATALOG_STATUSES, CatalogCategoryEntity } from '../categories/category.entity';
import { CompanyReference } from '../../../../../database/company-reference';
import { EnumColumn, MetadataColumn } from '../../../../../core/openapi/columns';
import { PriceColumn } from '../warehouse-columns';

export const UNIT_TYPES = ['product', 'service'] as const;
export type UnitType = (typeof UNIT_TYPES)[number];
export const INVENTORY_TYPES = ['tracked', 'untracked'] as const;
export type InventoryType = (typeof INVENTORY_TYPES)[number];
export const TRACKING_DETAILS = ['batch', 'serial'] as const;
export type TrackingDetail = (typeof TRACKING_DETAILS)[number];
export const TRACKED_TYPES = ['fifo', 'lifo'] as const;
export type TrackedType = (typeof TRACKED_TYPES)[number];
/** Units of measure (CONTRACT 15); deal positions take the same set. */
export const MEASURES = ['pcs', 'kg', 'g', 'l', 'ml', 'm', 'cm'] as const;
export type Measure = (typeof MEASURES)[number];

/**
 * A catalog unit: a good or a service. The tracking rules of CONTRACT 15 are checked by the
 * service (400 naming the field) and held by the database as well, so no write path can break
 * them. The list is by name; its filters' indexes end with the name.
 */
@Entity('catalog_units')
@Index('catalog_units_search_trgm_idx', { synchronize: false })
@Index('catalog_units_company_id_id_key', ['company_id', 'id'], { unique: true })
@Index('catalog_units_company_name_idx', ['company_id', 'name', 'id'])
@Index('catalog_units_company_category_name_idx', ['company_id', 'category_id', 'name', 'id'])
@Check(
  'catalog_units_tracking_check',
  "(inventory_type = 'tracked' AND type = 'product' AND tracking_detail IS NOT NULL AND purchase_price IS NOT NULL" +
    " AND (tracking_detail = 'batch') = (tracked_type IS NOT NULL))" +
    " OR (inventory_type = 'untracked' AND tracking_detail IS NULL AND tracked_type IS NULL AND purchase_price IS NULL)",
)
export class CatalogUnitEntity extends CompanyOwnedEntity {
  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'text', nullable: true })
  comment: string | null;

  @EnumColumn(UNIT_TYPES, { length: 16 })
  type: string;

  @EnumColumn(CATALOG_STATUSES, { length: 16, default: 'active' })
  status: string;

  @EnumColumn(INVENTORY_TYPES, { length: 16 })
  inventory_type: string;

  /** Set exactly when the unit is tracked. */
  @EnumColumn(TRACKING_DETAILS, { length: 16, nullable: true })
  tracking_detail: string | null;

  /** Set exactly when tracking_detail is batch: the order in which outcomes consume positions. */
  @EnumColumn(TRACKED_TYPES, { length: 16, nullable: true })
  tracked_type: string | null;

  @EnumColumn(MEASURES, { length: 8 })
  unit: string;

  @PriceColumn()
  sale_price: number;

  /** Required when tracked, null otherwise. */
  @PriceColumn({ nullable: true })
  purchase_price: number | null;

  @EnumColumn(CURRENCY_CODES, { length: 8 })
  currency: string;

  @Column({ type: 'uuid' })
  category_id: string;

  @CompanyReference(() => CatalogCategoryEntity)
  category?: CatalogCategoryEntity;

  @MetadataColumn()
  metadata: object | null;
}
