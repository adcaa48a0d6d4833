import { Entity } from 'typeorm';
import { KeptCounts } from '../../../companies/companies.face';
import { keepCounts } from '../../../../../core/pagination/kept-counts';

/**
 * A company's deals counted in all (`filter` '') and per type, status and client. Kept by the triggers of migration KeptCounts (src/core/pagination/kept-counts.ts): one
 * row per company, list filter and slot; listPage sums a filter's slots.
 */
@Entity('deal_counts')
export class DealCountEntity extends KeptCounts('deal_counts') {}

/**
 * The deal list's kept totals: declared here, the entity of their table, so
 * they are registered wherever the schema is loaded (listPage reads them; migration KeptCounts
 * creates their triggers).
 */
export const DEAL_COUNTS = keepCounts({
  table: 'deals',
  counts: 'deal_counts',
  filters: { type_id: 'type_id', status_id: 'status_id', client_id: 'client_id' },
});
