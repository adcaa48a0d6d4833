import { Injectable } from '@nestjs/common';
import { RecordAttachments } from '../../../../../core/attachments/record-attachments';
import type { StagedWrite } from '../../../../../core/audit/staged-write';
import { AppException, conflictOnDuplicate, found } from '../../../../../core/http/app.exception';
import { Page } from '../../../../../core/pagination/page';
import { PageQueryDto } from '../../../../../core/pagination/page-query.dto';
import { CategoriesRepository } from '../categories/categories.repository';
import type { CategoryDto } from '../categories/dto/category.dto';
import type { Direction } from '../categories/category.entity';
import {
  CreateTransactionDto,
  DealTransactionsSummaryDto,
  ListTransactionsQueryDto,
  TransactionDetailDto,
  TransactionDto,
} from './dto/transaction.dto';
import {
  DealSummaryQuery,
  TRANSACTION_RECORDS,
  TransactionScope,
  TransactionsRepository,
} from './transactions.repository';

/** What a transaction is linked to besides its body: set by the module that writes it. */
export interface TransactionLinks {
  dealId?: string;
  creditId?: string;
  /** When the money moved (a credit payment's paid_at); default now. */
  createdAt?: string;
}

const OPPOSITE: Record<Direction, Direction> = { income: 'expense', expense: 'income' };

/**
 * Transactions (CONTRACT 14), also for other modules (docs/finance.md, "For other modules"):
 * every method takes the company id and runs in the caller's transaction (the request's CLS
 * transaction), so a deal's transaction commits or rolls back with the deal's own change.
 */
@Injectable()
export class TransactionsService {
  constructor(
    private readonly transactions: TransactionsRepository,
    private readonly categories: CategoriesRepository,
    private readonly attachments: RecordAttachments,
  ) {}

  list(
    companyId: string,
    query: Partial<ListTransactionsQueryDto> & PageQueryDto,
    scope?: TransactionScope,
  ): Promise<Page<TransactionDto>> {
    return this.transactions.list(companyId, query, scope);
  }

  async get(companyId: string, id: string): Promise<TransactionDetailDto> {
    return found(await this.transactions.findOne(companyId, id), 'Transaction');
  }

  /**
   * 400 naming the field unless `category_id` is a category of the company with the given
   * direction (held FOR SHARE until commit, so it cannot change direction or go away meanwhile)
   * and `employee_id` an employee of the company, alike whether the row is unknown or another
   * company's.
   */
  async checkReferences(
    companyId: string,
    dto: Pick<CreateTransactionDto, 'category_id' | 'employee_id'> & { direction?: Direction },
  ): Promise<void> {
    if (dto.category_id) {
      const category = await this.categories.locked(companyId, dto.category_id, 'share');
      if (!category) throw invalid('category_id', 'must be a category of this company');
      if (category.direction !== dto.direction) {
        throw invalid('category_id', `must be a category of the transaction's direction (${dto.direction})`);
      }
    }
    if (dto.employee_id && !(await this.transactions.employeeExists(companyId, dto.employee_id))) {
      throw invalid('employee_id', 'must be an employee of this company');
    }
  }

  /**
   * A transaction a route records (an `@PreparesFirst()` route): the attachments of `dto` are
   * checked in the store now, outside any transaction; the commit runs `write`, which creates the
   * transaction, and writes them with it.
   */
  staged(
    companyId: string,
    dto: CreateTransactionDto,
    write: () => Promise<TransactionDetailDto>,
  ): Promise<StagedWrite<TransactionDetailDto>> {
    return this.attachments.staged(companyId, TRANSACTION_RECORDS, dto.attachments, write);
  }

  /** POST /fm/transactions: {@link create}, {@link staged}. */
  record(companyId: string, dto: CreateTransactionDto): Promise<StagedWrite<TransactionDetailDto>> {
    return this.staged(companyId, dto, () => this.create(companyId, dto));
  }

  /** Writes a transaction after checking its references ({@link checkReferences}). */
  async create(
    companyId: string,
    dto: CreateTransactionDto,
    links: TransactionLinks = {},
  ): Promise<TransactionDetailDto> {
    await this.checkReferences(companyId, dto);
    return this.transactions.create(companyId, {
      ...dto,
      deal_id: links.dealId,
      credit_id: links.creditId,
      created_at: links.createdAt === undefined ? undefined : new Date(links.createdAt),
    });
  }

  /**
   * The reversal: the opposite direction, the same amount, currency, category, employee,
   * credit, deal and comment. At most one per original, also under concurrent requests (a
   * unique index); a reversal, or a transaction that is not completed, cannot be reversed.
   */
  async reverse(companyId: string, id: string): Promise<TransactionDetailDto> {
    const original = found(await this.transactions.findRow(companyId, id), 'Transaction');
    if (original.reverse_to !== null) throw AppException.conflict('A reversal cannot be reversed');
    if (original.status !== 'completed') throw AppException.conflict('Only a completed transaction can be reversed');
    return conflictOnDuplicate(
      this.transactions.create(companyId, {
        base_amount: original.base_amount,
        currency: original.currency,
        direction: OPPOSITE[original.direction as Direction],
        status: 'completed',
        comment: original.comment,
        reverse_to: original.id,
        employee_id: original.employee_id,
        category_id: original.category_id,
        credit_id: original.credit_id,
        deal_id: original.deal_id,
      }),
      { transactions_company_reverse_to_key: 'The transaction is already reversed' },
    );
  }

  /** A system category by slug (`credit`, `dept`, `deal-income`, `deal-expense`) or any category's slug. */
  async categoryBySlug(companyId: string, slug: string): Promise<CategoryDto> {
    return found(await this.categories.findBySlug(companyId, slug), 'Category');
  }

  /** CONTRACT 16's transactions summary of one deal, or of every deal when dealId is null. */
  dealSummary(companyId: string, dealId: string | null, query: DealSummaryQuery): Promise<DealTransactionsSummaryDto> {
    return this.transactions.dealSummary(companyId, dealId, query);
  }
}

const invalid = (field: string, message: string) => AppException.validation([{ field, message }]);
