import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { EnumColumn } from '../openapi/columns';
import { MAIL_KINDS } from './mail-kinds';

export const MAIL_STATUSES = ['pending', 'sent', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/**
 * One message the platform owes a person (CONTRACT 23): written in the transaction of the change
 * that causes it, claimed by the senders (core/outbox's claimDueRows). Its values
 * (`params`, a one-time code or link among them) are dropped once it is sent. The console lists
 * it by status, kind or recipient (`mail_outbox_recipient_idx` is on `lower(recipient)`: migration).
 */
@Entity('mail_outbox')
@Index('mail_outbox_due_idx', ['next_attempt_at'], { where: "status = 'pending'" })
@Index('mail_outbox_created_at_idx', ['created_at', 'id'])
@Index('mail_outbox_status_idx', ['status', 'created_at', 'id'])
@Index('mail_outbox_kind_idx', ['kind', 'created_at', 'id'])
@Index('mail_outbox_recipient_idx', { synchronize: false })
export class MailMessageEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @EnumColumn(MAIL_KINDS, { length: 32 })
  kind: string;

  @Column({ type: 'varchar', length: 254 })
  recipient: string;

  @EnumColumn(['ru', 'en'], { length: 2 })
  locale: string;

  /** The template's values; null once sent. */
  @Column({ type: 'jsonb', nullable: true })
  params: Record<string, string> | null;

  @EnumColumn(MAIL_STATUSES, { length: 16, default: 'pending' })
  status: string;

  @Column({ type: 'int', default: 0 })
  attempts: number;

  @Column({ type: 'varchar', length: 500, nullable: true })
  last_error: string | null;

  /** When the next attempt is due; null once sent or failed. */
  @Column({ type: 'timestamptz', nullable: true, default: () => 'now()' })
  next_attempt_at: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  sent_at: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;
}
