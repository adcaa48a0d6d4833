import { Body, Controller, Get, HttpStatus, Param, Query } from '@nestjs/common';
import { Post } from '../../../../../core/http/verbs';
import { ApiTags } from '@nestjs/swagger';
import { CompanyAccess, CurrentCompany } from '../../../../../core/access/company-access';
import { CompanyResources } from '../../../../../core/access/company-route.decorators';
import { RecordRoutes } from '../../../../../core/http/record-routes';
import { Endpoint } from '../../../../../core/openapi/endpoint.decorator';
import { PageQueryDto } from '../../../../../core/pagination/page-query.dto';
import { TransactionDetailDto, TransactionDto } from '../transactions/dto/transaction.dto';
import { CreditEntity } from './credit.entity';
import { CreditsService } from './credits.service';
import { CreateCreditDto, CreditDto, ListCreditsQueryDto, PayCreditDto, UpdateCreditDto } from './dto/credit.dto';

@ApiTags('Finance')
@Controller('companies/:id/modules/fm/credits')
@CompanyResources({ creditId: CreditEntity })
export class CreditsController extends RecordRoutes({
  service: CreditsService,
  param: 'creditId',
  permission: 'fm.credits',
  answer: CreditDto,
  list: { key: 'credits', query: ListCreditsQueryDto, summary: 'Credits and debts, newest first' },
  create: { body: CreateCreditDto, summary: 'Create a credit (owed to the company) or a debt (the company owes)' },
  get: { summary: 'One credit with its paid and remaining amounts' },
  update: {
    body: UpdateCreditDto,
    summary: 'Change a credit (not its currency); total_amount below the paid amount: 409',
  },
  transitions: {
    activate: { status: 'active', summary: 'Make the credit active (no change if it already is)' },
    deactivate: { status: 'closed', summary: 'Close the credit (no change if it already is closed)' },
  },
}) {
  constructor(private readonly credits: CreditsService) {
    super(credits);
  }

  /** The credit's payments and their reversals, newest first */
  @Get(':creditId/transactions')
  @Endpoint({ permission: 'fm.credits.transactions', page: ['transactions', TransactionDto] })
  transactions(@CurrentCompany() company: CompanyAccess, @Param('creditId') id: string, @Query() query: PageQueryDto) {
    return this.credits.transactionsOf(company, id, query);
  }

  /** Pay the credit: a transaction in its currency. Closed credit: 409 conflict; more than the remaining amount: 409 limit_exceeded */
  @Post(':creditId/pay')
  @Endpoint({ permission: 'fm.credits.pay', answer: TransactionDetailDto, status: HttpStatus.CREATED })
  pay(@CurrentCompany() company: CompanyAccess, @Param('creditId') id: string, @Body() body: PayCreditDto) {
    return this.credits.pay(company, id, body);
  }
}
