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
  CompanyDto,
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
  @ApiOperation({ summary: 'Create a company: the caller owns it; it starts on a 30-day trial of the richest plan' })
  @ApiEnvelope(CompanyDto, { status: HttpStatus.CREATED })
  @ApiErrors({ conflict: 'the slug is taken, or no free slug could be made from the name' })
  create(@CurrentAuth() auth: AuthContext, @Body() body: CreateCompanyDto) {
    return this.companies.create(auth, body);
  }

  @Get()
  @ApiOperation({ summary: "The caller's companies, newest first" })
  @ApiPage('companies', CompanyDto)
  listMyCompanies(@CurrentAuth() auth: AuthContext, @Query() query: PageQueryDto) {
    return this.companies.listMine(auth, query);
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

  @Get(':id/storage/database')
  @RequirePermission('storage.db')
  @ApiOperation({ summary: "The company's own rows and their size, per table" })
  @ApiEnvelope(DatabaseUsageDto)
  getDatabaseUsage(@CurrentCompany() company: CompanyAccess) {
    return this.companies.databaseUsage(company);
  }
}
