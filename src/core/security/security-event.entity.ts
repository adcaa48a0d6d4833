import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { EnumColumn } from '../openapi/columns';

/** The events of CONTRACT 20, each one log line and one row. */
export const SECURITY_EVENTS = [
  'sign_in',
  'fingerprint.sign_in',
  'refresh.reused',
  'password.changed',
  'password.reset',
  'api_key.created',
  'api_key.revoked',
  'fingerprint.created',
  'fingerprint.revoked',
  'webhook.secret_created',
  'webhook.secret_rotated',
] as const;
export type SecurityEventName = (typeof SECURITY_EVENTS)[number];

/** `refused`: a limit turned the attempt away before it was tried (a throttled sign-in). */
export const SECURITY_OUTCOMES = ['success', 'failure', 'refused'] as const;
export type SecurityOutcome = (typeof SECURITY_OUTCOMES)[number];

/**
 * One security event of an account (CONTRACT 20), listed to its owner for 90 days. No foreign
 * key: core knows no module's tables, and the record outlives what it tells of.
 */
@Entity('security_events')
@Index('security_events_account_created_at_idx', ['account_id', 'created_at', 'id'])
export class SecurityEventEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** Null when the attempt named no known account. */
  @Column({ type: 'uuid', nullable: true })
  account_id: string | null;

  @EnumColumn(SECURITY_EVENTS, { length: 32 })
  event: SecurityEventName;

  @EnumColumn(SECURITY_OUTCOMES, { length: 16 })
  outcome: SecurityOutcome;

  @Column({ type: 'varchar', length: 64, nullable: true })
  ip: string | null;

  @Column({ type: 'text', nullable: true })
  user_agent: string | null;

  @Column({ type: 'varchar', length: 128, nullable: true })
  request_id: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;
}
