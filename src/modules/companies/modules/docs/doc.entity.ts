import { Column, Entity, Index } from 'typeorm';
import { CompanyOwnedEntity } from '../../companies/companies.face';
import { EnumColumn } from '../../../../core/openapi/columns';

/** The modules a document may come from (spec 2, Doc). */
export const DOC_MODULES = ['fm', 'crm', 'hrm', 'wm', 'dm'] as const;
export type DocModule = (typeof DOC_MODULES)[number];

/**
 * A generated document: its file is in the company's bucket at `object_path`. A row is written
 * only after its file is stored (docs/documents.md). Indexes start with company_id and end with
 * the list order, so a page is an index walk.
 */
@Entity('docs')
@Index('docs_search_trgm_idx', { synchronize: false })
@Index('docs_company_id_idx', ['company_id'])
@Index('docs_company_id_created_at_idx', ['company_id', 'created_at', 'id'])
@Index('docs_company_module_created_at_idx', ['company_id', 'module', 'created_at', 'id'])
@Index('docs_company_object_path_key', ['company_id', 'object_path'], { unique: true })
export class DocEntity extends CompanyOwnedEntity {
  /** Path of the file in the company's bucket: `<module>/<type>/<yyyy>/<mm>/<uuid>.<ext>`. */
  @Column({ type: 'varchar', length: 300 })
  object_path: string;

  @EnumColumn(DOC_MODULES, { length: 8, nullable: true })
  module: string | null;

  /** The document type, e.g. report or invoice. */
  @Column({ type: 'varchar', length: 32, nullable: true })
  type: string | null;

  /** The comment given at generation. */
  @Column({ type: 'varchar', length: 1000, nullable: true })
  comment: string | null;
}
