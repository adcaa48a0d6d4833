import { Body, Controller, Get, HttpStatus, Param, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CompanyAccess, CurrentCompany } from '../../../core/access/company-access';
import { CompanyResources, RequirePermission } from '../../../core/access/company-route.decorators';
import { ApiEnvelope, ApiPage } from '../../../core/openapi/api-envelope.decorator';
import {
  CreateTransactionDto,
  DealTransactionsSummaryDto,
  TransactionDetailDto,
  TransactionDto,
  TransactionFiltersDto,
} from '../../finance/finance.face';
import { DealEntity } from '../deals/deal.entity';
import { DealTransactionsSummaryQueryDto } from './deal-transactions.dto';
import { DealTransactionsService } from './deal-transactions.service';

@ApiTags('Deals')
@Controller('companies/:id/modules/dm')
@CompanyResources({ dealId: DealEntity })
export class DealTransactionsController {
  constructor(private readonly transactions: DealTransactionsService) {}

  @Get('deals/:dealId/transactions')
  @RequirePermission('dm.deals.transactions')
  @ApiOperation({ summary: "The deal's transactions, newest first, with the filters of /fm/transactions" })
  @ApiPage('transactions', TransactionDto)
  list(@CurrentCompany() company: CompanyAccess, @Param('dealId') id: string, @Query() query: TransactionFiltersDto) {
    return this.transactions.list(company, id, query);
  }

  @Post('deals/:dealId/transactions')
  @RequirePermission('dm.deals.transactions.create')
  @ApiOperation({
    summary: 'Record a transaction of the deal (as POST /fm/transactions; default category deal-income / deal-expense)',
  })
  @ApiEnvelope(TransactionDetailDto, { status: HttpStatus.CREATED })
  create(@CurrentCompany() company: CompanyAccess, @Param('dealId') id: string, @Body() body: CreateTransactionDto) {
    return this.transactions.create(company, id, body);
  }

  @Get('deals/:dealId/transactions/summary')
  @RequirePermission('dm.deals.transactions.summary')
  @ApiOperation({
    summary: "The deal's completed transactions in one currency: income, expense, total = income − expense",
  })
  @ApiEnvelope(DealTransactionsSummaryDto)
  getDealTransactionsSummary(
    @CurrentCompany() company: CompanyAccess,
    @Param('dealId') id: string,
    @Query() query: DealTransactionsSummaryQueryDto,
  ) {
    return this.transactions.summary(company, id, query);
  }

  @Get('analysis/financial-summary')
  @RequirePermission('dm.analysis')
  @ApiOperation({ summary: 'The transactions summary over every deal (completed, in one currency)' })
  @ApiEnvelope(DealTransactionsSummaryDto)
  getDealsFinancialSummary(@CurrentCompany() company: CompanyAccess, @Query() query: DealTransactionsSummaryQueryDto) {
    return this.transactions.summary(company, null, query);
  }
}
