import { Injectable } from '@nestjs/common';
import { listPage, Where } from '../../../core/pagination/list';
import { Page } from '../../../core/pagination/page';
import { Db } from '../../../database/db';
import { sql } from '../../../database/sql';
import { Row, Table } from '../../../database/table';
import { CatalogCategoryEntity } from './category.entity';
import type { CatalogCategoryDto, ListCatalogCategoriesQueryDto, UpdateCatalogCategoryDto } from './dto/category.dto';

export const categories = new Table(CatalogCategoryEntity);
/** A category as the API shows it (CatalogCategoryDto): every column but the company. */
const CATEGORY_COLUMNS = { except: ['company_id'] } as const;
const CATEGORY = categories.select(undefined, CATEGORY_COLUMNS);

@Injectable()
export class CatalogCategoriesRepository {
  constructor(private readonly db: Db) {}

  async create(companyId: string, category: Partial<Row<CatalogCategoryEntity>>): Promise<CatalogCategoryDto> {
    return (await this.db.one<CatalogCategoryDto>(
      sql`${categories.insert({ ...category, company_id: companyId })} RETURNING ${CATEGORY}`,
    ))!;
  }

  list(companyId: string, query: ListCatalogCategoriesQueryDto): Promise<Page<CatalogCategoryDto>> {
    const where = new Where(sql`c.company_id = ${companyId}`).equals('c.status', query.status);
    if (query.parent_id === null) where.and(sql`c.parent_id IS NULL`);
    else where.equals('c.parent_id', query.parent_id);
    if (query.search !== undefined) where.contains(`(c.name || ' ' || coalesce(c.comment, ''))`, query.search);
    return listPage(
      this.db,
      {
        from: 'catalog_categories c',
        where,
        orderBy: 'c.name, c.id',
        key: ['c.id'],
        select: categories.answer('c', CATEGORY_COLUMNS),
      },
      query,
    );
  }

  findOne(companyId: string, id: string): Promise<CatalogCategoryDto | null> {
    return this.db.one(sql`SELECT ${CATEGORY} FROM catalog_categories WHERE id = ${id} AND company_id = ${companyId}`);
  }

  /** Whether `id` is a category of the company. */
  async exists(companyId: string, id: string): Promise<boolean> {
    return (
      (await this.db.one(sql`SELECT 1 FROM catalog_categories WHERE id = ${id} AND company_id = ${companyId}`)) !== null
    );
  }

  /**
   * Serialises the changes of the company's category tree until the transaction ends, so two
   * concurrent moves cannot each pass the cycle check and together close a loop.
   */
  async lockTree(companyId: string): Promise<void> {
    await this.db.one(sql`SELECT pg_advisory_xact_lock(hashtext('catalog_categories.tree'), hashtext(${companyId}))`);
  }

  /** Whether `candidateId` is `rootId` itself or one of its descendants. */
  async inSubtree(companyId: string, rootId: string, candidateId: string): Promise<boolean> {
    const row = await this.db.one(
      sql`WITH RECURSIVE subtree(id) AS (
            SELECT id FROM catalog_categories WHERE id = ${rootId} AND company_id = ${companyId}
            UNION
            SELECT c.id FROM catalog_categories c JOIN subtree s ON c.parent_id = s.id
            WHERE c.company_id = ${companyId}
          )
          SELECT 1 FROM subtree WHERE id = ${candidateId}`,
    );
    return row !== null;
  }

  /** Changes the fields sent (updated_at with them). Null when there is no such category. */
  update(companyId: string, id: string, changes: UpdateCatalogCategoryDto): Promise<CatalogCategoryDto | null> {
    const set = categories.assignments(changes);
    if (!set) return this.findOne(companyId, id);
    return this.db.one(
      sql`UPDATE catalog_categories SET ${set}, updated_at = now()
          WHERE id = ${id} AND company_id = ${companyId} RETURNING ${CATEGORY}`,
    );
  }

  /** Sets the status; updated_at moves only when it changes. Null when there is no such category. */
  setStatus(companyId: string, id: string, status: string): Promise<CatalogCategoryDto | null> {
    return this.db.one(sql`${categories.setStatus(companyId, id, status)} RETURNING ${CATEGORY}`);
  }
}
