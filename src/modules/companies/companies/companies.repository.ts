import { Injectable } from '@nestjs/common';
import { conflictOnDuplicate } from '../../../core/http/app.exception';
import { containing, listPage, Where } from '../../../core/pagination/list';
import { Page } from '../../../core/pagination/page';
import { PageQueryDto } from '../../../core/pagination/page-query.dto';
import { Db } from '../../../database/db';
import { raw, rfc3339, sql } from '../../../database/sql';
import { Row, Table } from '../../../database/table';
import { COMPANY_MEMBERSHIPS, platformRoleCode, roleOfFilter } from '../members/members.face';
import { CompanyEntity } from './company.entity';
import type { CompanyDto, MyCompaniesQueryDto, PublicCompanyDto, UpdateCompanyDto } from './dto/company.dto';

const companies = new Table(CompanyEntity);

/** A company as a member sees it: its columns with the member's role and joining time. */
const COMPANY = `${companies.list('c', [
  'id',
  'name',
  'slug',
  'description',
  'avatar_url',
  'is_public',
  'region',
  'site',
  'email',
  'owner_id',
])}, m.role, ${platformRoleCode('m')}, c.plan_code,
  ${rfc3339('c.plan_expires_at')} AS plan_expires_at, ${rfc3339('m.joined_at')} AS joined_at,
  ${rfc3339('c.created_at')} AS created_at, ${rfc3339('c.updated_at')} AS updated_at`;
const PUBLIC_COMPANY = companies.list('c', ['id', 'name', 'slug', 'description', 'avatar_url', 'region', 'site']);
const UPDATABLE = ['name', 'slug', 'description', 'is_public', 'region', 'site', 'email'] as const;

export type NewCompany = Pick<Row<CompanyEntity>, 'name' | 'slug' | 'owner_id' | 'plan_code' | 'plan_expires_at'> &
  Partial<Row<CompanyEntity>>;

/** The company's current plan period. */
export interface PlanPeriod {
  plan_code: string;
  plan_started_at: Date;
  plan_expires_at: Date;
  plan_is_trial: boolean;
  created_at: Date;
  updated_at: Date;
}

@Injectable()
/** The company rows as the companies routes read and change them; the guard's standing, the deletion and the usage counters are their own classes beside it. */
export class CompaniesRepository {
  constructor(private readonly db: Db) {}

  /** Creates the company (its owner becomes its first member through the members module). Null when the slug is taken. */
  async create(company: NewCompany): Promise<string | null> {
    const created = await this.db.one<{ id: string }>(
      sql`${companies.insert(company)} ON CONFLICT (slug) DO NOTHING RETURNING id`,
    );
    return created?.id ?? null;
  }

  async slugExists(slug: string): Promise<boolean> {
    return (await this.db.one(sql`SELECT 1 FROM companies WHERE slug = ${slug}`)) !== null;
  }

  /** The company as its member `accountId` sees it. */
  findForMember(companyId: string, accountId: string) {
    return this.db.one<CompanyDto>(
      sql`SELECT ${raw(COMPANY)} FROM companies c
          JOIN ${raw(COMPANY_MEMBERSHIPS)} m ON m.company_id = c.id AND m.account_id = ${accountId}
          WHERE c.id = ${companyId} AND c.deleting_at IS NULL`,
    );
  }

  /** How many companies (not being deleted) the account belongs to: its summary's organizations_count. */
  async countForMember(accountId: string): Promise<number> {
    const row = await this.db.one<{ count: number }>(
      sql`SELECT count(*)::int AS count FROM ${raw(COMPANY_MEMBERSHIPS)} m
           JOIN companies c ON c.id = m.company_id AND c.deleting_at IS NULL
           WHERE m.account_id = ${accountId}`,
    );
    return row!.count;
  }

  listForMember(accountId: string, query: MyCompaniesQueryDto): Promise<Page<CompanyDto>> {
    const where = new Where(sql`m.account_id = ${accountId}`).equals('m.role', roleOfFilter(query.role));
    if (query.search !== undefined) {
      const term = containing(query.search);
      where.search(sql`(c.name ILIKE ${term} OR c.slug ILIKE ${term})`);
    }
    return listPage(
      this.db,
      {
        from: `${COMPANY_MEMBERSHIPS} m JOIN companies c ON c.id = m.company_id AND c.deleting_at IS NULL`,
        where,
        orderBy: 'c.created_at DESC, c.id DESC',
        key: ['m.company_id', 'm.account_id'],
        select: COMPANY,
      },
      query,
    );
  }

  listPublic(query: PageQueryDto): Promise<Page<PublicCompanyDto>> {
    return listPage(
      this.db,
      {
        from: 'companies c',
        where: new Where(sql`c.is_public AND c.deleting_at IS NULL`),
        orderBy: 'c.created_at DESC, c.id DESC',
        key: ['c.id'],
        select: PUBLIC_COMPANY,
      },
      query,
    );
  }

  publicBySlug(slug: string): Promise<PublicCompanyDto | null> {
    return this.db.one<PublicCompanyDto>(
      sql`SELECT ${raw(PUBLIC_COMPANY)} FROM companies c WHERE c.slug = ${slug} AND c.is_public AND c.deleting_at IS NULL`,
    );
  }

  async update(companyId: string, changes: UpdateCompanyDto): Promise<void> {
    const set = companies.assignments(changes, UPDATABLE);
    if (!set) return;
    await conflictOnDuplicate(
      this.db.affected(sql`UPDATE companies SET ${set}, updated_at = now() WHERE id = ${companyId}`),
      { companies_slug_key: `The slug '${changes.slug}' is taken` },
    );
  }

  /** A paid period (or an administrator's setting) begins now: the trial, if any, is over. */
  async setPlan(companyId: string, planCode: string, expiresAt: Date): Promise<void> {
    await this.db.affected(
      sql`UPDATE companies SET plan_code = ${planCode}, plan_expires_at = ${expiresAt}, plan_started_at = now(),
            plan_is_trial = false, updated_at = now()
          WHERE id = ${companyId}`,
    );
  }

  /** A promocode's trial begins now: the company tries the plan until `expiresAt`. */
  async startTrial(companyId: string, planCode: string, expiresAt: Date): Promise<void> {
    await this.db.affected(
      sql`UPDATE companies SET plan_code = ${planCode}, plan_expires_at = ${expiresAt}, plan_started_at = now(),
            plan_is_trial = true, updated_at = now()
          WHERE id = ${companyId}`,
    );
  }

  planPeriod(companyId: string): Promise<PlanPeriod | null> {
    return this.db.one<PlanPeriod>(
      sql`SELECT plan_code, plan_started_at, plan_expires_at, plan_is_trial, created_at, updated_at
          FROM companies WHERE id = ${companyId} AND deleting_at IS NULL`,
    );
  }

  /** The company's name, as its generated documents print it. */
  async nameOf(companyId: string): Promise<string> {
    const row = await this.db.one<{ name: string }>(sql`SELECT name FROM companies WHERE id = ${companyId}`);
    return row!.name;
  }

  async ownerOf(companyId: string): Promise<string> {
    const row = await this.db.one<{ owner_id: string }>(sql`SELECT owner_id FROM companies WHERE id = ${companyId}`);
    return row!.owner_id;
  }
}
