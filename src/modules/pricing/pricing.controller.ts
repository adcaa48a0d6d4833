import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CompanyAccess, CurrentCompany } from '../../core/access/company-access';
import { CompanyResources, CompanyRoute, RequirePermission } from '../../core/access/company-route.decorators';
import { AuthContext, CurrentAuth } from '../../core/auth/auth-context';
import { ApiEnvelope, ApiPage } from '../../core/openapi/api-envelope.decorator';
import { ApiErrors } from '../../core/openapi/api-errors.decorator';
import { PageQueryDto } from '../../core/pagination/page-query.dto';
import { CompanyPricingDto, MigratePlanDto, PricingTransactionDto } from './dto/pricing.dto';
import { PricingTransactionEntity } from './pricing-transaction.entity';
import { PricingService } from './pricing.service';

@ApiTags('Pricing')
@CompanyResources({ transactionId: PricingTransactionEntity })
@Controller('companies')
export class PricingController {
  constructor(private readonly pricing: PricingService) {}

  @Get(':id/pricing')
  @CompanyRoute()
  @ApiOperation({ summary: "The company's plan, its period, and the plan of a pending purchase" })
  @ApiEnvelope(CompanyPricingDto)
  getPricing(@CurrentCompany() company: CompanyAccess) {
    return this.pricing.pricing(company);
  }

  @Post(':id/pricing/migrate')
  @RequirePermission('pricing.migrate')
  @ApiOperation({
    summary:
      'Buy a plan for a month or a year: a pending transaction priced from the plan, confirmed by an administrator',
  })
  @ApiEnvelope(PricingTransactionDto, { status: HttpStatus.CREATED })
  @ApiErrors({ conflict: 'the company already has a pending purchase' })
  migratePricingPlan(
    @CurrentAuth() auth: AuthContext,
    @CurrentCompany() company: CompanyAccess,
    @Body() body: MigratePlanDto,
  ) {
    return this.pricing.migrate(auth, company, body);
  }

  @Get(':id/pricing/transactions')
  @RequirePermission('pricing.transactions')
  @ApiOperation({ summary: "The company's plan purchases, newest first" })
  @ApiPage('transactions', PricingTransactionDto)
  listPricingTransactions(@CurrentCompany() company: CompanyAccess, @Query() query: PageQueryDto) {
    return this.pricing.list(company, query);
  }

  @Post(':id/pricing/transactions/:transactionId/revoke')
  @HttpCode(HttpStatus.OK)
  @RequirePermission('pricing.migrate')
  @ApiOperation({ summary: 'Cancel a pending purchase' })
  @ApiEnvelope(PricingTransactionDto)
  @ApiErrors({ conflict: 'the transaction is no longer pending' })
  revokePricingTransaction(@CurrentCompany() company: CompanyAccess, @Param('transactionId') id: string) {
    return this.pricing.revoke(company, id);
  }

  @Post(':id/pricing/transactions/:transactionId/confirm')
  @HttpCode(HttpStatus.OK)
  @RequirePermission('pricing.migrate', { admins: 'only' })
  @ApiOperation({
    summary:
      'Mark a pending purchase paid (platform administrators only): the plan changes for the bought period, as PUT /companies/{id}/plan does',
  })
  @ApiEnvelope(PricingTransactionDto)
  @ApiErrors({ conflict: 'the transaction is no longer pending' })
  confirmPricingTransaction(@CurrentCompany() company: CompanyAccess, @Param('transactionId') id: string) {
    return this.pricing.confirm(company, id);
  }
}
