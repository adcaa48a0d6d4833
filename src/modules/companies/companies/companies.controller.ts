import { Body, Controller, Get, HttpCode, HttpStatus, Param, Query } from '@nestjs/common';
import { Post, Put, Patch, Delete } from '../../../core/http/verbs';
import { ApiParam, ApiTags } from '@nestjs/swagger';
import { CompanyAccess, CurrentCompany } from '../../../core/access/company-access';
import { ChangesCompanyKey, CompanyRoute } from '../../../core/access/company-route.decorators';
import { AuthContext, CurrentAuth } from '../../../core/auth/auth-context';
import { Public } from '../../../core/auth/auth.decorators';
import { PageQueryDto } from '../../../core/pagination/page-query.dto';
import { CompaniesService } from './companies.service';
import {
  ChangePlanDto,
  CheckSlugQueryDto,
  CompanyDto,
  CompanyPermissionDto,
  CreatedCompanyDto,
  MyCompaniesQueryDto,
  SlugUniqueDto,
  StorageSourcesDto,
  StorageSourceModulesDto,
  StorageSummaryDto,
  CompanyPlanDto,
  CreateCompanyDto,
  DatabaseUsageDto,
  MyPermissionsDto,
  PublicCompanyDto,
  StorageStatusDto,
  UpdateCompanyDto,
} from './dto/company.dto';
import { Endpoint } from '../../../core/openapi/endpoint.decorator';

@ApiTags('Companies')
@Controller('companies')
export class CompaniesController {
  constructor(private readonly companies: CompaniesService) {}

  /** Create a company: the caller owns it; it starts on a 30-day trial of the plan named by plan_code (the richest when omitted); its storage is active at once */
  @Post()
  @Endpoint({
    answer: CreatedCompanyDto,
    status: HttpStatus.CREATED,
    errors: { conflict: 'the slug is taken, or no free slug could be made from the name' },
  })
  create(@CurrentAuth() auth: AuthContext, @Body() body: CreateCompanyDto) {
    return this.companies.create(auth, body);
  }

  // Literal paths before ':id', so that they are never read as a company id.
  @Get('my')
  @Endpoint({
    summary: "The caller's companies, newest first; search matches the name or slug",
    page: ['companies', CompanyDto],
  })
  listMyCompanies(@CurrentAuth() auth: AuthContext, @Query() query: MyCompaniesQueryDto) {
    return this.companies.listMine(auth, query);
  }

  /** Whether no company has the slug yet (an invalid slug is 400) */
  @Get('check-slug-unique')
  @Endpoint({ answer: SlugUniqueDto })
  checkSlugUnique(@Query() query: CheckSlugQueryDto) {
    return this.companies.checkSlug(query);
  }

  /** Public companies, newest first (no owner, members or plan) */
  @Public()
  @Get('public')
  @Endpoint({ page: ['companies', PublicCompanyDto] })
  listPublicCompanies(@Query() query: PageQueryDto) {
    return this.companies.listPublic(query);
  }

  /** One company (any member) */
  @Get(':id')
  @CompanyRoute()
  @Endpoint({ answer: CompanyDto })
  get(@CurrentAuth() auth: AuthContext, @CurrentCompany() company: CompanyAccess) {
    return this.companies.get(auth, company);
  }

  /** Change the company; only the fields sent change, null clears an optional one */
  @Patch(':id')
  @Endpoint({ permission: 'company.update', answer: CompanyDto, errors: { conflict: 'the slug is taken' } })
  @ChangesCompanyKey()
  update(@CurrentAuth() auth: AuthContext, @CurrentCompany() company: CompanyAccess, @Body() body: UpdateCompanyDto) {
    return this.companies.update(auth, company, body);
  }

  /** Delete the company with all its data and files (owner only) */
  @Delete(':id')
  @Endpoint({ permission: 'company.delete', credential: 'password', answer: 'empty' })
  async delete(@CurrentCompany() company: CompanyAccess) {
    await this.companies.delete(company);
  }

