import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CompanyResources } from '../../../../../core/access/company-route.decorators';
import { RecordRoutes } from '../../../../../core/http/record-routes';
import { CreateSourceDto, ListSourcesQueryDto, SourceDto, UpdateSourceDto } from './dto/source.dto';
import { SourcesService } from './sources.service';
import { CrmSourceEntity } from './source.entity';

@ApiTags('CRM')
@Controller('companies/:id/modules/crm/sources')
@CompanyResources({ sourceId: CrmSourceEntity })
export class SourcesController extends RecordRoutes({
  service: SourcesService,
  param: 'sourceId',
  permission: 'crm.sources',
  answer: SourceDto,
  list: { key: 'sources', query: ListSourcesQueryDto, summary: "The company's client sources, newest first" },
  create: { body: CreateSourceDto, summary: 'Create a client source' },
  get: { summary: 'One client source' },
  update: {
    body: UpdateSourceDto,
    summary: 'Change a source; only the fields sent change, null clears an optional one. The system source: 409',
    errors: { conflict: 'the system source cannot be changed' },
  },
  transitions: {
    activate: { status: 'active', summary: 'Make the source active (no change if it already is)' },
    deactivate: {
      status: 'inactive',
      summary: 'Make the source inactive (no change if it already is); its clients keep it. The system source: 409',
      errors: { conflict: 'the system source cannot be changed' },
    },
  },
}) {}
