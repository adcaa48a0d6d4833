import { Column, Entity, PrimaryColumn } from 'typeorm';
import { Reference } from '../../../database/company-reference';

/**
 * An (address, user agent) pair an account signed up or signed in from, kept as a hash only:
 * the first password sign-in from a pair unused for 90 days mails an alert (CONTRACT 23).
 */
@Entity('sign_in_pairs')
export class SignInPairEntity {
  @PrimaryColumn({ type: 'uuid' })
  account_id: string;

  @Reference('accounts', 'CASCADE') account?: unknown;

  /** SHA-256 (hex) of the address and user agent. */
  @PrimaryColumn({ type: 'varchar', length: 64 })
  pair_hash: string;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  last_used_at: Date;
}
