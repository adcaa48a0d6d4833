import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';
import { OwningCompany } from '../../../database/company-reference';

/** One change's event (CONTRACT 19), written in the change's transaction; its deliveries say where it goes. */
@Entity('webhook_events')
@Index('webhook_events_company_id_created_at_idx', ['company_id', 'created_at'])
export class WebhookEventEntity {
  @PrimaryColumn({ type: 'uuid' })
  id: string;

  @Column({ type: 'uuid' })
  company_id: string;

  @OwningCompany() company?: unknown;

  /** The change's audit key. */
  @Column({ type: 'varchar', length: 64 })
  type: string;

  /** The event exactly as it is posted: `{id, type, company_id, created_at, request_id, data}`. */
  @Column({ type: 'jsonb' })
  payload: Record<string, unknown>;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;
}
