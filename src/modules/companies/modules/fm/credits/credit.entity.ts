import { Column, Entity, Index } from 'typeorm';
import { CompanyOwnedEntity } from '../../../companies/companies.face';
import { CompanyReference } from '../../../../../database/company-reference';
import { EnumColumn, MetadataColumn } from '../../../../../core/openapi/columns';
import { AMOUNT_COLUMN, NumericColumn, RATE_COLUMN } from '../../../../../core/money/numeric-columns';

/** debt: the company owes; credit: owed to the company. */
export const CREDIT_TYPES = ['debt', 'credit'] as const;
export type CreditType = (typeof CREDIT_TYPES)[number];

export const CREDIT_STATUSES = ['active', 'closed'] as const;
export type CreditStatus = (typeof CREDIT_STATUSES)[number];

/**
 * A credit or debt (CONTRACT 14). What has been paid is not stored: it is the sum of the
 * credit's payments less their reversals, read from the transactions (so a reversal restores
 * the remaining amount with nothing to keep in step). Payments lock the credit's row.
 */
@Entity('credits')
@Index('credits_comment_trgm_idx', { synchronize: false })
@Index('credits_name_trgm_idx', { synchronize: false })
@Index('credits_company_id_idx', ['company_id'])
@Index('credits_company_id_created_at_idx', ['company_id', 'created_at', 'id'])
@Index('credits_company_type_created_at_idx', ['company_id', 'type', 'created_at', 'id'])
@Index('credits_company_status_created_at_idx', ['company_id', 'status', 'created_at', 'id'])
@Index('credits_company_counterparty_idx', ['company_id', 'counterparty_id'])
export class CreditEntity extends CompanyOwnedEntity {
  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'text', nullable: true })
  comment: string | null;

  @EnumColumn(CREDIT_TYPES, { length: 16 })
  type: string;

  @EnumColumn(CREDIT_STATUSES, { length: 16, default: 'active' })
  status: string;

  @NumericColumn(AMOUNT_COLUMN)
  total_amount: number;

  /** Never changes: payments are in this currency. */
  @Column({ type: 'varchar', length: 8, update: false })
  currency: string;

  /** Percent, 0 to 100, two decimals; null when unset. */
  @NumericColumn(RATE_COLUMN, { nullable: true })
  interest_rate: number | null;

  /** A calendar date, `YYYY-MM-DD`. */
  @Column({ type: 'date' })
  start_date: string;

  /** A calendar date, `YYYY-MM-DD`, not before start_date. */
  @Column({ type: 'date' })
  end_date: string;

  @MetadataColumn()
  metadata: object | null;

  @Column({ type: 'uuid' })
  counterparty_id: string;

  /** Counterparties are never deleted; they go with their company, as credits do. */
  @CompanyReference('counterparties')
  counterparty?: unknown;
}
