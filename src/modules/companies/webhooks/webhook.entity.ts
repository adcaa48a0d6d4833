import { Column, Entity, Index } from 'typeorm';
import { CompanyOwnedEntity } from '../companies/companies.face';

/**
 * A company's subscription to its own changes (CONTRACT 19). The secrets sign deliveries, so
 * they are kept as they are (a hash could not sign) and never selected unless asked for.
 */
@Entity('webhooks')
@Index('webhooks_company_id_created_at_idx', ['company_id', 'created_at', 'id'])
export class WebhookEntity extends CompanyOwnedEntity {
  @Column({ type: 'varchar', length: 2048 })
  url: string;

  /** Audit keys (e.g. `crm.clients.create`) or `*`. */
  @Column({ type: 'text', array: true })
  events: string[];

  @Column({ type: 'varchar', length: 500, nullable: true })
  description: string | null;

  @Column({ type: 'boolean', default: true })
  active: boolean;

  /** `whsec_` + base64 of random bytes, shown once (at creation or rotation); stored sealed (SecretBox). */
  @Column({ type: 'varchar', length: 128, select: false })
  secret: string;

  /** The secret a rotation replaced: it keeps signing beside the new one until `previous_secret_until`. */
  @Column({ type: 'varchar', length: 128, nullable: true, select: false })
  previous_secret: string | null;

  @Column({ type: 'timestamptz', nullable: true, select: false })
  previous_secret_until: Date | null;

  /** Since when every delivery attempt failed (null after a success); 5 days of it deactivate the webhook. */
  @Column({ type: 'timestamptz', nullable: true, select: false })
  failing_since: Date | null;
}
