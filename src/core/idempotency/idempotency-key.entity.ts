import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * One `Idempotency-Key` of one account (CONTRACT 18): the request it was first sent with and,
 * once that request answered, the answer replayed to its repeats. `claim` is set while the first
 * request runs; the answer is written by the holder of the claim only.
 */
@Entity('idempotency_keys')
@Index('idempotency_keys_account_key_idx', ['account_id', 'key'], { unique: true })
@Index('idempotency_keys_expires_at_idx', ['expires_at'])
export class IdempotencyKeyEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** No foreign key: the row is forgotten within a day whatever becomes of the account. */
  @Column({ type: 'uuid' })
  account_id: string;

  @Column({ type: 'varchar', length: 255 })
  key: string;

  @Column({ type: 'varchar', length: 8 })
  method: string;

  @Column({ type: 'text' })
  path: string;

  /**
   * SHA-256 of the body's canonical JSON (keys sorted): the same value, however spelled; of a
   * streamed (multipart) body's raw bytes, null until its first request's answer is stored.
   */
  @Column({ type: 'char', length: 64, nullable: true })
  body_hash: string | null;

  /** The running request's claim; null once its answer is stored. */
  @Column({ type: 'uuid', nullable: true })
  claim: string | null;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  claimed_at: Date;

  @Column({ type: 'smallint', nullable: true })
  status_code: number | null;

  /** `{message, data, error}` of the answer; without `data` when it revealed a secret. */
  @Column({ type: 'jsonb', nullable: true })
  answer: Record<string, unknown> | null;

  /** The answer revealed a secret once: its repeats answer 409 idempotency_replay_unavailable. */
  @Column({ type: 'boolean', default: false })
  reveals_secret: boolean;

  @Column({ type: 'timestamptz' })
  expires_at: Date;
}
