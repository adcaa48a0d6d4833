import { Injectable, Logger } from '@nestjs/common';
import { Transactional } from '@nestjs-cls/transactional';
import { CompanyAccess } from '../../core/access/company-access';
import { AuthContext } from '../../core/auth/auth-context';
import { AppException, found } from '../../core/http/app.exception';
import { Page } from '../../core/pagination/page';
import { PageQueryDto } from '../../core/pagination/page-query.dto';
import { StorageService } from '../../core/storage/storage.service';
import { PlanCatalog } from '../plans/plan-catalog';
import { CompaniesRepository, TableBytes, toMb } from './companies.repository';
import { CompanyLifecycle } from './company-lifecycle';
import { CompanyPurger } from './company-purger';
import {
  ChangePlanDto,
  CompanyDto,
  CompanyPlanDto,
  CreateCompanyDto,
  DatabaseUsageDto,
  PublicCompanyDto,
  StorageStatusDto,
  UpdateCompanyDto,
} from './dto/company.dto';
import { slugCandidate, slugify } from './slug';

const TRIAL_DAYS = 30;
const SLUG_ATTEMPTS = 20;

@Injectable()
export class CompaniesService {
  private readonly logger = new Logger('CompaniesService');

  constructor(
    private readonly companies: CompaniesRepository,
    private readonly plans: PlanCatalog,
    private readonly lifecycle: CompanyLifecycle,
    private readonly purger: CompanyPurger,
    private readonly storage: StorageService,
  ) {}

  /** The creator becomes the owner; the company starts on a 30-day trial of the richest plan. */
  async create(auth: AuthContext, dto: CreateCompanyDto): Promise<CompanyDto> {
    const trialPlan = await this.plans.highest();
    const base = dto.slug ?? slugify(dto.name);
    for (let attempt = 0; attempt < (dto.slug ? 1 : SLUG_ATTEMPTS); attempt++) {
      const slug = slugCandidate(base, attempt);
      if (!dto.slug && (await this.companies.slugExists(slug))) continue;
      const id = await this.insert(auth, dto, slug, trialPlan.code);
      if (!id) continue;
      this.makeBucket(id);
      return (await this.companies.findForMember(id, auth.account.id))!;
    }
    if (dto.slug) throw AppException.conflict(`The slug '${dto.slug}' is taken`);
    throw AppException.conflict('Could not find a free slug for this name; give one explicitly');
  }

  /** The company, its owner's membership and what every module gives a new company; null when the slug is taken. */
  @Transactional()
  private async insert(auth: AuthContext, dto: CreateCompanyDto, slug: string, planCode: string) {
    const id = await this.companies.create({
      ...dto,
      slug,
      owner_id: auth.account.id,
      plan_code: planCode,
      plan_expires_at: new Date(Date.now() + TRIAL_DAYS * 86400_000),
    });
    if (id) await this.lifecycle.companyCreated(id);
    return id;
  }

  /**
   * The company's bucket, made in the background once the company is committed: the answer never
   * waits on the store. A store that is down does not refuse the company: the first stored file
   * makes the bucket.
   */
  private makeBucket(companyId: string): void {
    this.storage.ensureBucket(companyId).catch((error: unknown) => {
      this.logger.warn({ err: error, company_id: companyId }, 'Bucket not made; the first stored file will make it');
    });
  }

  listMine(auth: AuthContext, query: PageQueryDto): Promise<Page<CompanyDto>> {
    return this.companies.listForMember(auth.account.id, query);
  }

  listPublic(query: PageQueryDto): Promise<Page<PublicCompanyDto>> {
    return this.companies.listPublic(query);
  }

  async get(auth: AuthContext, access: CompanyAccess): Promise<CompanyDto> {
    return found(await this.companies.findForMember(access.companyId, auth.account.id), 'Company');
  }

  async update(auth: AuthContext, access: CompanyAccess, dto: UpdateCompanyDto): Promise<CompanyDto> {
    await this.companies.update(access.companyId, dto);
    return this.get(auth, access);
  }

  /** Owner only, whatever positions grant (CONTRACT 5). */
  async delete(access: CompanyAccess): Promise<void> {
    if (access.role !== 'owner') throw AppException.forbidden('Only the owner may delete the company');
    if (!(await this.companies.markForDeletion(access.companyId))) throw AppException.notFound('Company');
    this.purger.purgeSoon(access.companyId);
  }

  async plan(access: CompanyAccess): Promise<CompanyPlanDto> {
    const plan = (await this.plans.byCode(access.plan.code))!;
    return { plan, expires_at: access.plan.expiresAt, expired: access.plan.expired };
  }

  async changePlan(access: CompanyAccess, dto: ChangePlanDto): Promise<CompanyPlanDto> {
    if (dto.period && dto.expires_at) {
      throw AppException.validation([{ field: 'period', message: 'give either period or expires_at, not both' }]);
    }
    const plan = await this.plans.byCode(dto.code);
    if (!plan) throw AppException.validation([{ field: 'code', message: 'is not a plan code' }]);
    const expiresAt = dto.expires_at ? new Date(dto.expires_at) : oneAhead(dto.period!);
    await this.companies.setPlan(access.companyId, plan.code, expiresAt);
    return { plan, expires_at: expiresAt, expired: expiresAt.getTime() <= Date.now() };
  }

  permissionsOf(access: CompanyAccess): { permissions: string[] } {
    return { permissions: access.permissions };
  }

  async storageStatus(access: CompanyAccess): Promise<StorageStatusDto> {
    const [plan, tables, objects] = await Promise.all([
      this.plans.byCode(access.plan.code),
      this.companies.tableUsage(access.companyId),
      this.companies.objectUsage(access.companyId),
    ]);
    return {
      db_mb: toMb(totalBytes(tables)),
      limit_db_mb: plan!.limit_db_mb,
      objects_mb: toMb(objects.bytes),
      limit_objects_mb: plan!.limit_objects_mb,
      objects_count: objects.count,
      limit_objects_count: plan!.limit_objects_count,
    };
  }

  async databaseUsage(access: CompanyAccess): Promise<DatabaseUsageDto> {
    const [plan, tables] = await Promise.all([
      this.plans.byCode(access.plan.code),
      this.companies.tableUsage(access.companyId),
    ]);
    return {
      size_mb: toMb(totalBytes(tables)),
      limit_db_mb: plan!.limit_db_mb,
      tables: tables.map(({ name, rows, bytes }) => ({ name, rows, size_mb: toMb(bytes) })),
    };
  }
}

function oneAhead(period: 'month' | 'year'): Date {
  const date = new Date();
  if (period === 'month') date.setUTCMonth(date.getUTCMonth() + 1);
  else date.setUTCFullYear(date.getUTCFullYear() + 1);
  return date;
}

const totalBytes = (tables: TableBytes[]) => tables.reduce((sum, table) => sum + table.bytes, 0);