  @Post(':id/delete')
  @HttpCode(HttpStatus.OK)
  @Endpoint({
    permission: 'company.delete',
    summary: 'Deprecated alias of DELETE /companies/{id} (the path the web client calls)',
    deprecated: true,
    answer: 'empty',
  })
  async deleteAlias(@CurrentCompany() company: CompanyAccess) {
    await this.companies.delete(company);
  }

  /** Change the plan (platform administrators only): for a period, or until a given time */
  @Put(':id/plan')
  @Endpoint({ permission: 'pricing.migrate', admins: 'only', answer: CompanyPlanDto })
  changeCompanyPlan(@CurrentCompany() company: CompanyAccess, @Body() body: ChangePlanDto) {
    return this.companies.changePlan(company, body);
  }

  /** The permission catalog as the company's plan sees it: each code with available, whether the plan (its lvl, and its expiry for codes without allow_expired) lets it work */
  @Get(':id/permissions')
  @CompanyRoute()
  @Endpoint({ answer: [CompanyPermissionDto] })
  getCompanyPermissions(@CurrentCompany() company: CompanyAccess) {
    return this.companies.catalogFor(company);
  }

  /** The caller's effective permission codes in this company */
  @Get(':id/permissions/me')
  @CompanyRoute()
  @Endpoint({ answer: MyPermissionsDto })
  getMyPermissions(@CurrentCompany() company: CompanyAccess) {
    return this.companies.permissionsOf(company);
  }

  /** The company's database and file storage use against its plan's limits */
  @Get(':id/storage/status')
  @Endpoint({ permission: 'storage', answer: StorageStatusDto })
  getStorageStatus(@CurrentCompany() company: CompanyAccess) {
    return this.companies.storageStatus(company);
  }

  /** The company's storage record with its database and media figures */
  @Get(':id/storage')
  @Endpoint({ permission: 'storage', answer: StorageSummaryDto })
  getStorage(@CurrentCompany() company: CompanyAccess) {
    return this.companies.storageSummary(company);
  }

  /** The company's own rows and their size, per table */
  @Get(':id/storage/db')
  @Endpoint({ permission: 'storage.db', answer: DatabaseUsageDto })
  getDatabaseUsage(@CurrentCompany() company: CompanyAccess) {
    return this.companies.databaseUsage(company);
  }

  /** The company's data as the platform's database sources view */
  @Get(':id/storage/db/sources')
  @Endpoint({ permission: 'storage.sources', answer: StorageSourcesDto })
  getStorageSources(@CurrentCompany() company: CompanyAccess) {
    return this.companies.storageSources(company);
  }

  @Get(':id/storage/sources')
  @Endpoint({
    permission: 'storage.sources',
    summary: 'Deprecated alias of GET /companies/{id}/storage/db/sources (the path the web client calls)',
    deprecated: true,
    answer: StorageSourcesDto,
  })
  getStorageSourcesAlias(@CurrentCompany() company: CompanyAccess) {
    return this.companies.storageSources(company);
  }

  /** The company's rows per module, counted from the kept counts */
  @Get(':id/storage/db/sources/modules')
  @Endpoint({ permission: 'storage.sources', answer: StorageSourceModulesDto })
  getStorageSourceModules(@CurrentCompany() company: CompanyAccess) {
    return this.companies.storageSourceModules(company);
  }

  @Get(':id/storage/sources/modules')
  @Endpoint({
    permission: 'storage.sources',
    summary: 'Deprecated alias of GET /companies/{id}/storage/db/sources/modules (the path the web client calls)',
    deprecated: true,
    answer: StorageSourceModulesDto,
  })
  getStorageSourceModulesAlias(@CurrentCompany() company: CompanyAccess) {
    return this.companies.storageSourceModules(company);
  }
}

@ApiTags('Public')
@Public()
@Controller('visit-cards')
export class VisitCardsController {
  constructor(private readonly companies: CompaniesService) {}

  /** A public company's card by its slug (a private and an unknown slug alike are 404) */
  @Get(':slug')
  @ApiParam({ name: 'slug', description: 'A public company: its `slug` from `GET /api/v1/companies/public`' })
  @Endpoint({ answer: PublicCompanyDto })
  getVisitCard(@Param('slug') slug: string) {
    return this.companies.visitCard(slug);
  }
}
