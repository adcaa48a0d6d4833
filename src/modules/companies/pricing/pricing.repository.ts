import { Injectable } from '@nestjs/common';
import { listPage, Where } from '../../../core/pagination/list';
import { Page } from '../../../core/pagination/page';
import { PageQueryDto } from '../../../core/pagination/page-query.dto';
import { Db } from '../../../database/db';
import { raw, rfc3339, sql } from '../../../database/sql';
import { Row, Table } from '../../../database/table';
import type { PricingTransactionDto } from './dto/pricing.dto';
import { PricingTransactionEntity } from './pricing-transaction.entity';

const transactions = new Table(PricingTransactionEntity);

/** Columns of the answer; `next_plan_code` is a constant here (see the DTO). */
const TRANSACTION = `${transactions.list('t', [
  'id',
  'company_id',
  'account_id',
  'amount',
  'currency',
  'status',
  'plan_code',
])}, NULL::varchar AS next_plan_code, t.is_trial, t.period,
  ${rfc3339('t.expires_at')} AS expires_at, ${rfc3339('t.created_at')} AS created_at,
  ${rfc3339('t.updated_at')} AS updated_at`;

export type NewPricingTransaction = Pick<
  Row<PricingTransactionEntity>,
  'company_id' | 'account_id' | 'amount' | 'currency' | 'plan_code' | 'period' | 'expires_at'
>;

@Injectable()
export class PricingRepository {
  constructor(private readonly db: Db) {}

  /**
   * Writes a pending purchase; null when the company already has one. The partial unique index
   * decides between concurrent purchases: the second waits for the first and then does nothing.
   */
  async createPending(transaction: NewPricingTransaction): Promise<PricingTransactionDto | null> {
    const created = await this.db.one<{ id: string }>(
      sql`${transactions.insert(transaction)} ON CONFLICT (company_id) WHERE status = 'pending' DO NOTHING RETURNING id`,
    );
    return created ? this.find(transaction.company_id, created.id) : null;
  }

  /** A promocode's trial: free and settled at once. */
  async createTrial(transaction: NewPricingTransaction): Promise<PricingTransactionDto> {
    const created = await this.db.one<{ id: string }>(
      sql`${transactions.insert({ ...transaction, amount: 0, status: 'success', is_trial: true })} RETURNING id`,
    );
    return (await this.find(transaction.company_id, created!.id))!;
  }

  find(companyId: string, id: string): Promise<PricingTransactionDto | null> {
    return this.db.one<PricingTransactionDto>(
      sql`SELECT ${raw(TRANSACTION)} FROM pricing_transactions t WHERE t.company_id = ${companyId} AND t.id = ${id}`,
    );
  }

  pending(companyId: string): Promise<PricingTransactionDto | null> {
    return this.db.one<PricingTransactionDto>(
      sql`SELECT ${raw(TRANSACTION)} FROM pricing_transactions t
          WHERE t.company_id = ${companyId} AND t.status = 'pending'`,
    );
  }

  list(companyId: string, query: PageQueryDto): Promise<Page<PricingTransactionDto>> {
    return listPage(
      this.db,
      {
        from: 'pricing_transactions t',
        where: new Where(sql`t.company_id = ${companyId}`),
        orderBy: 't.created_at DESC, t.id DESC',
        key: ['t.id'],
        select: TRANSACTION,
      },
      query,
    );
  }

  /**
   * Moves a pending purchase to `status` (with its final `expires_at` when given). False when it
   * is no longer pending: of concurrent moves, one wins and the others find it moved.
   */
  async settle(companyId: string, id: string, status: 'success' | 'revoked', expiresAt?: Date): Promise<boolean> {
    const moved = await this.db.affected(
      sql`UPDATE pricing_transactions SET status = ${status}, expires_at = coalesce(${expiresAt ?? null}::timestamptz, expires_at),
            updated_at = now()
          WHERE company_id = ${companyId} AND id = ${id} AND status = 'pending'`,
    );
    return moved === 1;
  }
}
