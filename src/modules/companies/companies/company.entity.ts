import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { Reference } from '../../../database/company-reference';

@Entity('companies')
/** The operators' console lists every company newest first (CONTRACT 21). */
@Index('companies_created_at_idx', ['created_at', 'id'])
// Trigram indexes (migrations AccountTotals, LoweredNames) serve the console's search by name or slug.
@Index('companies_name_trgm_idx', { synchronize: false })
@Index('companies_slug_trgm_idx', { synchronize: false })
// A trigram index of the live companies' ids as text (migration CompanyIdsByText) serves the console's search of bucket names.
@Index('companies_id_trgm_idx', { synchronize: false })
@Index('companies_public_created_at_idx', ['created_at', 'id'], { where: 'is_public AND deleting_at IS NULL' })
@Index('companies_live_created_at_idx', ['created_at', 'id'], { where: 'deleting_at IS NULL' })
/** The console counts the paying companies whose plan has not expired (migration CompanyStoreTotals). */
@Index('companies_paying_expires_at_idx', ['plan_expires_at'], { where: 'NOT plan_is_trial AND deleting_at IS NULL' })
export class CompanyEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  /** The name lower-cased, kept by a trigger (migration LoweredNames): the console's search reads it. */
  @Column({ type: 'text', select: false, insert: false, update: false })
  name_lowered: string;

  @Index('companies_slug_key', { unique: true })
  @Column({ type: 'varchar', length: 63 })
  slug: string;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column({ type: 'text', nullable: true })
  avatar_url: string | null;

  @Column({ type: 'boolean', default: false })
  is_public: boolean;

  @Column({ type: 'varchar', length: 100, nullable: true })
  region: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  site: string | null;

  @Column({ type: 'varchar', length: 254, nullable: true })
  email: string | null;

  @Index('companies_owner_id_idx')
  @Column({ type: 'uuid' })
  owner_id: string;

  @Reference('accounts', 'RESTRICT') owner?: unknown;

  @Column({ type: 'varchar', length: 32 })
  plan_code: string;

  @Reference('pricing_plans', 'RESTRICT', 'plan_code') plan?: unknown;

  @Column({ type: 'timestamptz' })
  plan_expires_at: Date;

  /** When the current plan period began (the trial's start, or the last plan change). */
  @Column({ type: 'timestamptz', default: () => 'now()' })
  plan_started_at: Date;

  /** Whether the current period is the free trial a company starts with. */
  @Column({ type: 'boolean', default: false })
  plan_is_trial: boolean;

  /** Set when deletion began: the company is gone for every caller; a sweeper finishes the job. */
  @Column({ type: 'timestamptz', nullable: true })
  deleting_at: Date | null;

  /**
   * The company's stored objects and their bytes, kept with every stored or removed object
   * (an upload's share is reserved before it starts and released if it fails), so statistics
   * and plan limits never list a bucket. See docs/storage.md.
   */
  @Column({ type: 'integer', default: 0 })
  objects_count: number;

  @Column({ type: 'bigint', default: 0 })
  objects_bytes: string;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
