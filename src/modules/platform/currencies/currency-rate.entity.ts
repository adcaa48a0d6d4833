import { Check, Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** The price of one unit of a currency in RUB, as an administrator set it (CONTRACT 24). */
@Entity('currency_rates')
@Check('currency_rates_rate_positive', '"rate" > 0')
export class CurrencyRateEntity {
  @PrimaryColumn({ type: 'varchar', length: 8, primaryKeyConstraintName: 'PK_currency_rates_code' })
  code: string;

  @Column({ type: 'numeric' })
  rate: string;

  /** The administrator who set it (no foreign key: the record outlives the account). */
  @Column({ type: 'uuid', nullable: true })
  updated_by: string | null;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
