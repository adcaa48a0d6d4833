import { Injectable } from '@nestjs/common';
import { Where } from '../../../../../core/pagination/list';
import { Page } from '../../../../../core/pagination/page';
import { Db } from '../../../../../database/db';
import { sql } from '../../../../../database/sql';
import { Table } from '../../../../../database/table';
import { CatalogCategoryEntity } from './category.entity';
import type { CatalogCategoryDto, ListCatalogCategoriesQueryDto } from './dto/category.dto';
import { CompanyTableRows } from '../../../../../core/records/company-table-rows';

export const categories = new Table(CatalogCategoryEntity);

@Injectable()
export class CatalogCategoriesRepository extends CompanyTableRows<CatalogCategoryEntity, CatalogCategoryDto> {
  constructor(db: Db) {
    super(db, categories);
  }

  list(companyId: string, query: ListCatalogCategoriesQueryDto): Promise<Page<CatalogCategoryDto>> {
    const where = new Where(sql`c.company_id = ${companyId}`).equals('c.status', query.status);
    if (query.parent_id === null) where.and(sql`c.parent_id IS NULL`);
    else where.equals('c.parent_id', query.parent_id);
    if (query.search !== undefined) where.contains(`(c.name || ' ' || coalesce(c.comment, ''))`, query.search);
    return this.page('c', where, 'c.name, c.id', query);
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
}
