import { Body, Controller, Get, HttpStatus, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CompanyAccess, CurrentCompany } from '../../../../../core/access/company-access';
import { CompanyResources } from '../../../../../core/access/company-route.decorators';
import { ClientsService } from './clients.service';
import { ClientDetailDto, CreateClientDto, ListClientsQueryDto, UpdateClientDto } from './dto/client.dto';
import { CrmClientEntity } from './client.entity';
import { Endpoint } from '../../../../../core/openapi/endpoint.decorator';
import { StatusRoutes } from '../../../../../core/http/status-routes';

@ApiTags('CRM')
@Controller('companies/:id/modules/crm/clients')
@CompanyResources({ clientId: CrmClientEntity })
export class ClientsController extends StatusRoutes({
  param: 'clientId',
  permission: 'crm.clients.update',
  answer: ClientDetailDto,
  routes: {
    activate: { status: 'active', summary: 'Make the client active (no change if it already is)' },
    deactivate: { status: 'inactive', summary: 'Make the client inactive (no change if it already is)' },
  },
}) {
  constructor(private readonly clients: ClientsService) {
    super();
  }

  /** Clients, newest first, filtered by type, status, source and search */
  @Get()
  @Endpoint({ permission: 'crm.clients', page: ['clients', ClientDetailDto] })
  list(@CurrentCompany() company: CompanyAccess, @Query() query: ListClientsQueryDto) {
    return this.clients.list(company, query);
  }

  /** Create a client (status active unless given) */
  @Post()
  @Endpoint({ permission: 'crm.clients.create', answer: ClientDetailDto, status: HttpStatus.CREATED })
  create(@CurrentCompany() company: CompanyAccess, @Body() body: CreateClientDto) {
    return this.clients.create(company, body);
  }

  /** One client, with its whole source */
  @Get(':clientId')
  @Endpoint({ permission: 'crm.clients', answer: ClientDetailDto })
  get(@CurrentCompany() company: CompanyAccess, @Param('clientId') id: string) {
    return this.clients.get(company, id);
  }

  /** Change a client; only the fields sent change, null clears an optional one */
  @Patch(':clientId')
  @Endpoint({ permission: 'crm.clients.update', answer: ClientDetailDto })
  update(@CurrentCompany() company: CompanyAccess, @Param('clientId') id: string, @Body() body: UpdateClientDto) {
    return this.clients.update(company, id, body);
  }

  setStatus(company: CompanyAccess, id: string, status: Parameters<ClientsService['setStatus']>[2]) {
    return this.clients.setStatus(company, id, status);
  }
}
