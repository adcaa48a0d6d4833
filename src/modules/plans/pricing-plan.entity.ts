import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

@Entity('pricing_plans')
export class PricingPlanEntity {
  @PrimaryColumn({ type: 'varchar', length: 32 })
  code: string;

  @Column({ type: 'int', unique: true })
  lvl: number;

  @Column({ type: 'int' })
  pricePerMonth: number;

  @Column({ type: 'int' })
  pricePerYear: number;

  @Column({ type: 'varchar', length: 3, default: 'RUB' })
  priceCurrency: string;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'text', default: '' })
  description: string;

  @Column({ type: 'int' })
  limitDbMb: number;

  @Column({ type: 'int' })
  limitObjectsMb: number;

  @Column({ type: 'int' })
  limitObjectsCount: number;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
