import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CompanyResources } from '../../../../../core/access/company-route.decorators';
import { activation, RecordRoutes } from '../../../../../core/http/record-routes';
import { ClientsService } from './clients.service';
import { ClientDetailDto, CreateClientDto, ListClientsQueryDto, UpdateClientDto } from './dto/client.dto';
import { CrmClientEntity } from './client.entity';

@ApiTags('CRM')
@Controller('companies/:id/modules/crm/clients')
@CompanyResources({ clientId: CrmClientEntity })
export class ClientsController extends RecordRoutes({
  service: ClientsService,
  param: 'clientId',
  permission: 'crm.clients',
  answer: ClientDetailDto,
  list: {
    key: 'clients',
    query: ListClientsQueryDto,
    summary: 'Clients, newest first, filtered by type, status, source and search',
  },
  create: {
    body: CreateClientDto,
    summary: 'Create a client (status active unless given), with the files it names',
    preparesFirst: true,
  },
  get: { summary: 'One client, with its whole source' },
  update: {
    body: UpdateClientDto,
    summary: 'Change a client; only the fields sent change, null clears an optional one, attachments replace its files',
    preparesFirst: true,
  },
  transitions: activation('client'),
}) {}
