import { Column, Entity, Index } from 'typeorm';
import { CompanyOwnedEntity } from '../companies/companies.face';
import { Reference } from '../../../database/company-reference';

export const PRICING_TRANSACTION_STATUSES = ['pending', 'success', 'unsuccess', 'revoked'] as const;

/**
 * A plan purchase (CONTRACT 17). Without a payment provider it stays pending until an
 * administrator confirms it; the partial unique index keeps one pending purchase per company,
 * so of two concurrent purchases exactly one is written.
 */
@Entity('pricing_transactions')
@Index('pricing_transactions_company_id_created_at_idx', ['company_id', 'created_at', 'id'])
@Index('pricing_transactions_pending_key', ['company_id'], { unique: true, where: "status = 'pending'" })
export class PricingTransactionEntity extends CompanyOwnedEntity {
  /** Who asked for it; null once that account is deleted. */
  @Column({ type: 'uuid', nullable: true })
  account_id: string | null;

  @Reference('accounts', 'SET NULL') account?: unknown;

  /** The plan's price for the period, in whole units of `currency`. */
  @Column({ type: 'int' })
  amount: number;

  @Column({ type: 'varchar', length: 3 })
  currency: string;

  @Column({ type: 'varchar', length: 16, default: 'pending' })
  status: string;

  @Column({ type: 'varchar', length: 32 })
  plan_code: string;

  @Reference('pricing_plans', 'RESTRICT', 'plan_code') plan?: unknown;

  @Column({ type: 'varchar', length: 8 })
  period: string;

  /** When the bought period ends: one period from the purchase, then from the confirmation. */
  @Column({ type: 'timestamptz' })
  expires_at: Date;

  /** A trial started by a promocode (CONTRACT 21): free, and `success` from the start. */
  @Column({ type: 'boolean', default: false })
  is_trial: boolean;
}
