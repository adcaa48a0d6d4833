import { Column, Entity, Index } from 'typeorm';
import { AccountSecretEntity } from '../accounts/account-secret.entity';

/** A temporary key that lets a third party sign in to the account without its password. */
@Entity('fingerprints')
@Index('fingerprints_account_id_created_at_idx', ['account_id', 'created_at', 'id'])
@Index('fingerprints_key_hash_key', ['key_hash'], { unique: true })
export class FingerprintEntity extends AccountSecretEntity {
  @Column({ type: 'timestamptz' })
  expires_at: Date;

  @Column({ type: 'timestamptz', nullable: true })
  deactivated_at: Date | null;
}
