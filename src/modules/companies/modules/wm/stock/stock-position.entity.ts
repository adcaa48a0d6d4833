import { Check, Column, Entity, Index } from 'typeorm';
import { CompanyOwnedEntity } from '../../../companies/companies.face';
import { CatalogUnitEntity, TRACKING_DETAILS } from '../units/unit.entity';
import { StockBatchEntity } from './stock-batch.entity';
import { CompanyReference } from '../../../../../database/company-reference';
import { EnumColumn } from '../../../../../core/openapi/columns';
import { PriceColumn, QuantityColumn } from '../warehouse-columns';

/**
 * What an income batch brought in: one row per batch-tracked line, one per serial piece.
 * `remaining` is what outcomes have left of it; the database keeps it within 0..quantity, so
 * stock can never go negative whatever the code does. The partial indexes on `remaining > 0`
 * serve FIFO/LIFO consumption, the balance and the in_stock list without touching spent rows.
 */
@Entity('stock_positions')
@Index('stock_positions_company_id_id_key', ['company_id', 'id'], { unique: true })
@Index('stock_positions_company_created_at_idx', ['company_id', 'created_at', 'id'])
@Index('stock_positions_company_unit_created_at_idx', ['company_id', 'unit_id', 'created_at', 'id'])
@Index('stock_positions_company_batch_idx', ['company_id', 'batch_id'])
@Index('stock_positions_in_stock_created_at_idx', ['company_id', 'created_at', 'id'], { where: 'remaining > 0' })
@Index('stock_positions_in_stock_unit_created_at_idx', ['company_id', 'unit_id', 'created_at', 'id'], {
  where: 'remaining > 0',
})
@Check('stock_positions_remaining_check', 'remaining >= 0 AND remaining <= quantity AND quantity > 0')
export class StockPositionEntity extends CompanyOwnedEntity {
  @EnumColumn(TRACKING_DETAILS, { length: 16, update: false })
  type: string;

  @Column({ type: 'uuid', update: false })
  unit_id: string;

  @CompanyReference(() => CatalogUnitEntity)
  unit?: CatalogUnitEntity;

  /** The income batch that brought it in. */
  @Column({ type: 'uuid', update: false })
  batch_id: string;

  @CompanyReference(() => StockBatchEntity)
  batch?: StockBatchEntity;

  @QuantityColumn({ update: false })
  quantity: number;

  @QuantityColumn()
  remaining: number;

  /** In the unit's currency. */
  @PriceColumn({ update: false })
  unit_price: number;
}
