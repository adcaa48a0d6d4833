import { Body, Controller, Get, HttpCode, HttpStatus, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CompanyAccess, CurrentCompany } from '../../../core/access/company-access';
import { CompanyResources, RequirePermission } from '../../../core/access/company-route.decorators';
import { ApiEnvelope, ApiPage } from '../../../core/openapi/api-envelope.decorator';
import { ClientsService } from './clients.service';
import { ClientDetailDto, CreateClientDto, ListClientsQueryDto, UpdateClientDto } from './dto/client.dto';
import { CrmClientEntity } from './client.entity';

@ApiTags('CRM')
@Controller('companies/:id/modules/crm/clients')
@CompanyResources({ clientId: CrmClientEntity })
export class ClientsController {
  constructor(private readonly clients: ClientsService) {}

  @Get()
  @RequirePermission('crm.clients')
  @ApiOperation({ summary: 'Clients, newest first, filtered by type, status, source and search' })
  @ApiPage('clients', ClientDetailDto)
  list(@CurrentCompany() company: CompanyAccess, @Query() query: ListClientsQueryDto) {
    return this.clients.list(company, query);
  }

  @Post()
  @RequirePermission('crm.clients.create')
  @ApiOperation({ summary: 'Create a client (status active unless given)' })
  @ApiEnvelope(ClientDetailDto, { status: HttpStatus.CREATED })
  create(@CurrentCompany() company: CompanyAccess, @Body() body: CreateClientDto) {
    return this.clients.create(company, body);
  }

  @Get(':clientId')
  @RequirePermission('crm.clients')
  @ApiOperation({ summary: 'One client, with its whole source' })
  @ApiEnvelope(ClientDetailDto)
  get(@CurrentCompany() company: CompanyAccess, @Param('clientId') id: string) {
    return this.clients.get(company, id);
  }

  @Patch(':clientId')
  @RequirePermission('crm.clients.update')
  @ApiOperation({ summary: 'Change a client; only the fields sent change, null clears an optional one' })
  @ApiEnvelope(ClientDetailDto)
  update(@CurrentCompany() company: CompanyAccess, @Param('clientId') id: string, @Body() body: UpdateClientDto) {
    return this.clients.update(company, id, body);
  }

  @Post(':clientId/activate')
  @HttpCode(HttpStatus.OK)
  @RequirePermission('crm.clients.update')
  @ApiOperation({ summary: 'Make the client active (no change if it already is)' })
  @ApiEnvelope(ClientDetailDto)
  activate(@CurrentCompany() company: CompanyAccess, @Param('clientId') id: string) {
    return this.clients.setStatus(company, id, 'active');
  }

  @Post(':clientId/deactivate')
  @HttpCode(HttpStatus.OK)
  @RequirePermission('crm.clients.update')
  @ApiOperation({ summary: 'Make the client inactive (no change if it already is)' })
  @ApiEnvelope(ClientDetailDto)
  deactivate(@CurrentCompany() company: CompanyAccess, @Param('clientId') id: string) {
    return this.clients.setStatus(company, id, 'inactive');
  }
}
