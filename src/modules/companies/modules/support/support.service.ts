import { Injectable } from '@nestjs/common';
import { Transactional } from '@nestjs-cls/transactional';
import { RecordAttachments } from '../../../../core/attachments/record-attachments';
import type { StagedWrite } from '../../../../core/audit/staged-write';
import { AuthContext } from '../../../../core/auth/auth-context';
import { MailOutbox } from '../../../../core/mail/mail-outbox';
import { AppException, found } from '../../../../core/http/app.exception';
import { Page } from '../../../../core/pagination/page';
import { PageQueryDto } from '../../../../core/pagination/page-query.dto';
import {
  CreateMessageDto,
  CreateTicketDto,
  ListTicketsQueryDto,
  MessageDto,
  TicketDto,
  UpdateMessageDto,
  UpdateTicketDto,
} from './dto/support.dto';
import { SupportRepository, TICKET_RECORDS } from './support.repository';

/** Spec section 8. */
export const MAX_PENDING_TICKETS = 10;
export const MAX_MESSAGES_IN_ROW = 3;

/**
 * Tickets and their messages (spec 4.4, CONTRACT 8). Both limits are checked under a lock taken
 * in the inserting transaction (the company's ticket creations, the ticket's messages), so they
 * hold for concurrent requests on any number of instances.
 */
@Injectable()
export class SupportService {
  constructor(
    private readonly support: SupportRepository,
    private readonly mail: MailOutbox,
    private readonly attachments: RecordAttachments,
  ) {}

  list(companyId: string, query: ListTicketsQueryDto): Promise<Page<TicketDto>> {
    return this.support.list(companyId, query);
  }

  async get(companyId: string, id: string): Promise<TicketDto> {
    return found(await this.support.findTicket(companyId, id), 'Ticket');
  }

  /** Opens a ticket, its attachments checked in the store first (outside the transaction that writes it). */
  create(companyId: string, auth: AuthContext, dto: CreateTicketDto): Promise<StagedWrite<TicketDto>> {
    return this.attachments.staged(companyId, TICKET_RECORDS, dto.attachments, () => this.open(companyId, auth, dto));
  }

  /** A pending ticket whose opening text is its first message; the 11th pending one is refused. */
  @Transactional()
  private async open(companyId: string, auth: AuthContext, dto: CreateTicketDto): Promise<TicketDto> {
    await this.support.lockTicketCreation(companyId);
    if ((await this.support.countPending(companyId)) >= MAX_PENDING_TICKETS) {
      throw new AppException(
        'limit_exceeded',
        `The company already has ${MAX_PENDING_TICKETS} pending tickets; close or revoke one first`,
      );
    }
    const ticket = await this.support.createTicket({
      company_id: companyId,
      initiator_id: auth.account.id,
      theme: dto.theme,
    });
    const opening = await this.support.createMessage({
      company_id: companyId,
      ticket_id: ticket.id,
      account_id: auth.account.id,
      text: dto.text,
      is_tech: auth.account.is_admin,
    });
    await this.mailAbout(companyId, ticket.id, auth, dto.text);
    // The opening message's author is the initiator.
    return { ...ticket, initiator: opening.account, last_message: opening, attachments: [] };
  }

  /** The company's change of a ticket: {@link update}, its attachments checked in the store first. */
  change(companyId: string, id: string, dto: UpdateTicketDto): Promise<StagedWrite<TicketDto>> {
    return this.attachments.staged(companyId, TICKET_RECORDS, dto.attachments, () => this.update(companyId, id, dto));
  }

  /**
   * pending → closed | revoked; the status the ticket already has: unchanged; anything else: 409.
   * Attachments (written by the caller) change only on a pending ticket, or one this change closes.
   */
  async update(companyId: string, id: string, dto: UpdateTicketDto): Promise<TicketDto> {
    if (dto.status !== undefined && dto.status !== 'pending') {
      const moved = await this.support.moveFromPending(companyId, id, dto.status);
      if (moved) return moved;
    }
    const ticket = await this.get(companyId, id);
    if (dto.status !== undefined && ticket.status !== dto.status) {
      throw AppException.conflict(`A ${ticket.status} ticket cannot become ${dto.status}`);
    }
    if (dto.attachments !== undefined && ticket.status !== 'pending') {
      throw AppException.conflict(`A ${ticket.status} ticket is final: its attachments do not change`);
    }
    return ticket;
  }

  listMessages(companyId: string, ticketId: string, query: PageQueryDto): Promise<Page<MessageDto>> {
    return this.support.listMessages(companyId, ticketId, query);
  }

  /**
   * Posts to a pending ticket (409 conflict otherwise). The author's 4th message in a row is
   * refused: a run ends with a message by any other account, technical support included.
   */
  @Transactional()
  async post(companyId: string, auth: AuthContext, ticketId: string, dto: CreateMessageDto): Promise<MessageDto> {
    const status = found(await this.support.lockTicket(companyId, ticketId), 'Ticket');
    if (status !== 'pending') throw AppException.conflict(`The ticket is ${status}: it takes no more messages`);
    const latest = await this.support.latestAuthors(companyId, ticketId, MAX_MESSAGES_IN_ROW);
    if (latest.length === MAX_MESSAGES_IN_ROW && latest.every((author) => author === auth.account.id)) {
      throw new AppException(
        'limit_exceeded',
        `At most ${MAX_MESSAGES_IN_ROW} messages in a row; wait for an answer before writing again`,
      );
    }
    const message = await this.support.createMessage({
      company_id: companyId,
      ticket_id: ticketId,
      account_id: auth.account.id,
      text: dto.text,
      is_tech: auth.account.is_admin,
    });
    await this.mailAbout(companyId, ticketId, auth, dto.text);
    return message;
  }

  /**
   * In the message's transaction (CONTRACT 23): an answer by anyone but the initiator mails the
   * initiator; a message by anyone but an administrator alerts technical support.
   */
  private async mailAbout(companyId: string, ticketId: string, auth: AuthContext, text: string): Promise<void> {
    const ticket = await this.support.mailContext(companyId, ticketId, auth.account.id);
    const params = {
      ticket: ticket.theme,
      ticket_id: ticketId,
      company: ticket.company,
      company_id: companyId,
      author: ticket.author,
      text,
    };
    if (ticket.initiator_id !== auth.account.id)
      await this.mail.toAccount('support_answer', ticket.initiator_id, params);
    if (!auth.account.is_admin) await this.mail.toAdministrators('support_alert', params);
  }

  async setRead(companyId: string, ticketId: string, id: string, dto: UpdateMessageDto): Promise<MessageDto> {
    return found(await this.support.setRead(companyId, ticketId, id, dto.read), 'Message');
  }
}
