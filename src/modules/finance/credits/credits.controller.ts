import { Body, Controller, Get, HttpCode, HttpStatus, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CompanyAccess, CurrentCompany } from '../../../core/access/company-access';
import { CompanyResources, RequirePermission } from '../../../core/access/company-route.decorators';
import { ApiEnvelope, ApiPage } from '../../../core/openapi/api-envelope.decorator';
import { PageQueryDto } from '../../../core/pagination/page-query.dto';
import { TransactionDetailDto, TransactionDto } from '../transactions/dto/transaction.dto';
import { CreditEntity } from './credit.entity';
import { CreditsService } from './credits.service';
import { CreateCreditDto, CreditDto, ListCreditsQueryDto, PayCreditDto, UpdateCreditDto } from './dto/credit.dto';

@ApiTags('Finance')
@Controller('companies/:id/modules/fm/credits')
@CompanyResources({ creditId: CreditEntity })
export class CreditsController {
  constructor(private readonly credits: CreditsService) {}

  @Get()
  @RequirePermission('fm.credits')
  @ApiOperation({ summary: 'Credits and debts, newest first' })
  @ApiPage('credits', CreditDto)
  list(@CurrentCompany() company: CompanyAccess, @Query() query: ListCreditsQueryDto) {
    return this.credits.list(company, query);
  }

  @Post()
  @RequirePermission('fm.credits.create')
  @ApiOperation({ summary: 'Create a credit (owed to the company) or a debt (the company owes)' })
  @ApiEnvelope(CreditDto, { status: HttpStatus.CREATED })
  create(@CurrentCompany() company: CompanyAccess, @Body() body: CreateCreditDto) {
    return this.credits.create(company, body);
  }

  @Get(':creditId')
  @RequirePermission('fm.credits')
  @ApiOperation({ summary: 'One credit with its paid and remaining amounts' })
  @ApiEnvelope(CreditDto)
  get(@CurrentCompany() company: CompanyAccess, @Param('creditId') id: string) {
    return this.credits.get(company, id);
  }

  @Patch(':creditId')
  @RequirePermission('fm.credits.update')
  @ApiOperation({ summary: 'Change a credit (not its currency); total_amount below the paid amount: 409' })
  @ApiEnvelope(CreditDto)
  update(@CurrentCompany() company: CompanyAccess, @Param('creditId') id: string, @Body() body: UpdateCreditDto) {
    return this.credits.update(company, id, body);
  }

  @Post(':creditId/activate')
  @HttpCode(HttpStatus.OK)
  @RequirePermission('fm.credits.update')
  @ApiOperation({ summary: 'Make the credit active (no change if it already is)' })
  @ApiEnvelope(CreditDto)
  activate(@CurrentCompany() company: CompanyAccess, @Param('creditId') id: string) {
    return this.credits.setStatus(company, id, 'active');
  }

  @Post(':creditId/deactivate')
  @HttpCode(HttpStatus.OK)
  @RequirePermission('fm.credits.update')
  @ApiOperation({ summary: 'Close the credit (no change if it already is closed)' })
  @ApiEnvelope(CreditDto)
  deactivate(@CurrentCompany() company: CompanyAccess, @Param('creditId') id: string) {
    return this.credits.setStatus(company, id, 'closed');
  }

  @Get(':creditId/transactions')
  @RequirePermission('fm.credits.transactions')
  @ApiOperation({ summary: "The credit's payments and their reversals, newest first" })
  @ApiPage('transactions', TransactionDto)
  transactions(@CurrentCompany() company: CompanyAccess, @Param('creditId') id: string, @Query() query: PageQueryDto) {
    return this.credits.transactionsOf(company, id, query);
  }

  @Post(':creditId/pay')
  @RequirePermission('fm.credits.pay')
  @ApiOperation({
    summary:
      'Pay the credit: a transaction in its currency. Closed credit: 409 conflict; more than the remaining amount: 409 limit_exceeded',
  })
  @ApiEnvelope(TransactionDetailDto, { status: HttpStatus.CREATED })
  pay(@CurrentCompany() company: CompanyAccess, @Param('creditId') id: string, @Body() body: PayCreditDto) {
    return this.credits.pay(company, id, body);
  }
}
