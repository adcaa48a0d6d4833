import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * How many of today's accounts signed up on each UTC day, kept by triggers on `accounts`
 * (migration AccountSignupDays): the console's sign-ups by day read a few rows a day, not every
 * account of the window. A day's count is the sum of its slots, over which concurrent writers
 * spread.
 */
@Entity('account_signup_days')
export class AccountSignupDayEntity {
  @PrimaryColumn({ type: 'date', primaryKeyConstraintName: 'PK_account_signup_days' })
  day: string;

  @PrimaryColumn({ type: 'smallint', primaryKeyConstraintName: 'PK_account_signup_days' })
  slot: number;

  @Column({ type: 'bigint' })
  total: string;
}
