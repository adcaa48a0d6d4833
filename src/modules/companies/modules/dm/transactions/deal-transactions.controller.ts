import { Body, Controller, Get, HttpStatus, Param, Query } from '@nestjs/common';
import { Post } from '../../../../../core/http/verbs';
import { ApiTags } from '@nestjs/swagger';
import { CompanyAccess, CurrentCompany } from '../../../../../core/access/company-access';
import { PreparesFirst } from '../../../../../core/audit/staged-write';
import { CompanyResources } from '../../../../../core/access/company-route.decorators';
import {
  CreateTransactionDto,
  DealTransactionsSummaryDto,
  TransactionDetailDto,
  TransactionDto,
  TransactionFiltersDto,
} from '../../fm/finance.face';
import { DealEntity } from '../deals/deal.entity';
import { DealTransactionsSummaryQueryDto } from './deal-transactions.dto';
import { DealTransactionsService } from './deal-transactions.service';
import { Endpoint } from '../../../../../core/openapi/endpoint.decorator';

@ApiTags('Deals')
@Controller('companies/:id/modules/dm')
@CompanyResources({ dealId: DealEntity })
export class DealTransactionsController {
  constructor(private readonly transactions: DealTransactionsService) {}

  /** The deal's transactions, newest first, with the filters of /fm/transactions */
  @Get('deals/:dealId/transactions')
  @Endpoint({ permission: 'dm.deals.transactions', page: ['transactions', TransactionDto] })
  list(@CurrentCompany() company: CompanyAccess, @Param('dealId') id: string, @Query() query: TransactionFiltersDto) {
    return this.transactions.list(company, id, query);
  }

  /** Record a transaction of the deal (as POST /fm/transactions; default category deal-income / deal-expense) */
  @Post('deals/:dealId/transactions')
  @PreparesFirst()
  @Endpoint({ permission: 'dm.deals.transactions.create', answer: TransactionDetailDto, status: HttpStatus.CREATED })
  create(@CurrentCompany() company: CompanyAccess, @Param('dealId') id: string, @Body() body: CreateTransactionDto) {
    return this.transactions.create(company, id, body);
  }

  /** The deal's completed transactions in one currency: income, expense, total = income − expense */
  @Get('deals/:dealId/transactions/summary')
  @Endpoint({ permission: 'dm.deals.transactions.summary', answer: DealTransactionsSummaryDto })
  getDealTransactionsSummary(
    @CurrentCompany() company: CompanyAccess,
    @Param('dealId') id: string,
    @Query() query: DealTransactionsSummaryQueryDto,
  ) {
    return this.transactions.summary(company, id, query);
  }

  /** The transactions summary over every deal (completed, in one currency) */
  @Get('analysis/financial-summary')
  @Endpoint({ permission: 'dm.analysis', answer: DealTransactionsSummaryDto })
  getDealsFinancialSummary(@CurrentCompany() company: CompanyAccess, @Query() query: DealTransactionsSummaryQueryDto) {
    return this.transactions.summary(company, null, query);
  }
}
