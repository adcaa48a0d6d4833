import { Body, Controller, Get, HttpStatus, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CompanyAccess, CurrentCompany } from '../../core/access/company-access';
import { CompanyResources, RequirePermission } from '../../core/access/company-route.decorators';
import { AuthContext, CurrentAuth } from '../../core/auth/auth-context';
import { ApiEnvelope, ApiPage } from '../../core/openapi/api-envelope.decorator';
import { PageQueryDto } from '../../core/pagination/page-query.dto';
import { CreateMessageDto, MessageDto, UpdateMessageDto } from './dto/support.dto';
import { SupportMessageEntity } from './message.entity';
import { SupportService } from './support.service';
import { SupportTicketEntity } from './ticket.entity';
import { ApiErrors } from '../../core/openapi/api-errors.decorator';

/** Administrators (technical support) read and answer here in every company; their messages carry is_tech. */
@ApiTags('Support')
@Controller('companies/:id/modules/support/tickets/:ticketId/messages')
@CompanyResources({ ticketId: SupportTicketEntity, messageId: SupportMessageEntity })
export class MessagesController {
  constructor(private readonly support: SupportService) {}

  @Get()
  @RequirePermission('support.tickets', { admins: 'allowed' })
  @ApiOperation({ summary: "The ticket's messages, newest first" })
  @ApiPage('messages', MessageDto)
  list(@CurrentCompany() company: CompanyAccess, @Param('ticketId') ticketId: string, @Query() query: PageQueryDto) {
    return this.support.listMessages(company, ticketId, query);
  }

  @Post()
  @RequirePermission('support.tickets.update', { admins: 'allowed' })
  @ApiOperation({
    summary: 'Post a message. A closed or revoked ticket: 409 conflict; a 4th message in a row: 409 limit_exceeded',
  })
  @ApiEnvelope(MessageDto, { status: HttpStatus.CREATED })
  @ApiErrors({ conflict: 'the ticket is closed or revoked' })
  post(
    @CurrentCompany() company: CompanyAccess,
    @CurrentAuth() auth: AuthContext,
    @Param('ticketId') ticketId: string,
    @Body() body: CreateMessageDto,
  ) {
    return this.support.post(company, auth, ticketId, body);
  }

  @Patch(':messageId')
  @RequirePermission('support.tickets.update', { admins: 'allowed' })
  @ApiOperation({ summary: 'Mark a message read or unread' })
  @ApiEnvelope(MessageDto)
  update(
    @CurrentCompany() company: CompanyAccess,
    @Param('ticketId') ticketId: string,
    @Param('messageId') id: string,
    @Body() body: UpdateMessageDto,
  ) {
    return this.support.setRead(company, ticketId, id, body);
  }
}
