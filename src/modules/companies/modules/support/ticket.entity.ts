import { Column, Entity, Index } from 'typeorm';
import { CompanyOwnedEntity } from '../../companies/companies.face';
import { EnumColumn } from '../../../../core/openapi/columns';

export const TICKET_THEMES = [
  'technical_issue',
  'billing_payment',
  'access_rights',
  'feature_request',
  'consultation',
] as const;
export type TicketTheme = (typeof TICKET_THEMES)[number];

/** pending → closed | revoked; closed and revoked are final (CONTRACT 8). */
export const TICKET_STATUSES = ['pending', 'closed', 'revoked'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/**
 * A support ticket. Every index starts with company_id and ends with the list order
 * (created_at, id): one for the unfiltered list (and its index-only count), one per filter; the
 * status one also counts the company's pending tickets for the limit. `(company_id, id)` is
 * unique so that messages reference their ticket together with their company.
 */
@Entity('support_tickets')
@Index('support_tickets_company_id_id_key', ['company_id', 'id'], { unique: true })
@Index('support_tickets_company_created_at_idx', ['company_id', 'created_at', 'id'])
@Index('support_tickets_company_status_created_at_idx', ['company_id', 'status', 'created_at', 'id'])
@Index('support_tickets_company_theme_created_at_idx', ['company_id', 'theme', 'created_at', 'id'])
// The operators' desk lists every company's tickets (CONTRACT 21): newest first, by status, by assignee.
@Index('support_tickets_created_at_idx', ['created_at', 'id'])
@Index('support_tickets_status_created_at_idx', ['status', 'created_at', 'id'])
@Index('support_tickets_assigned_admin_created_at_idx', ['assigned_admin_id', 'created_at', 'id'])
export class SupportTicketEntity extends CompanyOwnedEntity {
  /**
   * The account that opened the ticket. A plain id, like an audit record's: the conversation is
   * the company's and outlives its author's membership.
   */
  @Column({ type: 'uuid', update: false })
  initiator_id: string;

  @EnumColumn(TICKET_THEMES, { length: 32 })
  theme: string;

  @EnumColumn(TICKET_STATUSES, { length: 16, default: 'pending' })
  status: string;

  /** The administrator of the operators' desk answering it (CONTRACT 21); a plain id, like initiator_id. */
  @Column({ type: 'uuid', nullable: true })
  assigned_admin_id: string | null;
}
