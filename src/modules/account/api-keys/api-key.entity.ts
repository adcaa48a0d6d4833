import { Column, Entity, Index } from 'typeorm';
import { AccountSecretEntity } from '../accounts/accounts.face';

/** Programmatic access for an account, metered per UTC day (api_key_usage). */
@Entity('api_keys')
@Index('api_keys_account_id_created_at_idx', ['account_id', 'created_at', 'id'])
@Index('api_keys_key_hash_key', ['key_hash'], { unique: true })
export class ApiKeyEntity extends AccountSecretEntity {
  /** Application name. */
  @Column({ type: 'varchar', length: 100 })
  name: string;

  /** Maximum requests per UTC day. */
  @Column({ type: 'int' })
  daily_requests: number;

  @Column({ type: 'timestamptz', nullable: true })
  last_used_at: Date | null;

  /** Null when the key never expires. */
  @Column({ type: 'timestamptz', nullable: true })
  expires_at: Date | null;

  /** Null while the key is not revoked. */
  @Column({ type: 'timestamptz', nullable: true })
  revoked_at: Date | null;
}
