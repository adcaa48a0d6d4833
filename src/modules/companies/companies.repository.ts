import { Injectable } from '@nestjs/common';
import type { CompanyStanding, CompanyStandings } from '../../core/access/company-standing';
import { conflictOnDuplicate } from '../../core/http/app.exception';
import { containing, listPage, Where } from '../../core/pagination/list';
import { Page } from '../../core/pagination/page';
import { PageQueryDto } from '../../core/pagination/page-query.dto';
import { Db } from '../../database/db';
import { raw, sql } from '../../database/sql';
import { Row, Table } from '../../database/table';
import { platformRoleCode, roleOfFilter } from '../members/members.face';
import { CompanyEntity } from './company.entity';
import type { CompanyDto, MyCompaniesQueryDto, PublicCompanyDto, UpdateCompanyDto } from './dto/company.dto';

export interface TableBytes {
  name: string;
  rows: number;
  bytes: number;
}

const companies = new Table(CompanyEntity);

export interface ObjectUsage {
  count: number;
  bytes: number;
  createdAt: Date;
}

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
])}, m.role, ${platformRoleCode('m')}, c.plan_code, c.plan_expires_at, m.joined_at, c.created_at, c.updated_at`;
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
export class CompaniesRepository implements CompanyStandings {
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
          JOIN company_members m ON m.company_id = c.id AND m.account_id = ${accountId}
          WHERE c.id = ${companyId} AND c.deleting_at IS NULL`,
    );
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
        from: 'company_members m JOIN companies c ON c.id = m.company_id AND c.deleting_at IS NULL',
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

  planPeriod(companyId: string): Promise<PlanPeriod | null> {
    return this.db.one<PlanPeriod>(
      sql`SELECT plan_code, plan_started_at, plan_expires_at, plan_is_trial, created_at, updated_at
          FROM companies WHERE id = ${companyId} AND deleting_at IS NULL`,
    );
  }

  /**
   * The company guard's one query (core's CompanyStandings): the company's plan and the
   * caller's membership, with the codes granted to a member: those HRM gives (its
   * hrm_member_permissions view), plus the member's settings' increase_permissions, less their
   * reduce_permissions.
   */
  standing(companyId: string, accountId: string): Promise<CompanyStanding | null> {
    return this.db.one<CompanyStanding>(
      sql`SELECT c.plan_code, p.lvl AS plan_lvl, c.plan_expires_at, c.plan_expires_at <= now() AS expired, m.role,
            CASE WHEN m.role = 'member' THEN ARRAY(
              SELECT DISTINCT code FROM unnest(
                coalesce(
                  (SELECT g.codes::text[] FROM hrm_member_permissions g WHERE g.company_id = c.id AND g.account_id = ${accountId}),
                  '{}'
                ) || coalesce(s.increase_permissions, '{}')
              ) code
              WHERE code <> ALL(coalesce(s.reduce_permissions, '{}'))
            ) END AS granted
          FROM companies c
          JOIN pricing_plans p ON p.code = c.plan_code
          LEFT JOIN company_members m ON m.company_id = c.id AND m.account_id = ${accountId}
          LEFT JOIN company_member_settings s ON s.company_id = c.id AND s.account_id = ${accountId}
          WHERE c.id = ${companyId} AND c.deleting_at IS NULL`,
      'access-company-standing',
    );
  }

  async holdForChange(companyId: string, exclusive = false): Promise<boolean> {
    const held = exclusive
      ? await this.db.one(
          sql`SELECT 1 FROM companies WHERE id = ${companyId} AND deleting_at IS NULL FOR UPDATE`,
          'hold-company-exclusively',
        )
      : await this.db.one(
          sql`SELECT 1 FROM companies WHERE id = ${companyId} AND deleting_at IS NULL FOR KEY SHARE`,
          'hold-company-for-change',
        );
    return held !== null;
  }

  /**
   * Hides the company from every caller; the purge then removes it. False when another caller
   * marked it first: of concurrent deletions, exactly one marks (the others wait on the row and
   * then find it marked).
   */
  async markForDeletion(companyId: string): Promise<boolean> {
    const marked = await this.db.affected(
      sql`UPDATE companies SET deleting_at = now() WHERE id = ${companyId} AND deleting_at IS NULL`,
    );
    return marked === 1;
  }

  /**
   * Locks a company marked for deletion, waiting for the transaction that marked it to end.
   * False when it is not (or no longer) marked. The mark is checked on the locked row, not in
   * the WHERE: under READ COMMITTED a row filtered out on the old snapshot is never waited for.
   */
  async lockMarked(companyId: string): Promise<boolean> {
    const row = await this.db.one<{ deleting_at: Date | null }>(
      sql`SELECT deleting_at FROM companies WHERE id = ${companyId} FOR UPDATE`,
    );
    return row?.deleting_at != null;
  }

  /** Every row of the company goes with it: each company table references it ON DELETE CASCADE. */
  async deleteMarked(companyId: string): Promise<void> {
    await this.db.affected(sql`DELETE FROM companies WHERE id = ${companyId} AND deleting_at IS NOT NULL`);
  }

  /**
   * Reserves room for one object of `bytes` within the plan's limit_objects_count and
   * limit_objects_mb: false when it would not fit (or the company is gone). One UPDATE, so the
   * row lock serialises concurrent writers and each re-checks the limits on the latest counts.
   * Call it outside any transaction (autocommit): the lock must not outlive the statement.
   */
  async reserveObject(companyId: string, bytes: number): Promise<boolean> {
    return (
      (await this.db.affected(
        sql`UPDATE companies c SET objects_count = c.objects_count + 1, objects_bytes = c.objects_bytes + ${bytes}
            FROM pricing_plans p
            WHERE c.id = ${companyId} AND c.deleting_at IS NULL AND p.code = c.plan_code
              AND c.objects_count + 1 <= p.limit_objects_count
              AND c.objects_bytes + ${bytes} <= p.limit_objects_mb::bigint * 1048576`,
      )) === 1
    );
  }

  /** Gives back what reserveObject took, when the object was not stored or has been removed. */
  async releaseObject(companyId: string, bytes: number): Promise<void> {
    await this.db.affected(
      sql`UPDATE companies SET objects_count = greatest(objects_count - 1, 0),
            objects_bytes = greatest(objects_bytes - ${bytes}, 0)
          WHERE id = ${companyId}`,
    );
  }

  /** The company's stored objects as kept by reserveObject/releaseObject, and its creation time. */
  async objectUsage(companyId: string): Promise<ObjectUsage> {
    const row = await this.db.one<{ count: number; bytes: string; created_at: Date }>(
      sql`SELECT objects_count AS count, objects_bytes AS bytes, created_at FROM companies WHERE id = ${companyId}`,
    );
    return { count: row!.count, bytes: Number(row!.bytes), createdAt: row!.created_at };
  }

  /** The limit_db_mb of the company's plan, read now (not from the plan cache). */
  async dbLimitMb(companyId: string): Promise<number | null> {
    const row = await this.db.one<{ limit: number }>(
      sql`SELECT p.limit_db_mb AS limit FROM companies c JOIN pricing_plans p ON p.code = c.plan_code WHERE c.id = ${companyId}`,
    );
    return row?.limit ?? null;
  }

  async markedForDeletion(olderThanSeconds: number): Promise<string[]> {
    const rows = await this.db.rows<{ id: string }>(
      sql`SELECT id FROM companies WHERE deleting_at < now() - make_interval(secs => ${olderThanSeconds})
          ORDER BY deleting_at LIMIT 100`,
    );
    return rows.map((row) => row.id);
  }

  /**
   * The company's own rows and their size in every table that has a company_id column (found
   * from the catalog, so new modules are counted without being listed here; views are not), plus its row in
   * companies. Sizes are the rows' on-disk width (pg_column_size), without index overhead.
   */
  async tableUsage(companyId: string): Promise<TableBytes[]> {
    const tables = await this.db.rows<{ table_name: string }>(
      sql`SELECT c.table_name FROM information_schema.columns c
          JOIN information_schema.tables t USING (table_schema, table_name)
          WHERE c.table_schema = current_schema() AND c.column_name = 'company_id' AND t.table_type = 'BASE TABLE'
          ORDER BY c.table_name`,
    );
    const usage: TableBytes[] = [];
    // One table at a time: inside a transaction they share its one connection.
    for (const name of ['companies', ...tables.map((t) => t.table_name)]) {
      const column = name === 'companies' ? 'id' : 'company_id';
      const row = await this.db.one<{ rows: number; bytes: string }>(
        sql`SELECT count(*)::int AS rows, coalesce(sum(pg_column_size(t.*)), 0)::bigint AS bytes
            FROM ${raw(`"${name}"`)} t WHERE ${raw(column)} = ${companyId}`,
      );
      usage.push({ name, rows: row!.rows, bytes: Number(row!.bytes) });
    }
    return usage;
  }
}

export const toMb = (bytes: number) => Math.round((bytes / (1024 * 1024)) * 1000) / 1000;
