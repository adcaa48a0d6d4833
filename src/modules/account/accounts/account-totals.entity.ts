import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * How many accounts there are, kept by triggers on `accounts` (migration AccountTotals): the
 * console's list of every account answers its exact total without counting a million rows.
 * One row, `id` true.
 */
@Entity('account_totals')
export class AccountTotalsEntity {
  @PrimaryColumn({ type: 'boolean', default: true })
  id: boolean;

  @Column({ type: 'bigint' })
  total: string;
}
