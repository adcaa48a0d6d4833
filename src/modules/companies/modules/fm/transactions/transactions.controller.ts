import { Body, Controller, Get, HttpStatus, Param, Query } from '@nestjs/common';
import { Post } from '../../../../../core/http/verbs';
import { ApiTags } from '@nestjs/swagger';
import { CompanyAccess, CurrentCompany } from '../../../../../core/access/company-access';
import { PreparesFirst } from '../../../../../core/audit/staged-write';
import { CompanyResources } from '../../../../../core/access/company-route.decorators';
import {
  CreateTransactionDto,
  ListTransactionsQueryDto,
  TransactionDetailDto,
  TransactionDto,
} from './dto/transaction.dto';
import { TransactionEntity } from './transaction.entity';
import { TransactionsService } from './transactions.service';
import { Endpoint } from '../../../../../core/openapi/endpoint.decorator';

@ApiTags('Finance')
@Controller('companies/:id/modules/fm/transactions')
@CompanyResources({ transactionId: TransactionEntity })
export class TransactionsController {
  constructor(private readonly transactions: TransactionsService) {}

  /** Transactions, newest first */
  @Get()
  @Endpoint({ permission: 'fm.transactions', page: ['transactions', TransactionDto] })
  list(@CurrentCompany() company: CompanyAccess, @Query() query: ListTransactionsQueryDto) {
    return this.transactions.list(company.companyId, query);
  }

  /** Record a transaction with the files it names (immutable: corrections are reversals) */
  @Post()
  @PreparesFirst()
  @Endpoint({ permission: 'fm.transactions.create', answer: TransactionDetailDto, status: HttpStatus.CREATED })
  create(@CurrentCompany() company: CompanyAccess, @Body() body: CreateTransactionDto) {
    return this.transactions.record(company.companyId, body);
  }

  /** One transaction with its employee and category */
  @Get(':transactionId')
  @Endpoint({ permission: 'fm.transactions', answer: TransactionDetailDto })
  get(@CurrentCompany() company: CompanyAccess, @Param('transactionId') id: string) {
    return this.transactions.get(company.companyId, id);
  }

  /** Reverse a completed transaction: a new one in the opposite direction. Already reversed, a reversal, or not completed: 409 */
  @Post(':transactionId/reverse')
  @Endpoint({ permission: 'fm.transactions.reverse', answer: TransactionDetailDto, status: HttpStatus.CREATED })
  reverse(@CurrentCompany() company: CompanyAccess, @Param('transactionId') id: string) {
    return this.transactions.reverse(company.companyId, id);
  }
}
