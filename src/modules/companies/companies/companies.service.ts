import { Injectable, Logger } from '@nestjs/common';
import { Transactional } from '@nestjs-cls/transactional';
import { CompanyAccess } from '../../../core/access/company-access';
import { planAllows } from '../../../core/access/effective-permissions';
import { PermissionCatalog } from '../../../core/access/permission-catalog';
import { AuthContext } from '../../../core/auth/auth-context';
import { AppException, found } from '../../../core/http/app.exception';
import { Page } from '../../../core/pagination/page';
import { PageQueryDto } from '../../../core/pagination/page-query.dto';
import { StorageService } from '../../../core/storage/storage.service';
import { Memberships } from '../members/members.face';
import { PlanCatalog, Promocodes, unusablePromocode } from '../plans/plans.face';
import { CompaniesRepository } from './companies.repository';
import { CompanyDeletionRepository } from './company-deletion.repository';
import { CompanyUsageRepository, KeptTableRows, TableBytes, toMb } from './company-usage.repository';
import { CompanyLifecycle } from './company-lifecycle';
import { CompanyPurger } from './company-purger';
import {
  ChangePlanDto,
  CheckSlugQueryDto,
  CompanyDto,
  CompanyPermissionDto,
  CompanyPlanDto,
  CreateCompanyDto,
  CreatedCompanyDto,
  DatabaseUsageDto,
  MyCompaniesQueryDto,
  PublicCompanyDto,
  SlugUniqueDto,
  StorageRecordDto,
  StorageSourcesDto,
  StorageSourceModulesDto,
  ModuleSourceDto,
  StorageStatusDto,
  StorageSummaryDto,
  UpdateCompanyDto,
} from './dto/company.dto';
import { slugCandidate, slugify } from './slug';

const TRIAL_DAYS = 30;
/** Every company's rows live in the one schema, kept apart by company_id. */
const STORAGE_SCHEMA = 'public';
const SLUG_ATTEMPTS = 20;

@Injectable()
export class CompaniesService {
  private readonly logger = new Logger('CompaniesService');

  constructor(
    private readonly companies: CompaniesRepository,
    private readonly memberships: Memberships,
    private readonly deletion: CompanyDeletionRepository,
    private readonly usage: CompanyUsageRepository,
    private readonly plans: PlanCatalog,
    private readonly promocodes: Promocodes,
    private readonly lifecycle: CompanyLifecycle,
    private readonly purger: CompanyPurger,
    private readonly storage: StorageService,
    private readonly catalog: PermissionCatalog,
  ) {}

  /** The creator becomes the owner; the company starts on a 30-day trial of the plan asked for, else the richest. */
  async create(auth: AuthContext, dto: CreateCompanyDto): Promise<CreatedCompanyDto> {
    const { promocode, ...fields } = dto;
    const trial = await this.trialOf(fields.plan_code, promocode);
    const base = dto.slug ?? slugify(dto.name);
    for (let attempt = 0; attempt < (dto.slug ? 1 : SLUG_ATTEMPTS); attempt++) {
      const slug = slugCandidate(base, attempt);
      if (!dto.slug && (await this.companies.slugExists(slug))) continue;
      const id = await this.insert(auth, fields, slug, trial, promocode);
      if (!id) continue;
      this.makeBucket(id);
      const company = (await this.companies.findForMember(id, auth.account.id))!;
      return { ...company, storage: this.storageRecord(company) };
    }
    if (dto.slug) throw AppException.conflict(`The slug '${dto.slug}' is taken`);
    throw AppException.conflict('Could not find a free slug for this name; give one explicitly');
  }

  /** The company, its owner's membership and what every module gives a new company; null when the slug is taken. */
  @Transactional()
  private async insert(
    auth: AuthContext,
    dto: Omit<CreateCompanyDto, 'promocode'>,
    slug: string,
    trial: { planCode: string; days: number },
    promocode: string | undefined,
  ) {
    const id = await this.companies.create({
      ...dto,
      slug,
      owner_id: auth.account.id,
      plan_code: trial.planCode,
      plan_expires_at: new Date(Date.now() + trial.days * 86400_000),
      plan_is_trial: true,
    });
    if (id) {
      // Counted only with the company that uses it: a refused or failed creation uses nothing.
      if (promocode !== undefined && (await this.promocodes.redeem(promocode))?.plan_code !== trial.planCode) {
        throw unusablePromocode();
      }
      await this.memberships.addOwner(id, auth.account.id);
      await this.lifecycle.companyCreated(id);
    }
    return id;
  }

