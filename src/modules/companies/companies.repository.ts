import { Injectable } from '@nestjs/common';
import { PageQueryDto } from '../../core/pagination/page-query.dto';
import { assignments } from '../../database/sql';
import { selectPage } from '../../database/select-page';
import { Db, InjectDb } from '../../database/transaction-host';
import type { CompanyDto, PublicCompanyDto } from './dto/company.dto';

export interface TableBytes {
  name: string;
  rows: number;
  bytes: number;
}

const COMPANY_COLUMNS = `c.id, c.name, c.slug, c.description, c.avatar_url, c.is_public, c.region, c.site, c.email,
  c.owner_id, m.role, c.plan_code, c.plan_expires_at, m.joined_at, c.created_at, c.updated_at`;
const PUBLIC_COLUMNS = 'id, name, slug, description, avatar_url, region, site';
const UPDATABLE = ['name', 'slug', 'description', 'is_public', 'region', 'site', 'email'] as const;

export interface NewCompany {
  name: string;
  slug: string;
  description: string | null;
  isPublic: boolean;
  region: string | null;
  site: string | null;
  email: string | null;
  ownerId: string;
  planCode: string;
  planExpiresAt: Date;
}

/** Thrown by the repository when a slug is taken; the service decides what that means. */
export class SlugTakenError extends Error {}

const isUniqueViolation = (error: unknown, constraint: string) =>
  (error as { code?: string; constraint?: string }).code === '23505' &&
  (error as { constraint?: string }).constraint === constraint;

@Injectable()
export class CompaniesRepository {
  constructor(@InjectDb() private readonly db: Db) {}

  /** Creates the company with its owner as first member. */
  async create(company: NewCompany): Promise<string> {
    try {
      const [{ id }] = await this.db.tx.query(
        `INSERT INTO companies (name, slug, description, is_public, region, site, email, owner_id, plan_code, plan_expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
        [
          company.name,
          company.slug,
          company.description,
          company.isPublic,
          company.region,
          company.site,
          company.email,
          company.ownerId,
          company.planCode,
          company.planExpiresAt,
        ],
      );
      await this.db.tx.query(`INSERT INTO company_members (company_id, account_id, role) VALUES ($1, $2, 'owner')`, [
        id,
        company.ownerId,
      ]);
      return id;
    } catch (error) {
      if (isUniqueViolation(error, 'companies_slug_key')) throw new SlugTakenError();
      throw error;
    }
  }

  async slugExists(slug: string): Promise<boolean> {
    const [row] = await this.db.tx.query(`SELECT 1 FROM companies WHERE slug = $1`, [slug]);
    return row !== undefined;
  }

  /** The company as its member `accountId` sees it. */
  async findForMember(companyId: string, accountId: string): Promise<CompanyDto | null> {
    const [row] = await this.db.tx.query(
      `SELECT ${COMPANY_COLUMNS} FROM companies c
       JOIN company_members m ON m.company_id = c.id AND m.account_id = $2
       WHERE c.id = $1 AND c.deleting_at IS NULL`,
      [companyId, accountId],
    );
    return row ?? null;
  }

  listForMember(accountId: string, query: PageQueryDto): Promise<{ items: CompanyDto[]; total: number }> {
    return selectPage(
      this.db,
      {
        select: COMPANY_COLUMNS,
        from: 'company_members m JOIN companies c ON c.id = m.company_id AND c.deleting_at IS NULL',
        where: 'm.account_id = $1',
        orderBy: 'c.created_at DESC, c.id DESC',
      },
      [accountId],
      query,
    );
  }

  listPublic(query: PageQueryDto): Promise<{ items: PublicCompanyDto[]; total: number }> {
    return selectPage(
      this.db,
      {
        select: PUBLIC_COLUMNS,
        from: 'companies',
        where: 'is_public AND deleting_at IS NULL',
        orderBy: 'created_at DESC, id DESC',
      },
      [],
      query,
    );
  }

  async update(companyId: string, changes: Record<string, unknown>): Promise<void> {
    const set = assignments(changes, UPDATABLE, 2);
    if (!set.sql) return;
    try {
      await this.db.tx.query(`UPDATE companies SET ${set.sql}, updated_at = now() WHERE id = $1`, [
        companyId,
        ...set.values,
      ]);
    } catch (error) {
      if (isUniqueViolation(error, 'companies_slug_key')) throw new SlugTakenError();
      throw error;
    }
  }

  async setPlan(companyId: string, planCode: string, expiresAt: Date): Promise<void> {
    await this.db.tx.query(
      `UPDATE companies SET plan_code = $2, plan_expires_at = $3, updated_at = now() WHERE id = $1`,
      [companyId, planCode, expiresAt],
    );
  }

  /** Hides the company from every caller; the purge then removes it. */
  async markForDeletion(companyId: string): Promise<void> {
    await this.db.tx.query(`UPDATE companies SET deleting_at = now() WHERE id = $1 AND deleting_at IS NULL`, [
      companyId,
    ]);
  }

  /**
   * Locks a company marked for deletion, waiting for the transaction that marked it to end.
   * False when it is not (or no longer) marked. The mark is checked on the locked row, not in
   * the WHERE: under READ COMMITTED a row filtered out on the old snapshot is never waited for.
   */
  async lockMarked(companyId: string): Promise<boolean> {
    const [row] = await this.db.tx.query(`SELECT deleting_at FROM companies WHERE id = $1 FOR UPDATE`, [companyId]);
    return row?.deleting_at != null;
  }

  /** Every row of the company goes with it: each company table references it ON DELETE CASCADE. */
  async deleteMarked(companyId: string): Promise<void> {
    await this.db.tx.query(`DELETE FROM companies WHERE id = $1 AND deleting_at IS NOT NULL`, [companyId]);
  }

  async markedForDeletion(olderThanSeconds: number): Promise<string[]> {
    const rows = await this.db.tx.query(
      `SELECT id FROM companies WHERE deleting_at < now() - make_interval(secs => $1) ORDER BY deleting_at LIMIT 100`,
      [olderThanSeconds],
    );
    return rows.map((row: { id: string }) => row.id);
  }

  /**
   * The company's own rows and their size in every table that has a company_id column (found
   * from the catalog, so new modules are counted without being listed here), plus its row in
   * companies. Sizes are the rows' on-disk width (pg_column_size), without index overhead.
   */
  async tableUsage(companyId: string): Promise<TableBytes[]> {
    const tables: Array<{ table_name: string }> = await this.db.tx.query(
      `SELECT table_name FROM information_schema.columns
       WHERE table_schema = current_schema() AND column_name = 'company_id' ORDER BY table_name`,
    );
    const names = ['companies', ...tables.map((t) => t.table_name)];
    return Promise.all(
      names.map(async (name) => {
        const column = name === 'companies' ? 'id' : 'company_id';
        const [row] = await this.db.tx.query(
          `SELECT count(*)::int AS rows, coalesce(sum(pg_column_size(t.*)), 0)::bigint AS bytes
           FROM "${name}" t WHERE ${column} = $1`,
          [companyId],
        );
        return { name, rows: row.rows, bytes: Number(row.bytes) };
      }),
    );
  }
}

export const toMb = (bytes: number) => Math.round((bytes / (1024 * 1024)) * 1000) / 1000;
