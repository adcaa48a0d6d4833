import { Injectable } from '@nestjs/common';
import { Where } from '../../../../../core/pagination/list';
import { Page } from '../../../../../core/pagination/page';
import { Db } from '../../../../../database/db';
import { raw, sql } from '../../../../../database/sql';
import { Table } from '../../../../../database/table';
import { TransactionCategoryEntity } from './category.entity';
import type { CategoryDto, CreateCategoryDto, ListCategoriesQueryDto, UpdateCategoryDto } from './dto/category.dto';
import { CompanyTableRows } from '../../../../../core/records/company-table-rows';

const categories = new Table(TransactionCategoryEntity);

/**
 * The four categories every company starts with (CONTRACT 14). The migration Finance gave the
 * companies that already existed the same rows.
 */
export const SYSTEM_CATEGORIES = [
  { slug: 'credit', direction: 'income', name: 'Доход по кредитам' },
  { slug: 'dept', direction: 'expense', name: 'Расход по займам' },
  { slug: 'deal-income', direction: 'income', name: 'Доход по сделкам' },
  { slug: 'deal-expense', direction: 'expense', name: 'Расход по сделкам' },
] as const;
export type SystemCategorySlug = (typeof SYSTEM_CATEGORIES)[number]['slug'];

@Injectable()
export class CategoriesRepository extends CompanyTableRows<TransactionCategoryEntity, CategoryDto> {
  constructor(db: Db) {
    super(db, categories);
  }

  async createSystemCategories(companyId: string): Promise<void> {
    for (const category of SYSTEM_CATEGORIES) {
      await this.db.affected(categories.insert({ ...category, company_id: companyId, system: true }));
    }
  }

  /** A category made through the API: its slug is `category-<its id>`. */
  async create(companyId: string, category: CreateCategoryDto): Promise<CategoryDto> {
    return (await this.db.one<CategoryDto>(
      sql`WITH new AS (SELECT gen_random_uuid() AS id)
          INSERT INTO transaction_categories (id, company_id, name, direction, description, slug)
          SELECT new.id, ${companyId}, ${category.name}, ${category.direction}, ${category.description ?? null},
            'category-' || new.id FROM new
          RETURNING ${this.returned}`,
    ))!;
  }

  list(companyId: string, query: ListCategoriesQueryDto): Promise<Page<CategoryDto>> {
    const where = new Where(sql`c.company_id = ${companyId}`)
      .equals('c.direction', query.direction)
      .contains(`(c.name || ' ' || coalesce(c.description, ''))`, query.search);
    return this.page('c', where, 'c.system DESC, c.name, c.id', query);
  }

  findBySlug(companyId: string, slug: string): Promise<CategoryDto | null> {
    return this.db.one(
      sql`SELECT ${this.returned} FROM transaction_categories WHERE slug = ${slug} AND company_id = ${companyId}`,
    );
  }

  /**
   * The category, locked until the transaction ends: FOR SHARE while a transaction is written
   * against it, FOR UPDATE while its direction changes, so the two never interleave.
   */
  locked(companyId: string, id: string, mode: 'share' | 'update'): Promise<CategoryDto | null> {
    return this.db.one(
      sql`SELECT ${this.returned} FROM transaction_categories WHERE id = ${id} AND company_id = ${companyId}
          FOR ${raw(mode === 'share' ? 'SHARE' : 'UPDATE')}`,
    );
  }

  /** Whether any transaction uses the category. */
  async isUsed(companyId: string, id: string): Promise<boolean> {
    const row = await this.db.one(
      sql`SELECT 1 FROM transactions WHERE company_id = ${companyId} AND category_id = ${id} LIMIT 1`,
    );
    return row !== null;
  }

  /** Changes the fields sent of a category that is not a system one. */
  update(companyId: string, id: string, changes: UpdateCategoryDto): Promise<CategoryDto | null> {
    const set = categories.assignments(changes, ['name', 'description', 'direction']);
    if (!set) return this.findOne(companyId, id);
    return this.db.one(
      sql`UPDATE transaction_categories SET ${set}, updated_at = now()
          WHERE id = ${id} AND company_id = ${companyId} AND NOT system RETURNING ${this.returned}`,
    );
  }

  /** Deletes a category that is not a system one; a used one is refused by the foreign key. */
  async delete(companyId: string, id: string): Promise<boolean> {
    return (
      (await this.db.affected(
        sql`DELETE FROM transaction_categories WHERE id = ${id} AND company_id = ${companyId} AND NOT system`,
      )) > 0
    );
  }
}
