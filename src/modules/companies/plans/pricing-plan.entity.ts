import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

@Entity('pricing_plans')
export class PricingPlanEntity {
  @PrimaryColumn({ type: 'varchar', length: 32 })
  code: string;

  @Column({ type: 'int', unique: true })
  lvl: number;

  @Column({ type: 'int' })
  price_per_month: number;

  @Column({ type: 'int' })
  price_per_year: number;

  @Column({ type: 'varchar', length: 3, default: 'RUB' })
  price_currency: string;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'text', default: '' })
  description: string;

  @Column({ type: 'int' })
  limit_db_mb: number;

  @Column({ type: 'int' })
  limit_objects_mb: number;

  @Column({ type: 'int' })
  limit_objects_count: number;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
