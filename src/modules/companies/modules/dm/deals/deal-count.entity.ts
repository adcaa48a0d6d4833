import { Entity } from 'typeorm';
import { KeptCounts } from '../../../companies/companies.face';

/**
 * A company's deals counted in all (`filter` '') and per type, status and client. Kept by the triggers of migration KeptCounts (src/core/pagination/kept-counts.ts): one
 * row per company, list filter and slot; listPage sums a filter's slots.
 */
@Entity('deal_counts')
export class DealCountEntity extends KeptCounts({
  module: 'dm',
  table: 'deals',
  counts: 'deal_counts',
  filters: { type_id: 'type_id', status_id: 'status_id', client_id: 'client_id' },
}) {}
