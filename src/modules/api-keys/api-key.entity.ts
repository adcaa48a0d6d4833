import { Column, Entity, Index } from 'typeorm';
import { AccountSecretEntity } from '../accounts/account-secret.entity';

/** Programmatic access for an account, metered per UTC day (api_key_usage). */
@Entity('api_keys')
@Index('api_keys_account_id_created_at_idx', ['accountId', 'createdAt', 'id'])
@Index('api_keys_key_hash_key', ['keyHash'], { unique: true })
export class ApiKeyEntity extends AccountSecretEntity {
  /** Application name. */
  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'int' })
  dailyRequests: number;

  @Column({ type: 'timestamptz', nullable: true })
  lastUsedAt: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  expiresAt: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  revokedAt: Date | null;
}
