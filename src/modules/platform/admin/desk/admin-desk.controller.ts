import { Body, Controller, Get, HttpCode, HttpStatus, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AdminRoute } from '../../../../core/access/admin-route.decorators';
import { AuthContext, CurrentAuth } from '../../../../core/auth/auth-context';
import { UuidParam } from '../../../../core/http/validation';
import { Delete, Patch, Post } from '../../../../core/http/verbs';
import { Endpoint } from '../../../../core/openapi/endpoint.decorator';
import { PageQueryDto } from '../../../../core/pagination/page-query.dto';
import {
  CreateMessageDto,
  DeskMessageDto,
  DeskTicketDto,
  MessageDto,
  SupportDesk,
} from '../../../companies/modules/support/support.face';
import { AdminDeskService } from './admin-desk.service';
import { AssignTicketDto, ListDeskTicketsQueryDto } from './dto/desk.dto';

const TICKET_CHANGE = 'support.tickets.update' as const;

/** The support desk: every company's tickets, answered as technical support (CONTRACT 8 and 21). */
@ApiTags('Admin')
@Controller('admin/tickets')
export class AdminDeskController {
  constructor(
    private readonly tickets: SupportDesk,
    private readonly assignments: AdminDeskService,
  ) {}

  /** Every company's tickets, newest first */
  @Get()
  @AdminRoute(4)
  @Endpoint({ page: ['tickets', DeskTicketDto] })
  list(@Query() query: ListDeskTicketsQueryDto) {
    const { status, company_id, assigned_admin_id } = query;
    return this.tickets.list({ status, company_id, assigned_admin_id }, query);
  }

  /** A ticket */
  @Get(':ticketId')
  @AdminRoute(4)
  @Endpoint({ answer: DeskTicketDto })
  get(@UuidParam('ticketId') ticketId: string) {
    return this.tickets.get(ticketId);
  }

  /** Assign the ticket to the caller, or to another administrator */
  @Post(':ticketId/assign')
  @HttpCode(HttpStatus.OK)
  @AdminRoute(4, { action: 'tickets.assign', companyRecord: TICKET_CHANGE })
  @Endpoint({ answer: DeskTicketDto })
  assign(@CurrentAuth() auth: AuthContext, @UuidParam('ticketId') ticketId: string, @Body() body: AssignTicketDto) {
    return this.assignments.assign(auth, ticketId, body.admin_id);
  }

  /** Leave the ticket to nobody */
  @Post(':ticketId/unassign')
  @HttpCode(HttpStatus.OK)
  @AdminRoute(4, { action: 'tickets.unassign', companyRecord: TICKET_CHANGE })
  @Endpoint({ answer: DeskTicketDto })
  unassign(@UuidParam('ticketId') ticketId: string) {
    return this.tickets.assign(ticketId, null);
  }

  /** Close the ticket (a closed one: unchanged) */
  @Post(':ticketId/close')
  @HttpCode(HttpStatus.OK)
  @AdminRoute(4, { action: 'tickets.close', companyRecord: TICKET_CHANGE })
  @Endpoint({ answer: DeskTicketDto, errors: { conflict: 'the ticket is revoked' } })
  close(@UuidParam('ticketId') ticketId: string) {
    return this.tickets.close(ticketId);
  }

  /** The ticket's messages, newest first (a bare array) */
  @Get(':ticketId/messages')
  @AdminRoute(4)
  @Endpoint({ answer: [MessageDto] })
  messages(@UuidParam('ticketId') ticketId: string, @Query() query: PageQueryDto) {
    return this.tickets.messages(ticketId, query);
  }

  /** Answer as technical support (CONTRACT 8's limits hold) */
  @Post(':ticketId/messages')
  @AdminRoute(4, { action: 'tickets.messages.create', companyRecord: TICKET_CHANGE })
  @Endpoint({
    answer: DeskMessageDto,
    status: HttpStatus.CREATED,
    errors: {
      conflict: 'the ticket is closed or revoked',
      limit_exceeded: 'the caller wrote the last 3 messages of the ticket',
    },
  })
  post(@CurrentAuth() auth: AuthContext, @UuidParam('ticketId') ticketId: string, @Body() body: CreateMessageDto) {
    return this.tickets.post(auth, ticketId, body);
  }

  /** Edit the caller's own message */
  @Patch(':ticketId/messages/:messageId')
  @AdminRoute(4, { action: 'tickets.messages.update', companyRecord: TICKET_CHANGE })
  @Endpoint({
    answer: DeskMessageDto,
    errors: { forbidden: "the message is another account's", conflict: 'the ticket is closed or revoked' },
  })
  edit(
    @CurrentAuth() auth: AuthContext,
    @UuidParam('ticketId') ticketId: string,
    @UuidParam('messageId') messageId: string,
    @Body() body: CreateMessageDto,
  ) {
    return this.tickets.edit(auth, ticketId, messageId, body.text);
  }

  /** Delete the caller's own message; answers the deleted message */
  @Delete(':ticketId/messages/:messageId')
  @AdminRoute(4, { action: 'tickets.messages.delete', companyRecord: TICKET_CHANGE })
  @Endpoint({
    answer: DeskMessageDto,
    errors: { forbidden: "the message is another account's", conflict: 'the ticket is closed or revoked' },
  })
  remove(
    @CurrentAuth() auth: AuthContext,
    @UuidParam('ticketId') ticketId: string,
    @UuidParam('messageId') messageId: string,
  ) {
    return this.tickets.remove(auth, ticketId, messageId);
  }
}
