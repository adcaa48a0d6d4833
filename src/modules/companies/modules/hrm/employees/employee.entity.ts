import { Column, Entity, Index } from 'typeorm';
import { CompanyOwnedEntity } from '../../../companies/companies.face';
import { EnumColumn } from '../../../../../core/openapi/columns';
import { Reference } from '../../../../../database/company-reference';

export const EMPLOYEE_STATUSES = ['active', 'inactive'] as const;
export type EmployeeStatus = (typeof EMPLOYEE_STATUSES)[number];

/**
 * An employee card; a linked platform account holds the permissions of the card's positions.
 * Every index starts with company_id: the list order (created_at, id) for the unfiltered list and
 * the analytics' window; status first for the status filter and the analytics' status counts; a
 * bare company_id index, the smallest, for exact totals (index-only counts); and a trigram index
 * for `search` (created by hand in the migration Hrm: TypeORM cannot describe it). See docs/hrm.md.
 */
@Entity('employees')
@Index('employees_name_trgm_idx', { synchronize: false })
@Index('employees_company_id_idx', ['company_id'])
@Index('employees_company_id_created_at_idx', ['company_id', 'created_at', 'id'])
@Index('employees_company_status_created_at_idx', ['company_id', 'status', 'created_at', 'id'])
@Index('employees_company_account_key', ['company_id', 'account_id'], { unique: true, where: 'account_id IS NOT NULL' })
@Index('employees_search_trgm_idx', { synchronize: false })
export class EmployeeEntity extends CompanyOwnedEntity {
  @Column({ type: 'varchar', length: 100 })
  first_name: string;

  @Column({ type: 'varchar', length: 100, nullable: true })
  last_name: string | null;

  /** Work e-mail, stored lower-cased. */
  @Column({ type: 'varchar', length: 254, nullable: true })
  email: string | null;

  /** Work phone, stored as given. */
  @Column({ type: 'varchar', length: 32, nullable: true })
  phone: string | null;

  @EnumColumn(EMPLOYEE_STATUSES, { length: 16, default: 'active' })
  status: string;

  /** The linked platform account, null when none. */
  @Column({ type: 'uuid', nullable: true })
  account_id: string | null;

  @Reference('accounts', 'SET NULL') account?: unknown;

  /** When the account was linked, null when none is. */
  @Column({ type: 'timestamptz', nullable: true })
  linked_at: Date | null;
}
