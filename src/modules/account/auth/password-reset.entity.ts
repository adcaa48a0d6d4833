import { Column, Entity, Index } from 'typeorm';
import { HashedTokens } from '../../../database/hashed-tokens';
import { Reference } from '../../../database/company-reference';

/** A mailed password-reset token, as its SHA-256: single use, valid one hour. */
@Entity('password_resets')
export class PasswordResetEntity extends HashedTokens('password_resets') {
  @Index('password_resets_account_id_idx')
  @Column({ type: 'uuid' })
  account_id: string;

  @Reference('accounts', 'CASCADE') account?: unknown;

  @Column({ type: 'timestamptz' })
  expires_at: Date;

  @Column({ type: 'timestamptz', nullable: true })
  used_at: Date | null;
}
