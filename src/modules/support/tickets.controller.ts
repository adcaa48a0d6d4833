import { Body, Controller, Get, HttpStatus, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CompanyAccess, CurrentCompany } from '../../core/access/company-access';
import { CompanyResources, RequirePermission } from '../../core/access/company-route.decorators';
import { AuthContext, CurrentAuth } from '../../core/auth/auth-context';
import { ApiEnvelope, ApiPage } from '../../core/openapi/api-envelope.decorator';
import { CreateTicketDto, ListTicketsQueryDto, TicketDto, UpdateTicketDto } from './dto/support.dto';
import { SupportService } from './support.service';
import { SupportTicketEntity } from './ticket.entity';
import { ApiErrors } from '../../core/openapi/api-errors.decorator';

/** Administrators (technical support) use these routes in every company without being members. */
@ApiTags('Support')
@Controller('companies/:id/modules/support/tickets')
@CompanyResources({ ticketId: SupportTicketEntity })
export class TicketsController {
  constructor(private readonly support: SupportService) {}

  @Get()
  @RequirePermission('support.tickets', { admins: 'allowed' })
  @ApiOperation({ summary: 'Tickets, newest first, each with its last message; filtered by status and theme' })
  @ApiPage('tickets', TicketDto)
  list(@CurrentCompany() company: CompanyAccess, @Query() query: ListTicketsQueryDto) {
    return this.support.list(company, query);
  }

  @Post()
  @RequirePermission('support.tickets.create')
  @ApiOperation({ summary: 'Open a ticket (pending; the text is its first message). An 11th pending ticket: 409' })
  @ApiEnvelope(TicketDto, { status: HttpStatus.CREATED })
  @ApiErrors({ limit_exceeded: 'the company already has the most pending tickets allowed' })
  create(@CurrentCompany() company: CompanyAccess, @CurrentAuth() auth: AuthContext, @Body() body: CreateTicketDto) {
    return this.support.create(company, auth, body);
  }

  @Get(':ticketId')
  @RequirePermission('support.tickets', { admins: 'allowed' })
  @ApiOperation({ summary: 'One ticket with its last message' })
  @ApiEnvelope(TicketDto)
  get(@CurrentCompany() company: CompanyAccess, @Param('ticketId') id: string) {
    return this.support.get(company, id);
  }

  @Patch(':ticketId')
  @RequirePermission('support.tickets.update', { admins: 'allowed' })
  @ApiOperation({ summary: 'Close or revoke a pending ticket; closed and revoked are final (409)' })
  @ApiEnvelope(TicketDto)
  @ApiErrors({ conflict: 'closed and revoked tickets are final' })
  update(@CurrentCompany() company: CompanyAccess, @Param('ticketId') id: string, @Body() body: UpdateTicketDto) {
    return this.support.update(company, id, body);
  }
}
