import { Column, Entity, Index } from 'typeorm';
import { CURRENCY_CODES } from '../../../../../core/money/currencies';
import { DIRECTIONS, TransactionCategoryEntity } from '../categories/category.entity';
import { CreditEntity } from '../credits/credit.entity';
import { CompanyReference, Reference } from '../../../../../database/company-reference';
import { CompanyRowEntity } from '../../../companies/companies.face';
import { EnumColumn, MetadataColumn } from '../../../../../core/openapi/columns';
import { AMOUNT_COLUMN, NumericColumn } from '../../../../../core/money/numeric-columns';

export const TRANSACTION_STATUSES = ['pending', 'completed', 'failed', 'cancelled'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/**
 * A money movement (CONTRACT 14). Immutable: no updated_at, no UPDATE anywhere; corrections are
 * reversals, and the partial unique index on `reverse_to` lets at most one exist per original
 * even under concurrent requests. Every index starts with company_id and, for the list's
 * filters, ends with its order (created_at, id). The currency index carries what the analyses
 * and the forecast read (INCLUDE), and the trigram index serves `search` over the comment; both
 * are created by hand in the migration Finance (TypeORM cannot describe them).
 * `deal_id` refers to a deal (ON DELETE SET NULL: the transaction stays, unlinked).
 */
@Entity('transactions')
@Index('transactions_company_id_idx', ['company_id'])
@Index('transactions_company_id_created_at_idx', ['company_id', 'created_at', 'id'])
@Index('transactions_company_direction_created_at_idx', ['company_id', 'direction', 'created_at', 'id'])
@Index('transactions_company_status_created_at_idx', ['company_id', 'status', 'created_at', 'id'])
@Index('transactions_company_category_created_at_idx', ['company_id', 'category_id', 'created_at', 'id'])
@Index('transactions_company_employee_created_at_idx', ['company_id', 'employee_id', 'created_at', 'id'])
@Index('transactions_company_credit_created_at_idx', ['company_id', 'credit_id', 'created_at', 'id'])
@Index('transactions_company_deal_created_at_idx', ['company_id', 'deal_id', 'created_at', 'id'])
@Index('transactions_company_reverse_to_key', ['company_id', 'reverse_to'], {
  unique: true,
  where: 'reverse_to IS NOT NULL',
})
@Index('transactions_company_currency_created_at_idx', { synchronize: false })
@Index('transactions_search_trgm_idx', { synchronize: false })
export class TransactionEntity extends CompanyRowEntity {
  @NumericColumn(AMOUNT_COLUMN)
  base_amount: number;

  @EnumColumn(CURRENCY_CODES, { length: 8 })
  currency: string;

  @EnumColumn(DIRECTIONS, { length: 16 })
  direction: string;

  @EnumColumn(TRANSACTION_STATUSES, { length: 16, default: 'completed' })
  status: string;

  @Column({ type: 'text', nullable: true })
  comment: string | null;

  /** The transaction this one reverses; null for an original. */
  @Column({ type: 'uuid', nullable: true })
  reverse_to: string | null;

  @Reference(() => TransactionEntity, 'NO ACTION', 'reverse_to') original?: TransactionEntity;

  @MetadataColumn()
  metadata: object | null;

  /** When the money moved: the request's time, or a credit payment's `paid_at` (so written, not generated). */
  @Column({ type: 'timestamptz', default: () => 'now()' })
  created_at: Date;

  @Column({ type: 'uuid', nullable: true })
  employee_id: string | null;

  /** Employees are never deleted; they go with their company, as transactions do. */
  @Reference('employees', 'NO ACTION') employee?: unknown;

  @Column({ type: 'uuid', nullable: true })
  category_id: string | null;

  /** A used category cannot be deleted: the database refuses it, which the API answers with 409. */
  @CompanyReference(() => TransactionCategoryEntity)
  category?: TransactionCategoryEntity;

  /** The credit this transaction pays (or reverses a payment of). */
  @Column({ type: 'uuid', nullable: true })
  credit_id: string | null;

  @Reference(() => CreditEntity, 'NO ACTION') credit?: CreditEntity;

  /** The deal this transaction belongs to; deleting the deal keeps the transaction, unlinked. */
  @Column({ type: 'uuid', nullable: true })
  deal_id: string | null;

  /** Added by the Deals migration. */
  @Reference('deals', 'SET NULL') deal?: unknown;
}
