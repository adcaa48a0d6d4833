import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * How many live companies were created on each UTC day, kept by triggers on `companies`
 * (migration CompanyCreationDays): a deep page of the console's companies starts at its day
 * (listed with `daysKept`), never walking every newer company. A day's count is the sum of its
 * slots, over which concurrent writers spread.
 */
@Entity('company_creation_days')
export class CompanyCreationDayEntity {
  @PrimaryColumn({ type: 'date', primaryKeyConstraintName: 'PK_company_creation_days' })
  day: string;

  @PrimaryColumn({ type: 'smallint', primaryKeyConstraintName: 'PK_company_creation_days' })
  slot: number;

  @Column({ type: 'bigint' })
  total: string;
}
