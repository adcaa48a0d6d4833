import { Body, Controller, Get, HttpStatus, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CompanyAccess, CurrentCompany } from '../../../../../core/access/company-access';
import { CompanyResources } from '../../../../../core/access/company-route.decorators';
import { PageQueryDto } from '../../../../../core/pagination/page-query.dto';
import { TransactionDetailDto, TransactionDto } from '../transactions/dto/transaction.dto';
import { CreditEntity } from './credit.entity';
import { CreditsService } from './credits.service';
import { CreateCreditDto, CreditDto, ListCreditsQueryDto, PayCreditDto, UpdateCreditDto } from './dto/credit.dto';
import { Endpoint } from '../../../../../core/openapi/endpoint.decorator';
import { StatusRoutes } from '../../../../../core/http/status-routes';

@ApiTags('Finance')
@Controller('companies/:id/modules/fm/credits')
@CompanyResources({ creditId: CreditEntity })
export class CreditsController extends StatusRoutes({
  param: 'creditId',
  permission: 'fm.credits.update',
  answer: CreditDto,
  routes: {
    activate: { status: 'active', summary: 'Make the credit active (no change if it already is)' },
    deactivate: { status: 'closed', summary: 'Close the credit (no change if it already is closed)' },
  },
}) {
  constructor(private readonly credits: CreditsService) {
    super();
  }

  /** Credits and debts, newest first */
  @Get()
  @Endpoint({ permission: 'fm.credits', page: ['credits', CreditDto] })
  list(@CurrentCompany() company: CompanyAccess, @Query() query: ListCreditsQueryDto) {
    return this.credits.list(company, query);
  }

  /** Create a credit (owed to the company) or a debt (the company owes) */
  @Post()
  @Endpoint({ permission: 'fm.credits.create', answer: CreditDto, status: HttpStatus.CREATED })
  create(@CurrentCompany() company: CompanyAccess, @Body() body: CreateCreditDto) {
    return this.credits.create(company, body);
  }

  /** One credit with its paid and remaining amounts */
  @Get(':creditId')
  @Endpoint({ permission: 'fm.credits', answer: CreditDto })
  get(@CurrentCompany() company: CompanyAccess, @Param('creditId') id: string) {
    return this.credits.get(company, id);
  }

  /** Change a credit (not its currency); total_amount below the paid amount: 409 */
  @Patch(':creditId')
  @Endpoint({ permission: 'fm.credits.update', answer: CreditDto })
  update(@CurrentCompany() company: CompanyAccess, @Param('creditId') id: string, @Body() body: UpdateCreditDto) {
    return this.credits.update(company, id, body);
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
  setStatus(company: CompanyAccess, id: string, status: Parameters<CreditsService['setStatus']>[2]) {
    return this.credits.setStatus(company, id, status);
  }
}
