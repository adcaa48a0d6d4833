import { Entity } from 'typeorm';
import { KeptCounts } from '../../../companies/companies.face';
import { keepCounts } from '../../../../../core/pagination/kept-counts';

/**
 * A company's stock positions counted in all (`filter` '') and per type, unit and `in_stock`. Kept by the triggers of migration KeptCounts (src/core/pagination/kept-counts.ts): one
 * row per company, list filter and slot; listPage sums a filter's slots.
 */
@Entity('stock_position_counts')
export class StockPositionCountEntity extends KeptCounts('stock_position_counts') {}

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
