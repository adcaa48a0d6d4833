import { Column, Entity, Index } from 'typeorm';
import { AccountSecretEntity } from '../accounts/account-secret.entity';

/** A temporary key that lets a third party sign in to the account without its password. */
@Entity('fingerprints')
@Index('fingerprints_account_id_created_at_idx', ['accountId', 'createdAt', 'id'])
@Index('fingerprints_key_hash_key', ['keyHash'], { unique: true })
export class FingerprintEntity extends AccountSecretEntity {
  @Column({ type: 'timestamptz' })
  expiresAt: Date;

  @Column({ type: 'timestamptz', nullable: true })
  deactivatedAt: Date | null;
}
