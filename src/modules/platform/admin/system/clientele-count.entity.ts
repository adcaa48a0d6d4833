import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * The platform's counts the console's clientele figures read (migration ClienteleCounts), kept
 * by triggers in the writer's transaction: `accounts`, `accounts.status=…`, `accounts.type=…`,
 * `accounts.admin`, `companies` (not being deleted), `companies.public`, `company_members`,
 * `pricing_transactions`, `pricing_transactions.status=…`, `pricing_transactions.trial`; and
 * (migration CompanyStoreTotals) the live companies' `companies.objects` and `companies.bytes`. A count
 * is the sum of its slots, over which concurrent writers spread.
 */
@Entity('clientele_counts')
export class ClienteleCountEntity {
  @PrimaryColumn({ type: 'varchar', length: 64, primaryKeyConstraintName: 'PK_clientele_counts' })
  name: string;

  @PrimaryColumn({ type: 'smallint', primaryKeyConstraintName: 'PK_clientele_counts' })
  slot: number;

  @Column({ type: 'bigint' })
  total: string;
}
