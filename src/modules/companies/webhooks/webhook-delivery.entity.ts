import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { WebhookEventEntity } from './webhook-event.entity';
import { WebhookEntity } from './webhook.entity';
import { EnumColumn } from '../../../core/openapi/columns';
import { Reference } from '../../../database/company-reference';

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/**
 * One event to one webhook: the outbox row the delivery workers claim (core/outbox's claimDueRows).
 * Its id is the `webhook-id` header, the same on every attempt.
 */
@Entity('webhook_deliveries')
@Index('webhook_deliveries_webhook_id_created_at_idx', ['webhook_id', 'created_at', 'id'])
@Index('webhook_deliveries_due_idx', ['next_attempt_at'], { where: "status = 'pending'" })
@Index('webhook_deliveries_event_id_idx', ['event_id'])
export class WebhookDeliveryEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'uuid' })
  webhook_id: string;

  /** The webhook's company (the rows go with the webhook), so a path's delivery is checked as the company's. */
  @Column({ type: 'uuid', update: false })
  company_id: string;

  @Reference(() => WebhookEntity, 'CASCADE') webhook?: WebhookEntity;

  @Column({ type: 'uuid' })
  event_id: string;

  @Reference(() => WebhookEventEntity, 'CASCADE') event?: WebhookEventEntity;

  /** `pending` while attempts remain. */
  @EnumColumn(DELIVERY_STATUSES, { length: 16, default: 'pending' })
  status: string;

  @Column({ type: 'int', default: 0 })
  attempts: number;

  /** The receiver's status of the last attempt; null when it did not answer. */
  @Column({ type: 'smallint', nullable: true })
  last_status_code: number | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  last_error: string | null;

  /** When the next attempt is due; null once delivered or failed. */
  @Column({ type: 'timestamptz', nullable: true, default: () => 'now()' })
  next_attempt_at: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  delivered_at: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;
}
