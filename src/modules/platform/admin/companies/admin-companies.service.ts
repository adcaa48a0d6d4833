import { Injectable } from '@nestjs/common';
import { AppException } from '../../../../core/http/app.exception';
import type { Page } from '../../../../core/pagination/page';
import type { PageQueryDto } from '../../../../core/pagination/page-query.dto';
import { CompanyDirectory, DirectoryCompany, DirectoryMember } from '../../../companies/companies/companies.face';
import { CompanyPricing, type CompanyPricingDto } from '../../../companies/pricing/pricing.face';
import type { SearchPageQueryDto } from '../accounts/dto/admin-account.dto';
import { SystemFigures } from '../system/system-figures';

/** The console's companies (CONTRACT 21): every company, read only, through the companies and pricing faces. */
@Injectable()
export class AdminCompaniesService {
  constructor(
    private readonly companies: CompanyDirectory,
    private readonly pricing: CompanyPricing,
    private readonly figures: SystemFigures,
  ) {}

  list(query: SearchPageQueryDto): Promise<Page<DirectoryCompany>> {
    return this.companies.list(query.search, query, this.figures.keptTotal('companies'));
  }

  async get(companyId: string): Promise<DirectoryCompany> {
    const company = await this.companies.find(companyId);
    if (!company) throw AppException.notFound('Company');
    return company;
  }

  async accounts(companyId: string, query: PageQueryDto): Promise<Page<DirectoryMember>> {
    await this.get(companyId);
    return this.companies.members(companyId, query);
  }

  async pricingOf(companyId: string): Promise<CompanyPricingDto> {
    await this.get(companyId);
    return this.pricing.pricingOf(companyId);
  }
}
