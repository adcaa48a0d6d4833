import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * The platform audit trail (CONTRACT 21): one record per change made through the operators'
 * console, written in the change's transaction. Indexes end with the list order, one per filter.
 */
@Entity('admin_logs')
@Index('admin_logs_created_at_idx', ['created_at', 'id'])
@Index('admin_logs_admin_created_at_idx', ['admin_id', 'created_at'])
@Index('admin_logs_key_created_at_idx', ['key', 'created_at'])
export class AdminLogEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** The administrator; kept as a plain id so the record outlives the account. */
  @Column({ type: 'uuid' })
  admin_id: string;

  /** The route's action, e.g. `accounts.promote_admin`. */
  @Column({ type: 'varchar', length: 64 })
  key: string;

  @Column({ type: 'varchar', length: 128, nullable: true })
  request_id: string | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  ip: string | null;

  @Column({ type: 'text', nullable: true })
  user_agent: string | null;

  /** Method, path, the path's ids, the fields sent (secrets blanked) and the id of what was changed. */
  @Column({ type: 'jsonb', default: () => "'{}'" })
  metadata: Record<string, unknown>;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;
}
