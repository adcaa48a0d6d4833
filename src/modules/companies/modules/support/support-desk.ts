import { Injectable } from '@nestjs/common';
import { Transactional } from '@nestjs-cls/transactional';
import type { AuthContext } from '../../../../core/auth/auth-context';
import { AppException, found } from '../../../../core/http/app.exception';
import type { Page } from '../../../../core/pagination/page';
import type { PageQueryDto } from '../../../../core/pagination/page-query.dto';
import type { CreateMessageDto, DeskMessageDto, DeskTicketDto, MessageDto } from './dto/support.dto';
import { DeskFilter, SupportRepository } from './support.repository';
import { SupportService } from './support.service';

/**
 * The operators' desk (CONTRACT 21): every company's tickets for the platform's administrators.
 * Posting and closing go through SupportService, so the limits and final states of CONTRACT 8
 * are one implementation on both sides.
 */
@Injectable()
export class SupportDesk {
  constructor(
    private readonly support: SupportService,
    private readonly tickets: SupportRepository,
  ) {}

  list(filter: DeskFilter, query: PageQueryDto): Promise<Page<DeskTicketDto>> {
    return this.tickets.deskList(filter, query);
  }

  async get(ticketId: string): Promise<DeskTicketDto> {
    return found(await this.tickets.deskTicket(ticketId), 'Ticket');
  }

  /** Assigns the ticket to `adminId`, or (null) to nobody. */
  async assign(ticketId: string, adminId: string | null): Promise<DeskTicketDto> {
    if (!(await this.tickets.assign(ticketId, adminId))) throw AppException.notFound('Ticket');
    return this.get(ticketId);
  }

  /** A closed ticket: unchanged; a revoked one: 409 (CONTRACT 8's final states). */
  async close(ticketId: string): Promise<DeskTicketDto> {
    await this.support.update(await this.companyOf(ticketId), ticketId, { status: 'closed' });
    return this.get(ticketId);
  }

  /** Newest first, as the company's own list; the console reads a bare array (CONTRACT 21). */
  async messages(ticketId: string, query: PageQueryDto): Promise<MessageDto[]> {
    return (await this.support.listMessages(await this.companyOf(ticketId), ticketId, query)).itemObjects();
  }

  /** As technical support, under CONTRACT 8's limits (a pending ticket; three in a row). */
  async post(auth: AuthContext, ticketId: string, dto: CreateMessageDto): Promise<DeskMessageDto> {
    const companyId = await this.companyOf(ticketId);
    return { ...(await this.support.post(companyId, auth, ticketId, dto)), company_id: companyId };
  }

  /** The caller's own message of a pending ticket; another's: 403. */
  @Transactional()
  async edit(auth: AuthContext, ticketId: string, messageId: string, text: string): Promise<DeskMessageDto> {
    const companyId = await this.ownMessage(auth, ticketId, messageId);
    return this.tickets.editText(companyId, ticketId, messageId, text);
  }

  @Transactional()
  async remove(auth: AuthContext, ticketId: string, messageId: string): Promise<DeskMessageDto> {
    const companyId = await this.ownMessage(auth, ticketId, messageId);
    return this.tickets.deleteMessage(companyId, ticketId, messageId);
  }

  private async companyOf(ticketId: string): Promise<string> {
    return found(await this.tickets.companyOfTicket(ticketId), 'Ticket');
  }

  /** The ticket held (as posting holds it) and still pending, and the message the caller's; its company. */
  private async ownMessage(auth: AuthContext, ticketId: string, messageId: string): Promise<string> {
    const companyId = await this.companyOf(ticketId);
    const status = found(await this.tickets.lockTicket(companyId, ticketId), 'Ticket');
    const author = found(await this.tickets.messageAuthor(companyId, ticketId, messageId), 'Message');
    if (author !== auth.account.id) throw AppException.forbidden("Only the message's author changes it");
    if (status !== 'pending') throw AppException.conflict(`The ticket is ${status}: its messages are final`);
    return companyId;
  }
}
