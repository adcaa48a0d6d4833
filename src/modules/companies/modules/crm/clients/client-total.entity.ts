import { Column, Entity, PrimaryColumn } from 'typeorm';
import { OwningCompany } from '../../../../../database/company-reference';
import { keepCounts } from '../../../../../core/pagination/kept-counts';

/**
 * The exact number of a company's clients, in all (`filter` '') and per value of each list
 * filter (`status=active`, `type=legal`, `source_id=<uuid>`), so an unfiltered or singly filtered
 * list reads its total instead of counting. Kept by triggers on crm_clients (migration
 * ClientTotals) in the transaction of every insert, delete and change, whatever writes the rows.
 * Each count is spread over slots (a writer uses its connection's), summed when read, so that
 * concurrent writers in one company do not queue on one row.
 */
@Entity('crm_client_totals')
export class CrmClientTotalEntity {
  @PrimaryColumn({ type: 'uuid' })
  company_id: string;

  @OwningCompany() company?: unknown;

  @PrimaryColumn({ type: 'varchar', length: 64 })
  filter: string;

  @PrimaryColumn({ type: 'smallint' })
  slot: number;

  @Column({ type: 'bigint' })
  total: string;
}

/**
 * The client list's kept totals: declared here, the entity of their table, so
 * they are registered wherever the schema is loaded (listPage reads them; migration KeptCounts
 * gave them the core triggers).
 */
export const CLIENT_COUNTS = keepCounts({
  module: 'crm',
  table: 'crm_clients',
  counts: 'crm_client_totals',
  filters: { status: 'status', type: 'type', source_id: 'source_id' },
});
