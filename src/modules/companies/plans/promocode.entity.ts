import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import { PricingPlanEntity } from './pricing-plan.entity';

/**
 * A code that starts a plan's trial at once (CONTRACT 21), used in `POST /companies` and
 * `POST …/pricing/migrate`; `used_count` never passes `max_uses`. The code is unique
 * case-insensitively: `promocodes_code_key` is a unique index on `lower(code)` (migration).
 */
@Entity('promocodes')
@Index('promocodes_code_key', { synchronize: false })
@Index('promocodes_created_at_idx', ['created_at', 'id'])
export class PromocodeEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'varchar', length: 64 })
  code: string;

  @Index('promocodes_plan_code_idx')
  @Column({ type: 'varchar', length: 32 })
  plan_code: string;

  @ManyToOne(() => PricingPlanEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'plan_code', foreignKeyConstraintName: 'promocodes_plan_code_fkey' })
  plan?: PricingPlanEntity;

  @Column({ type: 'int' })
  trial_period_days: number;

  /** Null: unlimited. */
  @Column({ type: 'int', nullable: true })
  max_uses: number | null;

  @Column({ type: 'int', default: 0 })
  used_count: number;

  /** Null: never. */
  @Column({ type: 'timestamptz', nullable: true })
  expires_at: Date | null;

  @Column({ type: 'boolean', default: true })
  active: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
