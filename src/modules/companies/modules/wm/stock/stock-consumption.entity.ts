import { Check, Column, Entity, Index } from 'typeorm';
import { CompanyOwnedEntity } from '../../../companies/companies.face';
import { CatalogUnitEntity } from '../units/unit.entity';
import { StockBatchEntity } from './stock-batch.entity';
import { StockPositionEntity } from './stock-position.entity';
import { CompanyReference } from '../../../../../database/company-reference';
import { PriceColumn, QuantityColumn } from '../warehouse-columns';

/**
 * What an outcome batch took from one position: the outcome's `positions` in the API. The
 * unit and the price are copied from the position so that the batch reads without joins and
 * the batch list can filter by unit.
 */
@Entity('stock_consumptions')
@Index('stock_consumptions_company_batch_idx', ['company_id', 'batch_id'])
@Index('stock_consumptions_company_position_idx', ['company_id', 'position_id'])
@Index('stock_consumptions_company_unit_batch_idx', ['company_id', 'unit_id', 'batch_id'])
@Check('stock_consumptions_quantity_check', 'quantity > 0')
export class StockConsumptionEntity extends CompanyOwnedEntity {
  /** The outcome batch. */
  @Column({ type: 'uuid', update: false })
  batch_id: string;

  @CompanyReference(() => StockBatchEntity)
  batch?: StockBatchEntity;

  @Column({ type: 'uuid', update: false })
  position_id: string;

  @CompanyReference(() => StockPositionEntity)
  position?: StockPositionEntity;

  @Column({ type: 'uuid', update: false })
  unit_id: string;

  @CompanyReference(() => CatalogUnitEntity)
  unit?: CatalogUnitEntity;

  /** Where this take comes in its outcome (1, 2, …): the batch lists its takes in the order they were made. */
  @Column({ type: 'integer', update: false })
  ordinal: number;

  @QuantityColumn({ update: false })
  quantity: number;

  @PriceColumn({ update: false })
  unit_price: number;
}
