import { Column, Entity, PrimaryColumn } from 'typeorm';
import { OwningCompany } from '../../../../../database/company-reference';

/**
 * How many statements have written a company's transactions, employees or transaction
 * categories, spread over slot rows (written by those tables' kept triggers, migration
 * TransactionSearchWrites): the sum of a company's slots changes with every such write, so a
 * search total counted at one sum is still exact while the sum is the same
 * (TransactionsRepository's search totals).
 */
@Entity('transaction_search_writes')
export class TransactionSearchWritesEntity {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'transaction_search_writes_pkey' })
  company_id: string;

  @OwningCompany('transaction_search_writes_company_fkey') company?: unknown;

  @PrimaryColumn({ type: 'smallint', primaryKeyConstraintName: 'transaction_search_writes_pkey' })
  slot: number;

  @Column({ type: 'bigint' })
  writes: string;
}
