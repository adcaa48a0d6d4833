import { Column, Entity, Index } from 'typeorm';
import { CompanyOwnedEntity } from '../../../companies/companies.face';
import { EnumColumn } from '../../../../../core/openapi/columns';

export const DIRECTIONS = ['income', 'expense'] as const;
export type Direction = (typeof DIRECTIONS)[number];

/**
 * A transaction category (CONTRACT 14). Every company has four system categories (slugs
 * `credit`, `dept`, `deal-income`, `deal-expense`), created with the company; the others get
 * the slug `category-<id>`. `(company_id, id)` is unique so that transactions reference a
 * category together with their own company (the database refuses another company's category and
 * the deletion of a used one).
 */
@Entity('transaction_categories')
@Index('transaction_categories_name_trgm_idx', { synchronize: false })
@Index('transaction_categories_search_trgm_idx', { synchronize: false })
@Index('transaction_categories_company_id_id_key', ['company_id', 'id'], { unique: true })
@Index('transaction_categories_company_slug_key', ['company_id', 'slug'], { unique: true })
@Index('transaction_categories_company_order_idx', ['company_id', 'system', 'name', 'id'])
export class TransactionCategoryEntity extends CompanyOwnedEntity {
  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @EnumColumn(DIRECTIONS, { length: 16 })
  direction: string;

  /** One of the four categories every company starts with: never changed or deleted. */
  @Column({ type: 'boolean', default: false, update: false })
  system: boolean;

  /** `credit`, `dept`, `deal-income`, `deal-expense`, or `category-<id>`; never changes. */
  @Column({ type: 'varchar', length: 64, update: false })
  slug: string;
}
