import { Column, Entity, PrimaryColumn } from 'typeorm';
import { Reference } from '../../../database/company-reference';
import { AccountEntity } from './account.entity';

/**
 * The messages an account lets through (CONTRACT 23); no row means every one. The confirmation
 * code, reset link, password change and invitations are always sent.
 */
@Entity('account_notifications')
export class AccountNotificationsEntity {
  @PrimaryColumn({ type: 'uuid' })
  account_id: string;

  @Reference(() => AccountEntity, 'CASCADE') account?: AccountEntity;

  /** A password sign-in from an address and user agent not used in 90 days. */
  @Column({ type: 'boolean', default: true })
  new_sign_in: boolean;

  /** An answer in one of the account's support tickets. */
  @Column({ type: 'boolean', default: true })
  support_answers: boolean;

  /** Administrators (level 4 or more): new tickets and messages, partner applications, purchases waiting. */
  @Column({ type: 'boolean', default: true })
  admin_alerts: boolean;
}
