import { Body, Controller, Get, HttpCode, HttpStatus, Param, Query } from '@nestjs/common';
import { Post } from '../../../core/http/verbs';
import { ApiTags } from '@nestjs/swagger';
import { CompanyAccess, CurrentCompany } from '../../../core/access/company-access';
import { CompanyResources, CompanyRoute } from '../../../core/access/company-route.decorators';
import { AuthContext, CurrentAuth } from '../../../core/auth/auth-context';
import { PageQueryDto } from '../../../core/pagination/page-query.dto';
import { CompanyPricingDto, MigratePlanDto, PricingTransactionDto } from './dto/pricing.dto';
import { PricingTransactionEntity } from './pricing-transaction.entity';
import { PricingService } from './pricing.service';
import { Endpoint } from '../../../core/openapi/endpoint.decorator';

@ApiTags('Pricing')
@CompanyResources({ transactionId: PricingTransactionEntity })
@Controller('companies')
export class PricingController {
  constructor(private readonly pricing: PricingService) {}

  /** The company's plan, its period, and the plan of a pending purchase */
  @Get(':id/pricing')
  @CompanyRoute()
  @Endpoint({ answer: CompanyPricingDto })
  getPricing(@CurrentCompany() company: CompanyAccess) {
    return this.pricing.pricingOf(company.companyId);
  }

  /** Buy a plan for a month or a year: a pending transaction priced from the plan, confirmed by an administrator */
  @Post(':id/pricing/migrate')
  @Endpoint({
    permission: 'pricing.migrate',
    answer: PricingTransactionDto,
    status: HttpStatus.CREATED,
    errors: { conflict: 'the company already has a pending purchase' },
  })
  migratePricingPlan(
    @CurrentAuth() auth: AuthContext,
    @CurrentCompany() company: CompanyAccess,
    @Body() body: MigratePlanDto,
  ) {
    return this.pricing.migrate(auth, company, body);
  }

  /** The company's plan purchases, newest first */
  @Get(':id/pricing/transactions')
  @Endpoint({ permission: 'pricing.transactions', page: ['transactions', PricingTransactionDto] })
  listPricingTransactions(@CurrentCompany() company: CompanyAccess, @Query() query: PageQueryDto) {
    return this.pricing.list(company, query);
  }

  /** Cancel a pending purchase */
  @Post(':id/pricing/transactions/:transactionId/revoke')
  @HttpCode(HttpStatus.OK)
  @Endpoint({
    permission: 'pricing.migrate',
    answer: PricingTransactionDto,
    errors: { conflict: 'the transaction is no longer pending' },
  })
  revokePricingTransaction(@CurrentCompany() company: CompanyAccess, @Param('transactionId') id: string) {
    return this.pricing.revoke(company, id);
  }

  @Post(':id/pricing/transactions/:transactionId/confirm')
  @HttpCode(HttpStatus.OK)
  @Endpoint({
    permission: 'pricing.migrate',
    admins: 'only',
    summary:
      'Mark a pending purchase paid (platform administrators only): the plan changes for the bought period, as PUT /companies/{id}/plan does',
    answer: PricingTransactionDto,
    errors: { conflict: 'the transaction is no longer pending' },
  })
  confirmPricingTransaction(@CurrentCompany() company: CompanyAccess, @Param('transactionId') id: string) {
    return this.pricing.confirm(company, id);
  }
}
