import { Entity } from 'typeorm';
import { KeptCounts } from '../../../companies/companies.face';

/**
 * A company's stock positions counted in all (`filter` '') and per type, unit and `in_stock`. Kept by the triggers of migration KeptCounts (src/core/pagination/kept-counts.ts): one
 * row per company, list filter and slot; listPage sums a filter's slots.
 */
@Entity('stock_position_counts')
export class StockPositionCountEntity extends KeptCounts({
  module: 'wm',
  table: 'stock_positions',
  counts: 'stock_position_counts',
  filters: { type: 'type', unit_id: 'unit_id', in_stock: 'remaining > 0' },
}) {}
