import { Body, Controller, Get, HttpStatus, Param, Query } from '@nestjs/common';
import { Post, Patch } from '../../../../core/http/verbs';
import { ApiTags } from '@nestjs/swagger';
import { CompanyAccess, CurrentCompany } from '../../../../core/access/company-access';
import { CompanyResources } from '../../../../core/access/company-route.decorators';
import { PreparesFirst } from '../../../../core/audit/staged-write';
import { AuthContext, CurrentAuth } from '../../../../core/auth/auth-context';
import { CreateTicketDto, ListTicketsQueryDto, TicketDto, UpdateTicketDto } from './dto/support.dto';
import { SupportService } from './support.service';
import { SupportTicketEntity } from './ticket.entity';
import { Endpoint } from '../../../../core/openapi/endpoint.decorator';

/** Administrators (technical support) use these routes in every company without being members. */
@ApiTags('Support')
@Controller('companies/:id/modules/support/tickets')
@CompanyResources({ ticketId: SupportTicketEntity })
export class TicketsController {
  constructor(private readonly support: SupportService) {}

  /** Tickets, newest first, each with its last message; filtered by status and theme */
  @Get()
  @Endpoint({ permission: 'support.tickets', admins: 'allowed', page: ['tickets', TicketDto] })
  list(@CurrentCompany() company: CompanyAccess, @Query() query: ListTicketsQueryDto) {
    return this.support.list(company.companyId, query);
  }

  /** Open a ticket (pending; the text is its first message). An 11th pending ticket: 409 */
  @Post()
  @PreparesFirst()
  @Endpoint({
    permission: 'support.tickets.create',
    answer: TicketDto,
    status: HttpStatus.CREATED,
    errors: { limit_exceeded: 'the company already has the most pending tickets allowed' },
  })
  create(@CurrentCompany() company: CompanyAccess, @CurrentAuth() auth: AuthContext, @Body() body: CreateTicketDto) {
    return this.support.create(company.companyId, auth, body);
  }

  /** One ticket with its last message */
  @Get(':ticketId')
  @Endpoint({ permission: 'support.tickets', admins: 'allowed', answer: TicketDto })
  get(@CurrentCompany() company: CompanyAccess, @Param('ticketId') id: string) {
    return this.support.get(company.companyId, id);
  }

  /** Close or revoke a pending ticket, or replace its attachments; closed and revoked are final (409) */
  @Patch(':ticketId')
  @PreparesFirst()
  @Endpoint({
    permission: 'support.tickets.update',
    admins: 'allowed',
    answer: TicketDto,
    errors: { conflict: 'closed and revoked tickets are final' },
  })
  update(@CurrentCompany() company: CompanyAccess, @Param('ticketId') id: string, @Body() body: UpdateTicketDto) {
    return this.support.change(company.companyId, id, body);
  }
}
