import { Column, CreateDateColumn, Entity, Index, UpdateDateColumn } from 'typeorm';
import { SupportTicketEntity } from './ticket.entity';
import { CompanyReference } from '../../../../database/company-reference';
import { CompanyRowEntity } from '../../companies/companies.face';

/**
 * A message of a ticket: a CompanyRowEntity with timestamps of its own (not CompanyOwnedEntity's,
 * TypeORM keeps a base class's column over a subclass's). Its one index serves the message list,
 * the ticket's last message and the run of its latest authors.
 */
@Entity('support_messages')
@Index('support_messages_company_ticket_created_at_idx', ['company_id', 'ticket_id', 'created_at', 'id'])
export class SupportMessageEntity extends CompanyRowEntity {
  @Column({ type: 'uuid', update: false })
  ticket_id: string;

  @CompanyReference(() => SupportTicketEntity, 'CASCADE')
  ticket?: SupportTicketEntity;

  /** The author (a plain id, see SupportTicketEntity.initiator_id). */
  @Column({ type: 'uuid', update: false })
  account_id: string;

  @Column({ type: 'text', update: false })
  text: string;

  @Column({ type: 'boolean', default: false })
  read: boolean;

  /** Sent by technical support: a platform administrator. */
  @Column({ type: 'boolean', default: false, update: false })
  is_tech: boolean;

  /**
   * The time of the insert itself, not of its transaction's start (now()): a ticket's messages
   * are inserted one at a time under the ticket's lock, so this order is the order of the
   * inserts, which the run limit and last_message rely on.
   */
  @CreateDateColumn({ type: 'timestamptz', default: () => 'clock_timestamp()' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz', default: () => 'clock_timestamp()' })
  updated_at: Date;
}
