import { Body, Controller, Get, HttpStatus, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CompanyAccess, CurrentCompany } from '../../../../../core/access/company-access';
import { CompanyResources } from '../../../../../core/access/company-route.decorators';
import { CreateSourceDto, ListSourcesQueryDto, SourceDto, UpdateSourceDto } from './dto/source.dto';
import { SourcesService } from './sources.service';
import { CrmSourceEntity } from './source.entity';
import { Endpoint } from '../../../../../core/openapi/endpoint.decorator';
import { StatusRoutes } from '../../../../../core/http/status-routes';

@ApiTags('CRM')
@Controller('companies/:id/modules/crm/sources')
@CompanyResources({ sourceId: CrmSourceEntity })
export class SourcesController extends StatusRoutes({
  param: 'sourceId',
  permission: 'crm.sources.update',
  answer: SourceDto,
  routes: {
    activate: { status: 'active', summary: 'Make the source active (no change if it already is)' },
    deactivate: {
      status: 'inactive',
      summary: 'Make the source inactive (no change if it already is); its clients keep it. The system source: 409',
      errors: { conflict: 'the system source cannot be changed' },
    },
  },
}) {
  constructor(private readonly sources: SourcesService) {
    super();
  }

  /** The company's client sources, newest first */
  @Get()
  @Endpoint({ permission: 'crm.sources', page: ['sources', SourceDto] })
  list(@CurrentCompany() company: CompanyAccess, @Query() query: ListSourcesQueryDto) {
    return this.sources.list(company, query);
  }

  /** Create a client source */
  @Post()
  @Endpoint({ permission: 'crm.sources.create', answer: SourceDto, status: HttpStatus.CREATED })
  create(@CurrentCompany() company: CompanyAccess, @Body() body: CreateSourceDto) {
    return this.sources.create(company, body);
  }

  /** One client source */
  @Get(':sourceId')
  @Endpoint({ permission: 'crm.sources', answer: SourceDto })
  get(@CurrentCompany() company: CompanyAccess, @Param('sourceId') id: string) {
    return this.sources.get(company, id);
  }

  /** Change a source; only the fields sent change, null clears an optional one. The system source: 409 */
  @Patch(':sourceId')
  @Endpoint({
    permission: 'crm.sources.update',
    answer: SourceDto,
    errors: { conflict: 'the system source cannot be changed' },
  })
  update(@CurrentCompany() company: CompanyAccess, @Param('sourceId') id: string, @Body() body: UpdateSourceDto) {
    return this.sources.update(company, id, body);
  }

  setStatus(company: CompanyAccess, id: string, status: Parameters<SourcesService['setStatus']>[2]) {
    return this.sources.setStatus(company, id, status);
  }
}
