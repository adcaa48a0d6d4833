import { Body, Controller, Get, HttpStatus, Param, Query } from '@nestjs/common';
import { Post, Patch } from '../../../../core/http/verbs';
import { ApiTags } from '@nestjs/swagger';
import { CompanyAccess, CurrentCompany } from '../../../../core/access/company-access';
import { CompanyResources } from '../../../../core/access/company-route.decorators';
import { AuthContext, CurrentAuth } from '../../../../core/auth/auth-context';
import { PageQueryDto } from '../../../../core/pagination/page-query.dto';
import { CreateMessageDto, MessageDto, UpdateMessageDto } from './dto/support.dto';
import { SupportMessageEntity } from './message.entity';
import { SupportService } from './support.service';
import { SupportTicketEntity } from './ticket.entity';
import { Endpoint } from '../../../../core/openapi/endpoint.decorator';

/** Administrators (technical support) read and answer here in every company; their messages carry is_tech. */
@ApiTags('Support')
@Controller('companies/:id/modules/support/tickets/:ticketId/messages')
@CompanyResources({ ticketId: SupportTicketEntity, messageId: SupportMessageEntity })
export class MessagesController {
  constructor(private readonly support: SupportService) {}

  /** The ticket's messages, newest first */
  @Get()
  @Endpoint({ permission: 'support.tickets', admins: 'allowed', page: ['messages', MessageDto] })
  list(@CurrentCompany() company: CompanyAccess, @Param('ticketId') ticketId: string, @Query() query: PageQueryDto) {
    return this.support.listMessages(company.companyId, ticketId, query);
  }

  /** Post a message. A closed or revoked ticket: 409 conflict; a 4th message in a row: 409 limit_exceeded */
  @Post()
  @Endpoint({
    permission: 'support.tickets.update',
    admins: 'allowed',
    answer: MessageDto,
    status: HttpStatus.CREATED,
    errors: { conflict: 'the ticket is closed or revoked' },
  })
  post(
    @CurrentCompany() company: CompanyAccess,
    @CurrentAuth() auth: AuthContext,
    @Param('ticketId') ticketId: string,
    @Body() body: CreateMessageDto,
  ) {
    return this.support.post(company.companyId, auth, ticketId, body);
  }

  /** Mark a message read or unread */
  @Patch(':messageId')
  @Endpoint({ permission: 'support.tickets.update', admins: 'allowed', answer: MessageDto })
  update(
    @CurrentCompany() company: CompanyAccess,
    @Param('ticketId') ticketId: string,
    @Param('messageId') id: string,
    @Body() body: UpdateMessageDto,
  ) {
    return this.support.setRead(company.companyId, ticketId, id, body);
  }
}
