import { Column, Entity, Index } from 'typeorm';
import { CompanyOwnedEntity } from '../../../companies/companies.face';
import { CompanyReference } from '../../../../../database/company-reference';
import { EnumColumn, MetadataColumn } from '../../../../../core/openapi/columns';

/** Status of a category and of a unit: nothing in the catalog is deleted, only deactivated. */
export const CATALOG_STATUSES = ['active', 'inactive'] as const;
export type CatalogStatus = (typeof CATALOG_STATUSES)[number];

/**
 * A catalog category: a node of the company's category tree. `name` is unique within the
 * company; `parent_id` references a category of the same company (the composite key makes the
 * database refuse another company's). The list is by name, so its indexes end with it.
 */
@Entity('catalog_categories')
@Index('catalog_categories_search_trgm_idx', { synchronize: false })
@Index('catalog_categories_company_id_name_key', ['company_id', 'name'], { unique: true })
@Index('catalog_categories_company_id_id_key', ['company_id', 'id'], { unique: true })
@Index('catalog_categories_company_parent_name_idx', ['company_id', 'parent_id', 'name'])
export class CatalogCategoryEntity extends CompanyOwnedEntity {
  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'text', nullable: true })
  comment: string | null;

  @EnumColumn(CATALOG_STATUSES, { length: 16, default: 'active' })
  status: string;

  /** Null for a root category. */
  @Column({ type: 'uuid', nullable: true })
  parent_id: string | null;

  @CompanyReference(() => CatalogCategoryEntity)
  parent?: CatalogCategoryEntity;

  @MetadataColumn()
  metadata: object | null;
}
