import { Column, Entity, Index } from 'typeorm';
import { AccountSecretEntity } from '../accounts/accounts.face';

/** A temporary key that lets a third party sign in to the account without its password. */
@Entity('fingerprints')
@Index('fingerprints_account_id_created_at_idx', ['account_id', 'created_at', 'id'])
@Index('fingerprints_key_hash_key', ['key_hash'], { unique: true })
export class FingerprintEntity extends AccountSecretEntity {
  /** Null: it never expires. */
  @Column({ type: 'timestamptz', nullable: true })
  expires_at: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  deactivated_at: Date | null;

  /** Last sign-in with it. */
  @Column({ type: 'timestamptz', nullable: true })
  last_used_at: Date | null;
}
