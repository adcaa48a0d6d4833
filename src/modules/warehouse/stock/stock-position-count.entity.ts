import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { keepCounts } from '../../../core/pagination/kept-counts';

/**
 * A company's stock positions counted in all (`filter` '') and per type, unit and `in_stock`. Kept by the triggers of migration KeptCounts (src/core/pagination/kept-counts.ts): one
 * row per company, list filter and slot; listPage sums a filter's slots.
 */
@Entity('stock_position_counts')
export class StockPositionCountEntity {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'stock_position_counts_pkey' })
  company_id: string;

  @ManyToOne('companies', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'company_id', foreignKeyConstraintName: 'stock_position_counts_company_fkey' })
  company?: unknown;

  @PrimaryColumn({ type: 'varchar', length: 128, primaryKeyConstraintName: 'stock_position_counts_pkey' })
  filter: string;

  @PrimaryColumn({ type: 'smallint', primaryKeyConstraintName: 'stock_position_counts_pkey' })
  slot: number;

  @Column({ type: 'bigint' })
  total: string;
}

/**
 * The position list's kept totals: declared here, the entity of their table, so
 * they are registered wherever the schema is loaded (listPage reads them; migration KeptCounts
 * creates their triggers).
 */
export const STOCK_POSITION_COUNTS = keepCounts({
  table: 'stock_positions',
  counts: 'stock_position_counts',
  filters: { type: 'type', unit_id: 'unit_id', in_stock: 'remaining > 0' },
});
