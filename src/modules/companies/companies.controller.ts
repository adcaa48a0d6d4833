import { Body, Controller, Delete, Get, HttpStatus, Patch, Post, Put, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CompanyAccess, CurrentCompany } from '../../core/access/company-access';
import { ChangesCompanyKey, CompanyRoute, RequirePermission } from '../../core/access/company-route.decorators';
import { AuthContext, CurrentAuth } from '../../core/auth/auth-context';
import { Public } from '../../core/auth/auth.decorators';
import { ApiEnvelope, ApiPage } from '../../core/openapi/api-envelope.decorator';
import { PageQueryDto } from '../../core/pagination/page-query.dto';
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
  StorageSummaryDto,
  CompanyPlanDto,
  CreateCompanyDto,
  DatabaseUsageDto,
  MyPermissionsDto,
  PublicCompanyDto,
  StorageStatusDto,
  UpdateCompanyDto,
} from './dto/company.dto';
import { ApiErrors } from '../../core/openapi/api-errors.decorator';

@ApiTags('Companies')
@Controller('companies')
export class CompaniesController {
  constructor(private readonly companies: CompaniesService) {}

  @Post()
  @ApiOperation({
    summary:
      'Create a company: the caller owns it; it starts on a 30-day trial of the plan named by plan_code (the richest when omitted); its storage is active at once',
  })
  @ApiEnvelope(CreatedCompanyDto, { status: HttpStatus.CREATED })
  @ApiErrors({ conflict: 'the slug is taken, or no free slug could be made from the name' })
  create(@CurrentAuth() auth: AuthContext, @Body() body: CreateCompanyDto) {
    return this.companies.create(auth, body);
  }

  // Literal paths before ':id', so that they are never read as a company id.
  @Get('my')
  @ApiOperation({ summary: "The caller's companies, newest first; search matches the name or slug" })
  @ApiPage('companies', CompanyDto)
  listMyCompanies(@CurrentAuth() auth: AuthContext, @Query() query: MyCompaniesQueryDto) {
    return this.companies.listMine(auth, query);
  }

  @Get('check-slug-unique')
  @ApiOperation({ summary: 'Whether no company has the slug yet (an invalid slug is 400)' })
  @ApiEnvelope(SlugUniqueDto)
  checkSlugUnique(@Query() query: CheckSlugQueryDto) {
    return this.companies.checkSlug(query);
  }

  @Public()
  @Get('public')
  @ApiOperation({ summary: 'Public companies, newest first (no owner, members or plan)' })
  @ApiPage('companies', PublicCompanyDto)
  listPublicCompanies(@Query() query: PageQueryDto) {
    return this.companies.listPublic(query);
  }

  @Get(':id')
  @CompanyRoute()
  @ApiOperation({ summary: 'One company (any member)' })
  @ApiEnvelope(CompanyDto)
  get(@CurrentAuth() auth: AuthContext, @CurrentCompany() company: CompanyAccess) {
    return this.companies.get(auth, company);
  }

  @Patch(':id')
  @RequirePermission('company.update')
  @ChangesCompanyKey()
  @ApiOperation({ summary: 'Change the company; only the fields sent change, null clears an optional one' })
  @ApiEnvelope(CompanyDto)
  @ApiErrors({ conflict: 'the slug is taken' })
  update(@CurrentAuth() auth: AuthContext, @CurrentCompany() company: CompanyAccess, @Body() body: UpdateCompanyDto) {
    return this.companies.update(auth, company, body);
  }

  @Delete(':id')
  @RequirePermission('company.delete')
  @ApiOperation({ summary: 'Delete the company with all its data and files (owner only)' })
  @ApiEnvelope()
  async delete(@CurrentCompany() company: CompanyAccess) {
    await this.companies.delete(company);
  }

  @Get(':id/plan')
  @RequirePermission('company.summary')
  @ApiOperation({ summary: "The company's plan, its expiry, and whether it has expired" })
  @ApiEnvelope(CompanyPlanDto)
  getCompanyPlan(@CurrentCompany() company: CompanyAccess) {
    return this.companies.plan(company);
  }

  @Put(':id/plan')
  @RequirePermission('pricing.migrate', { admins: 'only' })
  @ApiOperation({ summary: 'Change the plan (platform administrators only): for a period, or until a given time' })
  @ApiEnvelope(CompanyPlanDto)
  changeCompanyPlan(@CurrentCompany() company: CompanyAccess, @Body() body: ChangePlanDto) {
    return this.companies.changePlan(company, body);
  }

  @Get(':id/permissions')
  @CompanyRoute()
  @ApiOperation({
    summary:
      "The permission catalog as the company's plan sees it: each code with available, whether the plan (its lvl, and its expiry for codes without allow_expired) lets it work",
  })
  @ApiEnvelope(CompanyPermissionDto, { isArray: true })
  getCompanyPermissions(@CurrentCompany() company: CompanyAccess) {
    return this.companies.catalogFor(company);
  }

  @Get(':id/permissions/me')
  @CompanyRoute()
  @ApiOperation({ summary: "The caller's effective permission codes in this company" })
  @ApiEnvelope(MyPermissionsDto)
  getMyPermissions(@CurrentCompany() company: CompanyAccess) {
    return this.companies.permissionsOf(company);
  }

  @Get(':id/storage/status')
  @RequirePermission('storage')
  @ApiOperation({ summary: "The company's database and file storage use against its plan's limits" })
  @ApiEnvelope(StorageStatusDto)
  getStorageStatus(@CurrentCompany() company: CompanyAccess) {
    return this.companies.storageStatus(company);
  }

  @Get(':id/storage')
  @RequirePermission('storage')
  @ApiOperation({ summary: "The company's storage record with its database and media figures" })
  @ApiEnvelope(StorageSummaryDto)
  getStorage(@CurrentCompany() company: CompanyAccess) {
    return this.companies.storageSummary(company);
  }

  @Get(':id/storage/db')
  @RequirePermission('storage.db')
  @ApiOperation({ summary: "The company's own rows and their size, per table" })
  @ApiEnvelope(DatabaseUsageDto)
  getDatabaseUsage(@CurrentCompany() company: CompanyAccess) {
    return this.companies.databaseUsage(company);
  }

  @Get(':id/storage/db/sources')
  @RequirePermission('storage.sources')
  @ApiOperation({ summary: "The company's data as the platform's database sources view" })
  @ApiEnvelope(StorageSourcesDto)
  getStorageSources(@CurrentCompany() company: CompanyAccess) {
    return this.companies.storageSources(company);
  }

  @Get(':id/storage/sources')
  @RequirePermission('storage.sources')
  @ApiOperation({
    summary: 'Deprecated alias of GET /companies/{id}/storage/db/sources (the path the web client calls)',
    deprecated: true,
  })
  @ApiEnvelope(StorageSourcesDto)
  getStorageSourcesAlias(@CurrentCompany() company: CompanyAccess) {
    return this.companies.storageSources(company);
  }
}
