import { Body, Controller, Get, HttpStatus, Param, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CompanyAccess, CurrentCompany } from '../../../core/access/company-access';
import { CompanyResources, RequirePermission } from '../../../core/access/company-route.decorators';
import { ApiEnvelope, ApiPage } from '../../../core/openapi/api-envelope.decorator';
import {
  CreateTransactionDto,
  ListTransactionsQueryDto,
  TransactionDetailDto,
  TransactionDto,
} from './dto/transaction.dto';
import { TransactionEntity } from './transaction.entity';
import { TransactionsService } from './transactions.service';

@ApiTags('Finance')
@Controller('companies/:id/modules/fm/transactions')
@CompanyResources({ transactionId: TransactionEntity })
export class TransactionsController {
  constructor(private readonly transactions: TransactionsService) {}

  @Get()
  @RequirePermission('fm.transactions')
  @ApiOperation({ summary: 'Transactions, newest first' })
  @ApiPage('transactions', TransactionDto)
  list(@CurrentCompany() company: CompanyAccess, @Query() query: ListTransactionsQueryDto) {
    return this.transactions.list(company.companyId, query);
  }

  @Post()
  @RequirePermission('fm.transactions.create')
  @ApiOperation({ summary: 'Record a transaction (immutable: corrections are reversals)' })
  @ApiEnvelope(TransactionDetailDto, { status: HttpStatus.CREATED })
  create(@CurrentCompany() company: CompanyAccess, @Body() body: CreateTransactionDto) {
    return this.transactions.create(company.companyId, body);
  }

  @Get(':transactionId')
  @RequirePermission('fm.transactions')
  @ApiOperation({ summary: 'One transaction with its employee and category' })
  @ApiEnvelope(TransactionDetailDto)
  get(@CurrentCompany() company: CompanyAccess, @Param('transactionId') id: string) {
    return this.transactions.get(company.companyId, id);
  }

  @Post(':transactionId/reverse')
  @RequirePermission('fm.transactions.reverse')
  @ApiOperation({
    summary:
      'Reverse a completed transaction: a new one in the opposite direction. Already reversed, a reversal, or not completed: 409',
  })
  @ApiEnvelope(TransactionDetailDto, { status: HttpStatus.CREATED })
  reverse(@CurrentCompany() company: CompanyAccess, @Param('transactionId') id: string) {
    return this.transactions.reverse(company.companyId, id);
  }
}
