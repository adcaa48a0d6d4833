import { Body, Controller, Get, HttpCode, HttpStatus, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CompanyAccess, CurrentCompany } from '../../../core/access/company-access';
import { CompanyResources, RequirePermission } from '../../../core/access/company-route.decorators';
import { ApiEnvelope, ApiPage } from '../../../core/openapi/api-envelope.decorator';
import { CreateSourceDto, ListSourcesQueryDto, SourceDto, UpdateSourceDto } from './dto/source.dto';
import { SourcesService } from './sources.service';
import { CrmSourceEntity } from './source.entity';
import { ApiErrors } from '../../../core/openapi/api-errors.decorator';

@ApiTags('CRM')
@Controller('companies/:id/modules/crm/sources')
@CompanyResources({ sourceId: CrmSourceEntity })
export class SourcesController {
  constructor(private readonly sources: SourcesService) {}

  @Get()
  @RequirePermission('crm.sources')
  @ApiOperation({ summary: "The company's client sources, newest first" })
  @ApiPage('sources', SourceDto)
  list(@CurrentCompany() company: CompanyAccess, @Query() query: ListSourcesQueryDto) {
    return this.sources.list(company, query);
  }

  @Post()
  @RequirePermission('crm.sources.create')
  @ApiOperation({ summary: 'Create a client source' })
  @ApiEnvelope(SourceDto, { status: HttpStatus.CREATED })
  create(@CurrentCompany() company: CompanyAccess, @Body() body: CreateSourceDto) {
    return this.sources.create(company, body);
  }

  @Get(':sourceId')
  @RequirePermission('crm.sources')
  @ApiOperation({ summary: 'One client source' })
  @ApiEnvelope(SourceDto)
  get(@CurrentCompany() company: CompanyAccess, @Param('sourceId') id: string) {
    return this.sources.get(company, id);
  }

  @Patch(':sourceId')
  @RequirePermission('crm.sources.update')
  @ApiOperation({
    summary: 'Change a source; only the fields sent change, null clears an optional one. The system source: 409',
  })
  @ApiEnvelope(SourceDto)
  @ApiErrors({ conflict: 'the system source cannot be changed' })
  update(@CurrentCompany() company: CompanyAccess, @Param('sourceId') id: string, @Body() body: UpdateSourceDto) {
    return this.sources.update(company, id, body);
  }

  @Post(':sourceId/activate')
  @HttpCode(HttpStatus.OK)
  @RequirePermission('crm.sources.update')
  @ApiOperation({ summary: 'Make the source active (no change if it already is)' })
  @ApiEnvelope(SourceDto)
  activate(@CurrentCompany() company: CompanyAccess, @Param('sourceId') id: string) {
    return this.sources.setStatus(company, id, 'active');
  }

  @Post(':sourceId/deactivate')
  @HttpCode(HttpStatus.OK)
  @RequirePermission('crm.sources.update')
  @ApiOperation({
    summary: 'Make the source inactive (no change if it already is); its clients keep it. The system source: 409',
  })
  @ApiEnvelope(SourceDto)
  @ApiErrors({ conflict: 'the system source cannot be changed' })
  deactivate(@CurrentCompany() company: CompanyAccess, @Param('sourceId') id: string) {
    return this.sources.setStatus(company, id, 'inactive');
  }
}
