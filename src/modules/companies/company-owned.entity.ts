import { Column, CreateDateColumn, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { CompanyEntity } from './company.entity';

/**
 * The columns every company table starts with: its id, the company it belongs to (its rows go
 * when the company goes: the purge is one cascading DELETE), and the two timestamps. Each
 * table still declares its own indexes, every one starting with company_id.
 */
export abstract class CompanyOwnedEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** A row never moves to another company. */
  @Column({ type: 'uuid', update: false })
  company_id: string;

  @ManyToOne(() => CompanyEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'company_id' })
  company?: CompanyEntity;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
