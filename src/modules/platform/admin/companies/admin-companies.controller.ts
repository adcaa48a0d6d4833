import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AdminRoute } from '../../../../core/access/admin-route.decorators';
import { UuidParam } from '../../../../core/http/validation';
import { Endpoint } from '../../../../core/openapi/endpoint.decorator';
import { PageQueryDto } from '../../../../core/pagination/page-query.dto';
import { CompanyPricingDto } from '../../../companies/pricing/pricing.face';
import { SearchPageQueryDto } from '../accounts/dto/admin-account.dto';
import { AdminCompaniesService } from './admin-companies.service';
import { AdminCompanyAccountDto, AdminCompanyDto } from './dto/admin-company.dto';

@ApiTags('Admin')
@Controller('admin/companies')
export class AdminCompaniesController {
  constructor(private readonly companies: AdminCompaniesService) {}

  /** Every company, newest first; search matches the name or the slug */
  @Get()
  @AdminRoute(3)
  @Endpoint({ page: ['companies', AdminCompanyDto] })
  list(@Query() query: SearchPageQueryDto) {
    return this.companies.list(query);
  }

  /** A company */
  @Get(':companyId')
  @AdminRoute(3)
  @Endpoint({ answer: AdminCompanyDto })
  get(@UuidParam('companyId') companyId: string) {
    return this.companies.get(companyId);
  }

  /** The company's members, longest-standing first */
  @Get(':companyId/accounts')
  @AdminRoute(3)
  @Endpoint({ page: ['accounts', AdminCompanyAccountDto] })
  accounts(@UuidParam('companyId') companyId: string, @Query() query: PageQueryDto) {
    return this.companies.accounts(companyId, query);
  }

  /** The company's plan, its period and the plan of a pending purchase */
  @Get(':companyId/pricing')
  @AdminRoute(3)
  @Endpoint({ answer: CompanyPricingDto })
  pricing(@UuidParam('companyId') companyId: string) {
    return this.companies.pricingOf(companyId);
  }
}