  /** The trial a new company starts: the promocode's plan and days, else the plan asked for (the richest by default) for 30 days. */
  private async trialOf(planCode: string | undefined, promocode: string | undefined) {
    if (promocode !== undefined) {
      const promo = await this.promocodes.peek(promocode);
      if (!promo) throw unusablePromocode();
      if (planCode !== undefined && planCode !== promo.plan_code) {
        throw unusablePromocode(`is for the plan '${promo.plan_code}', not '${planCode}'`);
      }
      return { planCode: promo.plan_code, days: promo.trial_period_days };
    }
    const plan = planCode === undefined ? await this.plans.highest() : await this.plans.byCode(planCode);
    if (!plan) throw AppException.validation([{ field: 'plan_code', message: 'is not a plan code' }]);
    return { planCode: plan.code, days: TRIAL_DAYS };
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

  listMine(auth: AuthContext, query: MyCompaniesQueryDto): Promise<Page<CompanyDto>> {
    return this.companies.listForMember(auth.account.id, query);
  }

  async checkSlug(query: CheckSlugQueryDto): Promise<SlugUniqueDto> {
    return { slug: query.slug, unique: !(await this.companies.slugExists(query.slug)) };
  }

  listPublic(query: PageQueryDto): Promise<Page<PublicCompanyDto>> {
    return this.companies.listPublic(query);
  }

  /** A public company's card by its slug; a private and an unknown slug alike are 404. */
  async visitCard(slug: string): Promise<PublicCompanyDto> {
    return found(await this.companies.publicBySlug(slug), 'Company');
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
    if (!(await this.deletion.markForDeletion(access.companyId))) throw AppException.notFound('Company');
    this.purger.purgeSoon(access.companyId);
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

  /** A promocode's trial of `planCode` begins now (CONTRACT 21). */
  async startTrial(companyId: string, planCode: string, expiresAt: Date): Promise<void> {
    await this.companies.startTrial(companyId, planCode, expiresAt);
  }

  async catalogFor(access: CompanyAccess): Promise<CompanyPermissionDto[]> {
    return (await this.catalog.list()).map((permission) => ({
      ...permission,
      available: planAllows(permission, access.plan),
    }));
  }

  permissionsOf(access: CompanyAccess): { permissions: string[] } {
    return { permissions: access.permissions };
  }

  async storageStatus(access: CompanyAccess): Promise<StorageStatusDto> {
    const [plan, tables, objects] = await Promise.all([
      this.plans.byCode(access.plan.code),
      this.usage.tableUsage(access.companyId),
      this.usage.objectUsage(access.companyId),
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

  /** The platform's storage summary: the storage record, with database and media figures. */
  async storageSummary(access: CompanyAccess): Promise<StorageSummaryDto> {
    const [status, period, bucketExists] = await Promise.all([
      this.storageStatus(access),
      this.companies.planPeriod(access.companyId),
      this.storage.bucketExists(access.companyId),
    ]);
    const record = this.storageRecord({ id: access.companyId, ...found(period, 'Company') });
    return {
      ...record,
      database: {
        status: record.status,
        is_ready: true,
        // The request itself read the company's rows: the database answers.
        message: 'The database is ready',
        schema_name: record.schema_name,
        size_mb: status.db_mb,
        limit_db_mb: status.limit_db_mb,
      },
      media: {
        is_ready: bucketExists === true,
        exists: bucketExists === true,
        message:
          bucketExists === null
            ? 'Object storage is unavailable'
            : bucketExists
              ? 'The bucket is ready'
              : 'The bucket does not exist yet; it is made with the first file',
        bucket: this.storage.bucketOf(access.companyId),
        objects_mb: status.objects_mb,
        limit_objects_mb: status.limit_objects_mb,
        objects_count: status.objects_count,
        limit_objects_count: status.limit_objects_count,
      },
    };
  }

  /** The company's rows as the platform's database sources view shows a tenant schema. */
  async storageSources(access: CompanyAccess): Promise<StorageSourcesDto> {
    const [tables, period] = await Promise.all([
      this.usage.tableUsage(access.companyId),
      this.companies.planPeriod(access.companyId),
    ]);
    const sizeMb = toMb(totalBytes(tables));
    return {
      schema_name: STORAGE_SCHEMA,
      schema_exists: true,
      total_size_mb: sizeMb,
      total_size_pretty: prettyMb(sizeMb),
      table_size_mb: sizeMb,
      index_size_mb: 0,
      toast_size_mb: 0,
      table_count: tables.filter((table) => table.rows > 0).length,
      index_count: 0,
      sequence_count: 0,
      view_count: 0,
      materialized_view_count: 0,
      total_rows: tables.reduce((sum, table) => sum + table.rows, 0),
      dead_rows: 0,
      active_connections: 0,
      last_vacuum: null,
      last_autovacuum: null,
      last_analyze: null,
      created_at: found(period, 'Company').created_at,
      updated_at: new Date(),
    };
  }

  /** The company's rows per module, from the kept counts (CONTRACT 22), in the Kroncl server's shape. */
  async storageSourceModules(access: CompanyAccess): Promise<StorageSourceModulesDto> {
    const tables = await this.usage.keptTableRows(access.companyId);
    const figures = (module: string, of: KeptTableRows[]) => {
      const bytes = of.reduce((sum, table) => sum + table.bytes, 0);
      return {
        module,
        table_count: of.length,
        total_bytes: bytes,
        total_size_mb: toMb(bytes),
        row_count: of.reduce((sum, table) => sum + table.rows, 0),
      };
    };
    const modules = [...new Set(tables.map((table) => table.module))].map((module): ModuleSourceDto => {
      const own = tables.filter((table) => table.module === module);
      return {
        ...figures(module, own),
        tables: own.map((table) => ({
          table_name: table.table,
          exists: true,
          row_count: table.rows,
          total_bytes: table.bytes,
          total_size_mb: toMb(table.bytes),
        })),
      };
    });
    return {
      modules: Object.fromEntries(modules.map((module) => [module.module, module])),
      total: figures('total', tables),
    };
  }

  /** Storage is ready once the company exists: its rows in the shared schema, its files in its bucket. */
  private storageRecord(company: { id: string; created_at: Date; updated_at: Date }): StorageRecordDto {
    return {
      id: company.id,
      company_id: company.id,
      schema_name: STORAGE_SCHEMA,
      status: 'active',
      storage_type: 'schema',
      metadata: { bucket: this.storage.bucketOf(company.id) },
      created_at: company.created_at,
      updated_at: company.updated_at,
    };
  }

  async databaseUsage(access: CompanyAccess): Promise<DatabaseUsageDto> {
    const [plan, tables] = await Promise.all([
      this.plans.byCode(access.plan.code),
      this.usage.tableUsage(access.companyId),
    ]);
    return {
      size_mb: toMb(totalBytes(tables)),
      limit_db_mb: plan!.limit_db_mb,
      tables: tables.map(({ name, rows, bytes }) => ({ name, rows, size_mb: toMb(bytes) })),
    };
  }
}

export function oneAhead(period: 'month' | 'year'): Date {
  const date = new Date();
  if (period === 'month') date.setUTCMonth(date.getUTCMonth() + 1);
  else date.setUTCFullYear(date.getUTCFullYear() + 1);
  return date;
}

/** `0.5 MB`, `12.3 MB`, `1.5 GB`. */
function prettyMb(mb: number): string {
  if (mb >= 1024) return `${(mb / 1024).toFixed(1)} GB`;
  if (mb >= 1) return `${mb.toFixed(1)} MB`;
  return `${Math.round(mb * 1024)} kB`;
}

const totalBytes = (tables: TableBytes[]) => tables.reduce((sum, table) => sum + table.bytes, 0);
