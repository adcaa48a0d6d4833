import { Column, Entity, Index } from 'typeorm';
import { CompanyOwnedEntity } from '../../../companies/companies.face';
import { EnumColumn, MetadataColumn } from '../../../../../core/openapi/columns';

export const BATCH_DIRECTIONS = ['income', 'outcome'] as const;
export type BatchDirection = (typeof BATCH_DIRECTIONS)[number];

/**
 * A stock batch: an income adds positions (stock_positions.batch_id), an outcome consumes them
 * (stock_consumptions.batch_id). Batches are never changed once written.
 */
@Entity('stock_batches')
@Index('stock_batches_search_trgm_idx', { synchronize: false })
@Index('stock_batches_company_id_id_key', ['company_id', 'id'], { unique: true })
@Index('stock_batches_company_created_at_idx', ['company_id', 'created_at', 'id'])
@Index('stock_batches_company_direction_created_at_idx', ['company_id', 'direction', 'created_at', 'id'])
export class StockBatchEntity extends CompanyOwnedEntity {
  @EnumColumn(BATCH_DIRECTIONS, { length: 16, update: false })
  direction: string;

  @Column({ type: 'text', nullable: true })
  comment: string | null;

  @MetadataColumn()
  metadata: object | null;
}
