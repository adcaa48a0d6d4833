import { Column, CreateDateColumn, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { OwningCompany } from '../../../database/company-reference';

/**
 * The columns every company table starts with: its id and the company it belongs to (its rows go
 * when the company goes: the purge is one cascading DELETE). A table whose timestamps differ
 * from CompanyOwnedEntity's extends this (TypeORM keeps a base class's column over a subclass's).
 */
export abstract class CompanyRowEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** A row never moves to another company. */
  @Column({ type: 'uuid', update: false })
  company_id: string;

  @OwningCompany() company?: unknown;
}

/**
 * A company table's id, company and two timestamps. Each table still declares its own indexes,
 * every one starting with company_id.
 */
export abstract class CompanyOwnedEntity extends CompanyRowEntity {
  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
