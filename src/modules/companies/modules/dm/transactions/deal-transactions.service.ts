import { Injectable } from '@nestjs/common';
import type { StagedWrite } from '../../../../../core/audit/staged-write';
import { CompanyAccess } from '../../../../../core/access/company-access';
import { found } from '../../../../../core/http/app.exception';
import { Page } from '../../../../../core/pagination/page';
import {
  type CreateTransactionDto,
  type DealTransactionsSummaryDto,
  type TransactionDetailDto,
  type TransactionDto,
  type TransactionFiltersDto,
  TransactionsService,
} from '../../fm/finance.face';
import { DealsRepository } from '../deals/deals.repository';
import type { DealTransactionsSummaryQueryDto } from './deal-transactions.dto';

/** The system category a deal transaction without category_id takes, by direction (CONTRACT 16). */
const DEFAULT_CATEGORY = { income: 'deal-income', expense: 'deal-expense' } as const;

/**
 * A deal's transactions: finance transactions with `deal_id` set, written through finance's
 * TransactionsService in the request's transaction (so the link commits with the transaction,
 * or neither does). Deleting a deal keeps them, unlinked (the foreign key is ON DELETE SET NULL).
 */
@Injectable()
export class DealTransactionsService {
  constructor(
    private readonly deals: DealsRepository,
    private readonly transactions: TransactionsService,
  ) {}

  list(company: CompanyAccess, dealId: string, query: TransactionFiltersDto): Promise<Page<TransactionDto>> {
    return this.transactions.list(company.companyId, query, { dealId });
  }

  /** Its attachments are checked in the store first, outside the transaction that writes it. */
  create(
    company: CompanyAccess,
    dealId: string,
    dto: CreateTransactionDto,
  ): Promise<StagedWrite<TransactionDetailDto>> {
    const companyId = company.companyId;
    return this.transactions.staged(companyId, dto, async () => {
      found((await this.deals.holdForLink(companyId, dealId)) || null, 'Deal');
      const categoryId =
        dto.category_id ?? (await this.transactions.categoryBySlug(companyId, DEFAULT_CATEGORY[dto.direction])).id;
      return this.transactions.create(companyId, { ...dto, category_id: categoryId }, { dealId });
    });
  }

  summary(
    company: CompanyAccess,
    dealId: string | null,
    query: DealTransactionsSummaryQueryDto,
  ): Promise<DealTransactionsSummaryDto> {
    return this.transactions.dealSummary(company.companyId, dealId, query);
  }
}
